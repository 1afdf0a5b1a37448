// Flat config. Zero warnings is the gate (npm run lint uses --max-warnings 0).
// One-way imports (STYLE.md): lib/i18n -> data -> components -> features -> routes/app.
// A lower layer never imports a higher one; sw/ reaches only src/data and src/lib.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layer = (...names) =>
  names.flatMap((n) => [`@/${n}`, `@/${n}/**`, `**/src/${n}/**`, `../${n}/**`, `../../${n}/**`]);

const restrict = (names, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: layer(...names), message }] }],
});

export default tseslint.config(
  {
    ignores: ['dist', 'dev-dist', 'node_modules', 'pb_data', '.data', 'coverage', 'pb_migrations', 'pb_hooks', 'public'],
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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/lib/**', 'src/i18n/**'], rules: restrict(['data', 'components', 'features', 'routes', 'app'], 'lib and i18n are the bottom layer') },
  { files: ['src/data/**'], rules: restrict(['components', 'features', 'routes', 'app'], 'data/ has no React and knows no UI') },
  { files: ['src/components/**'], rules: restrict(['features', 'routes', 'app'], 'shared components do not know features') },
  { files: ['src/features/**'], rules: restrict(['routes', 'app'], 'features do not import routes or the app shell') },
  { files: ['sw/**'], rules: restrict(['components', 'features', 'routes', 'app'], 'the service worker reuses only src/data and src/lib') },
);
