/**
 * Tombstones: every delete (API, superuser, hooks and relation cascades, which call the same
 * model hooks) writes {recordCollection, recordId, owner} in the same transaction, so offline
 * clients learn about deletions on their next delta pull. `owner` is the owning user for the
 * owner-private collections and '' for public ones (see the tombstones API rules).
 */
onRecordDelete(
  (e) => {
    const { writeTombstone } = require(`${__hooks}/lib/tombstones.js`);
    const { inTransaction } = require(`${__hooks}/lib/records.js`);
    inTransaction(e, (txApp) => writeTombstone(txApp, e.record));
  },
  // the list lives in lib/tombstones.js so the hook and writeTombstone agree
  ...require(`${__hooks}/lib/tombstones.js`).TOMBSTONED,
);
