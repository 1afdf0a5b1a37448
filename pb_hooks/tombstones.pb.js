/// <reference path="../pb_data/types.d.ts" />
/**
 * Tombstones: every delete (API, superuser, hooks and relation cascades, which call the same
 * model hooks) writes {recordCollection, recordId, owner} in the same transaction, so offline
 * clients learn about deletions on their next delta pull. `owner` is the owning user for the
 * owner-private collections and '' for public ones (see the tombstones API rules).
 */
onRecordDelete(
  (e) => {
    const lib = require(`${__hooks}/lib/common.js`);
    lib.inTransaction(e, (txApp) => lib.writeTombstone(txApp, e.record));
  },
  // the list lives in lib/common.js so the hook and writeTombstone agree
  ...require(`${__hooks}/lib/common.js`).TOMBSTONED,
);
