// Flat config. Zero warnings is the gate (npm run lint uses --max-warnings 0).
// Layers (docs/architecture.md): lib -> data -> state -> components -> features -> app (with routes). A layer imports
// only the layers below it; a feature never imports another feature (what two features share moves
// down a layer); sw/ reaches only src/data and src/lib. eslint-plugin-boundaries checks every import
// by where its file lives, at any depth; tests/unit/lint-boundaries.test.ts proves it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

const JOTAI = { name: 'jotai', message: 'import atoms and hooks from state/store.ts' };

/** One import style: `@/…` for anything outside the file's own folder, `./x` for a sibling. */
const IMPORTS = {
  'no-restricted-imports': [
    'error',
    {
      paths: [JOTAI],
      patterns: [
        { group: ['../*', '../**', './*/**'], message: 'import from "@/…" (one import style)' },
      ],
    },
  ],
};

const allow = (from, ...to) => ({
  from: { element: { type: from } },
  allow: { to: { element: { types: { anyOf: to } } } },
});

export const layers = {
  plugins: { boundaries },
  settings: {
    'import/resolver': {
      typescript: {
        project: ['tsconfig.app.json', 'tsconfig.node.json'],
        noWarnOnMultipleProjects: true,
      },
    },
    'boundaries/elements': [
      { type: 'lib', pattern: ['src/lib', 'src/i18n'], partialMatch: false },
      { type: 'data', pattern: 'src/data', partialMatch: false },
      // the app-wide atoms (the one module that imports jotai)
      { type: 'state', pattern: 'src/state', partialMatch: false },
      { type: 'components', pattern: 'src/components', partialMatch: false },
      {
        type: 'feature',
        pattern: 'src/features/*',
        capture: ['name'],
        partialMatch: false,
      },
      // the app shell, the routes and the two entries (src/main.tsx, src/entry-server.tsx)
      { type: 'app', pattern: 'src', partialMatch: false },
      { type: 'sw', pattern: 'sw', partialMatch: false },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        message:
          '{{ from.element.types.[0] }} may not import {{ to.element.types.[0] }} (layers: docs/architecture.md)',
        policies: [
          allow('lib', 'lib'),
          allow('data', 'lib', 'data'),
          allow('state', 'lib', 'data', 'state'),
          allow('components', 'lib', 'data', 'state', 'components'),
          {
            from: { element: { type: 'feature' } },
            allow: {
              to: [
                { element: { types: { anyOf: ['lib', 'data', 'state', 'components'] } } },
                {
                  element: {
                    type: 'feature',
                    captured: { name: '{{ from.element.captured.name }}' },
                  },
                },
              ],
            },
          },
          allow('app', 'lib', 'data', 'state', 'components', 'feature', 'app'),
          allow('sw', 'lib', 'data', 'sw'),
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dev-dist',
      'node_modules',
      'pb_data',
      '.data',
      // the benchmarks' generated data dirs (bench/catalogue: hundreds of thousands of folders)
      'bench/.data',
      'coverage',
      'pb_migrations',
      'pb_hooks',
      'public',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...IMPORTS,
    },
  },
  { files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'], ...layers },
  {
    files: ['src/state/store.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
