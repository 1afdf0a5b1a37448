/// <reference path="../pb_data/types.d.ts" />
/**
 * Back-reference lists kept by hooks (clients never write them), listed in
 * lib/back-references.js:
 *   photoCards.exchangeList, users.exchangeStatus  <- exchangeList create/delete
 *   users.collectBook                              <- collectBook create/delete
 *   meetUps.comments                               <- comments create/delete
 *   groups.photoCards                              <- photoCards create/delete (and group change)
 * Each runs in the same transaction as the insert, update or delete.
 */
onRecordCreate(
  (e) => {
    const { syncBackReferences } = require(`${__hooks}/lib/back-references.js`);
    const { inTransaction } = require(`${__hooks}/lib/records.js`);
    inTransaction(e, (txApp) => syncBackReferences(txApp, e.record, true));
  },
  'exchangeList',
  'collectBook',
  'comments',
  'photoCards',
);

onRecordDelete(
  (e) => {
    const { syncBackReferences } = require(`${__hooks}/lib/back-references.js`);
    const { inTransaction } = require(`${__hooks}/lib/records.js`);
    inTransaction(e, (txApp) => syncBackReferences(txApp, e.record, false));
  },
  'exchangeList',
  'collectBook',
  'comments',
  'photoCards',
);

// Ownership fields are immutable for clients (guards.pb.js); a superuser may still move a card
// to another group.
onRecordUpdate((e) => {
  const { moveBackReferences } = require(`${__hooks}/lib/back-references.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  // Before the save, while original() still holds the old group; a failed save rolls it back.
  inTransaction(e, null, (txApp) => moveBackReferences(txApp, e.record));
}, 'photoCards');
