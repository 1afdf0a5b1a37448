/// <reference path="../pb_data/types.d.ts" />
/**
 * Request guards: what API rules alone cannot express. Superusers (and hooks, which don't go
 * through requests) are exempt. All failures are 400 with a message for the user.
 *
 *  - users: role, likeList, collectBook, exchangeStatus, verified, emailVisibility can't be set
 *    on sign-up nor changed later (also not through `field+`/`field-` modifiers, which are
 *    resolved before these hooks run); reserved names and nicknames (관리자, admin and their
 *    look-alikes, lib/reserved-names.js) are refused.
 *  - owner/reference fields (writer, photoCard, name, meetUp, users, user) never change.
 *  - notifications: only `read` may change.
 *  - comments, collect-book titles and profile edits follow the client's rules (a blank or
 *    over-long comment or title, zero-width characters counting as blank; a blank name, an
 *    invalid nickname, phone number or birth date), with the client's Korean messages.
 *  - hook-kept fields are re-read inside the write transaction on every request update, so a
 *    profile edit cannot overwrite a concurrent like with a stale likeList.
 */

/**
 * Replayed creates: the offline outbox sends client-generated ids, and a create whose id is
 * taken must answer 400 `data.id.code = "validation_not_unique"` in every collection, even
 * where another unique index (likes pair, email, endpoint...) would otherwise fail first.
 * An id that was used and then deleted (it has a tombstone) counts as taken too: a replay that
 * arrives after the record was deleted elsewhere must not bring it back.
 */
onRecordCreateRequest(
  (e) => {
    const lib = require(`${__hooks}/lib/common.js`);
    const id = e.record.id;
    if (
      id &&
      (lib.findRecord(e.app, e.collection.name, id) || lib.wasDeleted(e.app, e.collection.name, id))
    ) {
      throw lib.badRequest(
        'Failed to create record.',
        ['id'],
        'validation_not_unique',
        'Value must be unique.',
      );
    }
    e.next();
  },
  // every app collection: the tombstoned ones plus tombstones themselves
  ...require(`${__hooks}/lib/common.js`).TOMBSTONED,
  'tombstones',
);

onRecordCreateRequest((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  if (!e.hasSuperuserAuth()) {
    const r = e.record;
    const bad = [];
    const role = r.getString('role');
    if (role !== '' && role !== 'user') bad.push('role');
    for (const f of ['likeList', 'collectBook', 'exchangeStatus']) {
      if (lib.toArray(r.get(f)).length) bad.push(f);
    }
    if (r.getBool('verified')) bad.push('verified');
    if (r.getBool('emailVisibility')) bad.push('emailVisibility');
    // likeList is hidden: PocketBase drops a caller's value for it unseen, so the request is read
    if (bad.indexOf('likeList') < 0 && lib.submitsChange(e, r, 'likeList')) bad.push('likeList');
    if (bad.length) throw lib.badRequest(lib.MSG_PROTECTED, bad, 'validation_protected_field');
    if (lib.isReservedUsername(r.getString('username'))) {
      throw lib.badRequest(
        lib.reservedNames().MSG_RESERVED_USERNAME,
        ['username'],
        'validation_reserved_value',
      );
    }
    if (lib.isReservedName(r.getString('name'))) {
      throw lib.badRequest(
        lib.reservedNames().MSG_RESERVED_NAME,
        ['name'],
        'validation_reserved_value',
      );
    }
  }
  e.next();
}, 'users');

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  if (!e.hasSuperuserAuth()) {
    const bad = lib.changedFields(e.record, lib.USER_PROTECTED);
    // likeList is hidden: PocketBase drops a caller's value for it unseen, so the request is read
    if (bad.indexOf('likeList') < 0 && lib.submitsChange(e, e.record, 'likeList')) {
      bad.push('likeList');
    }
    if (bad.length) throw lib.badRequest(lib.MSG_PROTECTED, bad, 'validation_protected_field');
    lib.checkProfileEdit(e.record, lib.changedFields(e.record, ['name', 'username']));
    const username = e.record.getString('username');
    if (
      lib.isReservedUsername(username) &&
      !lib.isReservedUsername(e.record.original().getString('username'))
    ) {
      throw lib.badRequest(
        lib.reservedNames().MSG_RESERVED_USERNAME,
        ['username'],
        'validation_reserved_value',
      );
    }
    const name = e.record.getString('name');
    if (lib.isReservedName(name) && !lib.isReservedName(e.record.original().getString('name'))) {
      throw lib.badRequest(
        lib.reservedNames().MSG_RESERVED_NAME,
        ['name'],
        'validation_reserved_value',
      );
    }
  }
  e.next();
}, 'users');

