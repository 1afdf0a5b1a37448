/**
 * Back-reference lists kept by hooks (clients never write them), listed in
 * lib/back-references.js:
 *   photoCards.exchangeList, users.exchangeStatus  <- exchangeList create/delete
 *   users.collectBook                              <- collectBook create/delete
 *   meetUps.comments                               <- comments create/delete
 * (A group's card count is kept by SQLite triggers: pb_migrations/1764900000_group_card_count.js.)
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
);
