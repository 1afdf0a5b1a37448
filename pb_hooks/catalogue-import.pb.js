/**
 * The bulk catalogue import's routes (lib/catalogue-import.js; docs/operators.md, Bulk import):
 *
 *  - POST /api/pocamarket/admin/catalogue-import: the console's, for an admin (`users.role =
 *    "admin"`) or a superuser; multipart with the CSV (at most 500 rows, 1 MB), its images and
 *    `dryRun`, at most 100 MB in all. Answers the report; an admin's import writes one audit entry.
 *  - POST /api/pocamarket/catalogue-import/check, .../rows and .../done: the command line's
 *    (`npm run catalogue:import`, server/catalogue-import/), superusers only: which rows are
 *    unchanged, a chunk of rows with their images (within PocketBase's default 32 MB body), and
 *    the run's summary for the audit log.
 *
 * Rate limits: pb_migrations/1765100000_catalogue_keys.js.
 */

routerAdd(
  'POST',
  '/api/pocamarket/admin/catalogue-import',
  (e) => e.json(200, require(`${__hooks}/lib/catalogue-import.js`).adminImport(e)),
  $apis.bodyLimit(require(`${__hooks}/lib/catalogue-import.js`).ADMIN_MAX_BODY),
);

routerAdd(
  'POST',
  '/api/pocamarket/catalogue-import/check',
  (e) => e.json(200, require(`${__hooks}/lib/catalogue-import.js`).checkKeys(e)),
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/pocamarket/catalogue-import/rows',
  (e) => e.json(200, require(`${__hooks}/lib/catalogue-import.js`).importChunk(e)),
  $apis.requireSuperuserAuth(),
);

routerAdd(
  'POST',
  '/api/pocamarket/catalogue-import/done',
  (e) => e.json(200, require(`${__hooks}/lib/catalogue-import.js`).importDone(e)),
  $apis.requireSuperuserAuth(),
);
