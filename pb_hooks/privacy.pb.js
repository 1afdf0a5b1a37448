/**
 * Privacy of user profiles. Profiles are public (nickname, avatar, bias...), but:
 *  - email: PocketBase hides it unless emailVisibility is true (never, see guards.pb.js) and adds
 *    `emailVisibility = true` to any filter on it, so other users' emails can't be read or
 *    probed by filters. Sorting by email would still reveal the order, so it is refused here.
 *  - name (the real name), phoneNumber, birth and collectBook (the ids of the fan's books, public
 *    ones included, which are opened by their link and never listed) are `hidden` fields (PocketBase keeps them out of every response,
 *    expand and realtime message, and refuses them in filters and sorts, for everyone but
 *    superusers): other fans see the nickname only. The hooks below show them to the user themself
 *    (and the name to admins): login/refresh, their own
 *    record in views, lists, and create/update responses; those answers also carry `likeList`
 *    (which cards they liked), read from their likes (lib/like-list.js), never stored.
 *
 * Everything here runs once per request (not per record): a per-record onRecordEnrich hook
 * costs a JS call for every user in a list.
 */

onRecordsListRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const sort = String(e.requestInfo().query['sort'] || '');
    if (sort.indexOf('email') >= 0 && /(^|[^\w])email($|[^\w])/.test(sort)) {
      throw new BadRequestError('Sorting by email is not allowed.');
    }
  }
  if (e.auth && e.collection.name === 'users') {
    const lib = require(`${__hooks}/lib/like-list.js`);
    const records = e.records;
    for (let i = 0; i < records.length; i++) {
      if (records[i].id === e.auth.id) lib.showToOwner(e.app, records[i]);
      else lib.showToAdmin(e.auth, records[i]);
    }
  }
  e.next();
});

onRecordViewRequest((e) => {
  if (e.auth && e.auth.id === e.record.id) {
    require(`${__hooks}/lib/like-list.js`).showToOwner(e.app, e.record);
  } else {
    require(`${__hooks}/lib/like-list.js`).showToAdmin(e.auth, e.record);
  }
  e.next();
}, 'users');

onRecordAuthRequest((e) => {
  require(`${__hooks}/lib/like-list.js`).showToOwner(e.app, e.record);
  e.next();
}, 'users');

// create (sign-up) and update responses go back to the user who sent the values (the like list
// is custom data: shown, never saved)
onRecordCreateRequest((e) => {
  e.record.unhide('name', 'phoneNumber', 'birth', 'collectBook');
  e.record.withCustomData(true);
  e.record.set('likeList', []);
  e.next();
}, 'users');

onRecordUpdateRequest((e) => {
  if (e.auth && e.auth.id === e.record.id) {
    require(`${__hooks}/lib/like-list.js`).showToOwner(e.app, e.record);
  }
  e.next();
}, 'users');
