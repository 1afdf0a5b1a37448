// Flat config. Zero warnings is the gate (npm run lint uses --max-warnings 0).
// One-way imports (STYLE.md): lib/i18n -> data -> components -> features -> routes/app.
// A lower layer never imports a higher one; sw/ reaches only src/data and src/lib.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (...names) =>
  names.flatMap((n) => [`@/${n}`, `@/${n}/**`, `**/src/${n}/**`, `../${n}/**`, `../../${n}/**`]);

// app/store.ts is the one module that imports jotai; features and components may read the app's
// atoms through it, so it is the single exception to "nothing imports app/".
const STORE = ['!@/app/store', '!@/app/store.ts', '!**/app/store', '!**/app/store.ts'];

const JOTAI = { name: 'jotai', message: 'import atoms and hooks from app/store.ts' };

const restrict = (names, message, allowStore = false) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [JOTAI],
      patterns: [{ group: [...layer(...names), ...(allowStore ? STORE : [])], message }],
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dev-dist',
      'node_modules',
      'pb_data',
      '.data',
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
    },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [JOTAI] }],
    },
  },
  {
    files: ['src/app/store.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/lib/**', 'src/i18n/**'],
    rules: restrict(
      ['data', 'components', 'features', 'routes', 'app'],
      'lib and i18n are the bottom layer',
    ),
  },
  {
    files: ['src/data/**'],
    rules: restrict(
      ['components', 'features', 'routes', 'app'],
      'data/ has no React and knows no UI',
    ),
  },
  {
    files: ['src/components/**'],
    rules: restrict(['features', 'routes', 'app'], 'shared components do not know features', true),
  },
  {
    files: ['src/features/**'],
    rules: restrict(['routes', 'app'], 'features do not import routes or the app shell', true),
  },
  {
    files: ['sw/**'],
    rules: restrict(
      ['components', 'features', 'routes', 'app'],
      'the service worker reuses only src/data and src/lib',
    ),
  },
);
