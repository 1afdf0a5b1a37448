/// <reference path="../pb_data/types.d.ts" />
/**
 * Back-reference lists kept by hooks (clients never write them):
 *   photoCards.exchangeList, users.exchangeStatus  <- exchangeList create/delete
 *   users.collectBook                              <- collectBook create/delete
 *   meetUps.comments                               <- comments create/delete
 *   groups.photoCards                              <- photoCards create/delete (and group change)
 * Each runs in the same transaction as the insert/delete.
 */
onRecordCreate((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) => {
    const id = e.record.id;
    lib.setMembership(
      txApp,
      'photoCards',
      e.record.getString('photoCard'),
      'exchangeList',
      id,
      true,
    );
    lib.setMembership(txApp, 'users', e.record.getString('writer'), 'exchangeStatus', id, true);
  });
}, 'exchangeList');

onRecordDelete((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) => {
    const id = e.record.id;
    lib.setMembership(
      txApp,
      'photoCards',
      e.record.getString('photoCard'),
      'exchangeList',
      id,
      false,
    );
    lib.setMembership(txApp, 'users', e.record.getString('writer'), 'exchangeStatus', id, false);
  });
}, 'exchangeList');

onRecordCreate((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) =>
    lib.setMembership(
      txApp,
      'users',
      e.record.getString('users'),
      'collectBook',
      e.record.id,
      true,
    ),
  );
}, 'collectBook');

onRecordDelete((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) =>
    lib.setMembership(
      txApp,
      'users',
      e.record.getString('users'),
      'collectBook',
      e.record.id,
      false,
    ),
  );
}, 'collectBook');

onRecordCreate((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) =>
    lib.setMembership(
      txApp,
      'meetUps',
      e.record.getString('meetUp'),
      'comments',
      e.record.id,
      true,
    ),
  );
}, 'comments');

onRecordDelete((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) =>
    lib.setMembership(
      txApp,
      'meetUps',
      e.record.getString('meetUp'),
      'comments',
      e.record.id,
      false,
    ),
  );
}, 'comments');

onRecordCreate((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) =>
    lib.setMembership(
      txApp,
      'groups',
      e.record.getString('group'),
      'photoCards',
      e.record.id,
      true,
    ),
  );
}, 'photoCards');

onRecordUpdate((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  const before = e.record.original().getString('group');
  const after = e.record.getString('group');
  if (before === after) return e.next();
  lib.inTransaction(e, (txApp) => {
    lib.setMembership(txApp, 'groups', before, 'photoCards', e.record.id, false);
    lib.setMembership(txApp, 'groups', after, 'photoCards', e.record.id, true);
  });
}, 'photoCards');

onRecordDelete((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  lib.inTransaction(e, (txApp) =>
    lib.setMembership(
      txApp,
      'groups',
      e.record.getString('group'),
      'photoCards',
      e.record.id,
      false,
    ),
  );
}, 'photoCards');
