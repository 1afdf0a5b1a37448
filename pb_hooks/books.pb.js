/**
 * Collect books (rules in lib/books.js; docs/data-model.md, Hooks). Requests of superusers skip
 * the checks.
 *
 *  - create: the cover is one of the book's cards; at most 100 books per fan (counted inside the
 *    create's transaction).
 *  - update: a new cover is one of the book's cards; a cover whose card left the book is cleared.
 *  - GET /api/pocamarket/books/{id}: the public book page's read (자랑하기).
 *
 * This file loads before guards.pb.js (file order), so a replayed create (an id taken or
 * deleted) is passed on unchecked and the guard answers it "already exists", which the outbox
 * takes as done (docs/sync.md).
 */

onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  if (require(`${__hooks}/lib/tombstones.js`).idTaken(e.app, 'collectBook', e.record.id)) {
    return e.next();
  }
  const lib = require(`${__hooks}/lib/books.js`);
  lib.checkCover(e.record);
  inTransaction(e, null, (txApp) => lib.checkRoom(txApp, e.record));
}, 'collectBook');

onRecordUpdateRequest((e) => {
  if (e.hasSuperuserAuth()) return e.next();
  require(`${__hooks}/lib/books.js`).fixCover(e.record);
  e.next();
}, 'collectBook');

routerAdd('GET', '/api/pocamarket/books/{id}', (e) => {
  const lib = require(`${__hooks}/lib/books.js`);
  return e.json(200, lib.publicBook(e, e.request.pathValue('id')));
});
