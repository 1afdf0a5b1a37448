/// <reference path="../pb_data/types.d.ts" />
/**
 * Back-reference lists kept by hooks (clients never write them), listed in lib/common.js
 * BACK_REFERENCES:
 *   photoCards.exchangeList, users.exchangeStatus  <- exchangeList create/delete
 *   users.collectBook                              <- collectBook create/delete
 *   meetUps.comments                               <- comments create/delete
 *   groups.photoCards                              <- photoCards create/delete (and group change)
 * Each runs in the same transaction as the insert, update or delete.
 */
onRecordCreate(
  (e) => {
    const lib = require(`${__hooks}/lib/common.js`);
    lib.inTransaction(e, (txApp) => lib.syncBackReferences(txApp, e.record, true));
  },
  'exchangeList',
  'collectBook',
  'comments',
  'photoCards',
);

onRecordDelete(
  (e) => {
    const lib = require(`${__hooks}/lib/common.js`);
    lib.inTransaction(e, (txApp) => lib.syncBackReferences(txApp, e.record, false));
  },
  'exchangeList',
  'collectBook',
  'comments',
  'photoCards',
);

// Ownership fields are immutable for clients (guards.pb.js); a superuser may still move a card
// to another group.
onRecordUpdate((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  // Before the save, while original() still holds the old group; a failed save rolls it back.
  lib.inTransaction(e, null, (txApp) => lib.moveBackReferences(txApp, e.record));
}, 'photoCards');