// ---------------------------------------------------------------- exchange posts

onRecordCreateRequest((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  if (!e.hasSuperuserAuth()) {
    if (e.record.getString('status') !== lib.INITIAL_STATUS) {
      throw lib.badRequest(lib.MSG_POST_STATUS, ['status']);
    }
    if (e.record.getString('chatContent') !== '') {
      throw lib.badRequest(lib.MSG_PROTECTED, ['chatContent'], 'validation_protected_field');
    }
  }
  lib.checkPostDescription(e.record);
  e.next();
}, 'exchangeList');

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  // chatContent is no one's to write (as on create): nothing in the app sets it
  if (!e.hasSuperuserAuth() && lib.changedFields(e.record, ['chatContent']).length) {
    throw lib.badRequest(lib.MSG_PROTECTED, ['chatContent'], 'validation_protected_field');
  }
  if (lib.changedFields(e.record, ['description']).length) {
    lib.checkPostDescription(e.record);
  }
  e.next();
}, 'exchangeList');

// ---------------------------------------------------------------- meetup comments

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/common.js`).checkCommentText(e.record);
  e.next();
}, 'comments');

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  if (lib.changedFields(e.record, ['ment']).length) lib.checkCommentText(e.record);
  e.next();
}, 'comments');

// ---------------------------------------------------------------- collect books

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/common.js`).checkBookTitle(e.record);
  e.next();
}, 'collectBook');

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  if (lib.changedFields(e.record, ['title']).length) lib.checkBookTitle(e.record);
  e.next();
}, 'collectBook');

// ---------------------------------------------------------------- immutable owner fields

onRecordUpdateRequest(
  (e) => {
    const lib = require(`${__hooks}/lib/common.js`);
    if (!e.hasSuperuserAuth()) {
      const bad = lib.changedFields(e.record, lib.IMMUTABLE[e.collection.name] || []);
      if (bad.length) throw lib.badRequest(lib.MSG_PROTECTED, bad, 'validation_protected_field');
    }
    e.next();
  },
  'exchangeList',
  'comments',
  'collectBook',
  'likes',
  'informUs',
  'pushSubscriptions',
);

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/common.js`);
  if (!e.hasSuperuserAuth()) {
    const others = e.collection.fields
      .fieldNames()
      .filter((f) => f !== 'read' && f !== 'updated' && f !== 'created');
    const bad = lib.changedFields(e.record, others);
    if (bad.length) throw lib.badRequest(lib.MSG_PROTECTED, bad, 'validation_protected_field');
  }
  e.next();
}, 'notifications');

// ---------------------------------------------------------------- hook-kept fields

onRecordUpdateRequest(
  (e) => {
    const lib = require(`${__hooks}/lib/common.js`);
    const body = e.requestInfo().body || {};
    const superuser = e.hasSuperuserAuth();
    // a superuser may set these on purpose; everyone else can't change them (see above)
    const fields = (lib.DERIVED[e.collection.name] || []).filter(
      (f) => !superuser || body[f] === undefined,
    );
    if (!fields.length) return e.next();
    lib.inTransaction(e, null, (txApp) => {
      const fresh = lib.findRecord(txApp, e.collection.name, e.record.id);
      if (!fresh) return;
      for (const f of fields) {
        // only refresh values the request didn't change (others are rejected above)
        if (!lib.changedFields(e.record, [f]).length) e.record.set(f, fresh.get(f));
      }
    });
  },
  'users',
  'photoCards',
  'groups',
  'meetUps',
);
