// Flat config. Zero warnings is the gate (npm run lint uses --max-warnings 0).
// Layers (docs/architecture.md): lib -> data (the engine) -> state -> live -> domains -> components ->
// features -> app (with routes). A layer imports only the layers below it; a feature never imports
// another feature (what two features share moves down a layer). The engine imports no domain: only
// the tables the domains build (src/domains/tables). sw/
// reaches src/lib, src/data and the domains. eslint-plugin-boundaries checks every import
// by where its file lives, at any depth; tests/unit/lint-boundaries.test.ts proves it.
// pb_hooks/ and pb_migrations/ run in PocketBase's JS VM (goja): its globals, CommonJS, and the same
// unused-vars rule; tests/unit/pb-checks.test.ts proves they are linted.
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
      // the live reads' React side (useRead, the server render's context, the sync hooks)
      { type: 'live', pattern: 'src/live', partialMatch: false },
      // the tables the engine reads, built from every domain's exports
      {
        type: 'tables',
        pattern: 'src/domains/tables',
        partialMatch: false,
      },
      // one folder per domain: its kinds, writes, reads, read hooks (docs/architecture.md, Domains)
      { type: 'domain', pattern: 'src/domains/*', capture: ['name'], partialMatch: false },
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
          allow('data', 'lib', 'data', 'tables'),
          allow('state', 'lib', 'data', 'state'),
          allow('live', 'lib', 'data', 'state', 'live', 'tables'),
          allow('tables', 'lib', 'data', 'domain', 'tables'),
          allow('domain', 'lib', 'data', 'state', 'live', 'domain'),
          allow('components', 'lib', 'data', 'state', 'live', 'tables', 'domain', 'components'),
          {
            from: { element: { type: 'feature' } },
            allow: {
              to: [
                {
                  element: {
                    types: {
                      anyOf: ['lib', 'data', 'state', 'live', 'tables', 'domain', 'components'],
                    },
                  },
                },
                {
                  element: {
                    type: 'feature',
                    captured: { name: '{{ from.element.captured.name }}' },
                  },
                },
              ],
            },
          },
          allow(
            'app',
            'lib',
            'data',
            'state',
            'live',
            'tables',
            'domain',
            'components',
            'feature',
            'app',
          ),
          allow('sw', 'lib', 'data', 'tables', 'domain', 'sw'),
        ],
      },
    ],
  },
};

/** The names in a space-separated list. */
const words = (list) => list.trim().split(/\s+/);

/**
 * The globals PocketBase gives its JS hooks and migrations: every name its declarations
 * (node_modules/.pb-types/types.d.ts, from server/build/pb-types.ts) give a value;
 * tests/unit/pb-checks.test.ts keeps the list equal to them.
 */
const POCKETBASE_GLOBALS = Object.fromEntries(
  [
    ...words(`
      $apis $app $dbx $filepath $filesystem $http $mails $os $security $template __hooks
      arrayOf cronAdd cronRemove migrate nullArray nullBool nullFloat nullInt nullObject nullString
      readerToString routerAdd routerUse sleep toBytes toString unmarshal
      ApiError AppleClientSecretCreateForm AutodateField BadRequestError BoolField Collection
      Command Context Cookie DateField DateTime DynamicModel EditorField EmailField Field
      FieldsList FileField ForbiddenError GeoPointField InternalServerError JSONField
      MailerMessage Middleware NotFoundError NumberField PasswordField Record RecordUpsertForm
      RelationField RequestInfo SelectField SubscriptionMessage TestEmailSendForm
      TestS3FilesystemForm TextField Timezone TooManyRequestsError URLField UnauthorizedError
      ValidationError
    `),
    // the app hooks, onBootstrap to onTerminate
    ...words(`
      BackupCreate BackupRestore BatchRequest Bootstrap BootstrapClear
      CollectionAfterCreateError CollectionAfterCreateSuccess CollectionAfterDeleteError
      CollectionAfterDeleteSuccess CollectionAfterUpdateError CollectionAfterUpdateSuccess
      CollectionCreate CollectionCreateExecute CollectionCreateRequest CollectionDelete
      CollectionDeleteExecute CollectionDeleteRequest CollectionUpdate CollectionUpdateExecute
      CollectionUpdateRequest CollectionValidate CollectionViewRequest CollectionsImportRequest
      CollectionsListRequest FileDownloadRequest FileTokenRequest MailerRecordAuthAlertSend
      MailerRecordEmailChangeSend MailerRecordOTPSend MailerRecordPasswordResetSend
      MailerRecordVerificationSend MailerSend ModelAfterCreateError ModelAfterCreateSuccess
      ModelAfterDeleteError ModelAfterDeleteSuccess ModelAfterUpdateError ModelAfterUpdateSuccess
      ModelCreate ModelCreateExecute ModelDelete ModelDeleteExecute ModelUpdate ModelUpdateExecute
      ModelValidate RealtimeConnectRequest RealtimeMessageSend RealtimeSubscribeRequest
      RecordAfterCreateError RecordAfterCreateSuccess RecordAfterDeleteError
      RecordAfterDeleteSuccess RecordAfterUpdateError RecordAfterUpdateSuccess
      RecordAuthRefreshRequest RecordAuthRequest RecordAuthWithOAuth2Request
      RecordAuthWithOTPRequest RecordAuthWithPasswordRequest RecordConfirmEmailChangeRequest
      RecordConfirmPasswordResetRequest RecordConfirmVerificationRequest RecordCreate
      RecordCreateExecute RecordCreateRequest RecordDelete RecordDeleteExecute
      RecordDeleteRequest RecordEnrich RecordRequestEmailChangeRequest RecordRequestOTPRequest
      RecordRequestPasswordResetRequest RecordRequestVerificationRequest RecordUpdate
      RecordUpdateExecute RecordUpdateRequest RecordValidate RecordViewRequest
      RecordsListRequest SettingsListRequest SettingsReload SettingsUpdateRequest Terminate
    `).map((hook) => `on${hook}`),
  ].map((name) => [name, 'readonly']),
);

/** What goja itself gives them: CommonJS modules and a console. */
const GOJA_GLOBALS = {
  require: 'readonly',
  module: 'readonly',
  exports: 'writable',
  console: 'readonly',
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
      // generated from es-hangul (server/build/vendor-hangul.ts)
      'pb_hooks/lib/vendor',
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
  // Waits in tests are bounded by the test, not by vitest's 1 s default (tests/helpers/wait.ts)
  {
    files: ['tests/**/*.{ts,tsx}'],
    ignores: ['tests/helpers/wait.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='vi'][property.name='waitFor']",
          message: 'wait with waitFor from tests/helpers/wait.ts (no 1 s default bound)',
        },
      ],
    },
  },
  // The server's JavaScript: PocketBase's hooks and migrations, CommonJS scripts in its goja VM
  {
    files: ['pb_hooks/**/*.js', 'pb_migrations/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { ...GOJA_GLOBALS, ...POCKETBASE_GLOBALS },
    },
    // goja loads modules with require() only
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
