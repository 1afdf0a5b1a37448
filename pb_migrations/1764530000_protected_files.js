/**
 * Files of records not everyone may read, and reports their authors may delete (docs/files.md):
 *
 * - informUs.phocaImg / meetUpImg and collectBook.thumbNail become protected file fields: the
 *   file is served only with a file token (`POST /api/files/token`, `?token=`) of a user the
 *   record's view rule lets through (the report's author or an admin; the book's owner). Until
 *   now anyone with the URL got them. Public catalogue images (groups, photoCards, meetUps) and
 *   avatars stay public.
 * - informUs.deleteRule: the author or an admin (role admin) may delete a report (PocketBase
 *   deletes its files with it; pb_hooks/reports.pb.js checks the same on the server).
 * - uploadLog: one row per file a user uploaded, for the daily quotas of pb_hooks/lib/uploads.js.
 *   Superusers only (every rule null): the hooks write it, nobody reads it through the API.
 */
const PROTECTED = [
  ['informUs', 'phocaImg'],
  ['informUs', 'meetUpImg'],
  ['collectBook', 'thumbNail'],
];

const REPORT_DELETE_RULE =
  '@request.auth.id != "" && (user = @request.auth.id || @request.auth.role = "admin")';

migrate(
  (app) => {
    for (const [collection, field] of PROTECTED) {
      const c = app.findCollectionByNameOrId(collection);
      c.fields.getByName(field).protected = true;
      app.save(c);
    }

    const reports = app.findCollectionByNameOrId('informUs');
    reports.deleteRule = REPORT_DELETE_RULE;
    app.save(reports);

    const users = app.findCollectionByNameOrId('users');
    const log = new Collection({
      type: 'base',
      name: 'uploadLog',
      listRule: null,
      viewRule: null,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: /** @type {any} */ ([
        {
          type: 'relation',
          name: 'user',
          collectionId: users.id,
          maxSelect: 1,
          required: true,
          // an account deleted takes its log with it
          cascadeDelete: true,
        },
        // the collection the file went to (the quota's kind)
        { type: 'text', name: 'bucket', required: true, max: 100 },
        { type: 'text', name: 'record', max: 100 },
        { type: 'text', name: 'field', max: 100 },
        { type: 'number', name: 'size', onlyInt: true, min: 0 },
        { type: 'autodate', name: 'created', onCreate: true, onUpdate: false },
      ]),
      indexes: /** @type {any} */ ([
        'CREATE INDEX `idx_uploadLog_user_bucket_created` ON `uploadLog` (`user`, `bucket`, `created`)',
        'CREATE INDEX `idx_uploadLog_user_created` ON `uploadLog` (`user`, `created`)',
      ]),
    });
    app.save(log);
  },
  (app) => {
    for (const [collection, field] of PROTECTED) {
      const c = app.findCollectionByNameOrId(collection);
      c.fields.getByName(field).protected = false;
      app.save(c);
    }
    const reports = app.findCollectionByNameOrId('informUs');
    reports.deleteRule = null;
    app.save(reports);
    app.delete(app.findCollectionByNameOrId('uploadLog'));
  },
);
