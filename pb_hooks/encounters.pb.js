/**
 * 만난 팬 (`encounters`, rules in lib/encounters.js, the design in docs/encounters.md). Requests
 * of superusers skip the checks.
 *
 *  - create: not yourself; the name the fan's code showed, 1–40 characters; `metAt` no more than
 *    a day ahead; at most 200 catalogue cards a side; the note's rules; at most 2,000 per fan.
 *  - update: only the note changes, under the same rules.
 *
 * A block does not hide an encounter: proposals and messages to a blocked fan are refused by
 * their own hooks (lib/trade-common.js refuseIfBlocked).
 *
 * This file loads before guards.pb.js (file order), so a replayed create (an id taken or
 * deleted) is passed on unchecked and the guard answers it "already exists", which the outbox
 * takes as done (docs/sync.md).
 */

onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  if (require(`${__hooks}/lib/tombstones.js`).idTaken(e.app, 'encounters', e.record.id)) {
    return e.next();
  }
  const lib = require(`${__hooks}/lib/encounters.js`);
  lib.checkNew(e.app, e.record, e.auth.id);
  inTransaction(e, null, (txApp) => lib.checkRoom(txApp, e.record));
}, 'encounters');

onRecordUpdateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  require(`${__hooks}/lib/encounters.js`).checkUpdate(e.record);
  e.next();
}, 'encounters');
