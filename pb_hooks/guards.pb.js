/**
 * Request guards: what API rules alone cannot express. Superusers (and hooks, which don't go
 * through requests) are exempt. All failures are 400 with a message for the user.
 *
 *  - users: role, likeList, collectBook, exchangeStatus, tradesCompleted, verified,
 *    emailVisibility can't be set on sign-up nor changed later (also not through
 *    `field+`/`field-` modifiers, which are resolved before these hooks run); reserved names and
 *    nicknames (관리자, admin and their look-alikes, lib/reserved-names.js) are refused.
 *  - owner/reference fields (writer, photoCard, name, meetUp, users, user, the two fans of a
 *    conversation or trade) never change.
 *  - notifications: only `read` may change.
 *  - exchange posts: the terms (type, price, shipping, 반값택배 chain, 직거래 place, photos) follow
 *    the form's rules, on create and whenever an update changes one, and only the writer changes
 *    them (lib/post-terms.js).
 *  - comments, collect-book titles and profile edits follow the client's rules (a blank or
 *    over-long comment or title, zero-width characters counting as blank; a blank name, an
 *    invalid nickname, phone number or birth date), with the client's Korean messages.
 *  - hook-kept fields are re-read inside the write transaction on every request update, so an
 *    edit cannot overwrite a concurrent post's list or a like's count with a stale copy.
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
    const { idTaken, replayRefusal } = require(`${__hooks}/lib/tombstones.js`);
    if (idTaken(e.app, e.collection.name, e.record.id)) throw replayRefusal();
    e.next();
  },
  // every app collection but likes (checked per request: lib/tombstones.js), messages and
  // tombstones themselves
  ...require(`${__hooks}/lib/tombstones.js`).REPLAY_CHECKED,
);

onRecordCreateRequest((e) => {
  // users.name is hidden (private): a sign-up's value is read from the request, then checked
  // below (the body can be read once: it is read here for both)
  const submitted = require(`${__hooks}/lib/request-body.js`).submittedBody(e);
  require(`${__hooks}/lib/protected-fields.js`).takeName(e, submitted);
  if (!e.hasSuperuserAuth()) {
    const { toArray } = require(`${__hooks}/lib/records.js`);
    const { badRequest } = require(`${__hooks}/lib/errors.js`);
    const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
    const r = e.record;
    const bad = [];
    const role = r.getString('role');
    if (role !== '' && role !== 'user') bad.push('role');
    for (const f of ['likeList', 'collectBook', 'exchangeStatus']) {
      if (toArray(r.get(f)).length) bad.push(f);
    }
    if (r.getFloat('tradesCompleted') !== 0) bad.push('tradesCompleted');
    if (r.getBool('verified')) bad.push('verified');
    if (r.getBool('emailVisibility')) bad.push('emailVisibility');
    // likeList is not a stored field and collectBook a hidden one: PocketBase drops a caller's
    // value for them unseen, so the request is read
    for (const f of ['likeList', 'collectBook']) {
      if (
        bad.indexOf(f) < 0 &&
        require(`${__hooks}/lib/request-body.js`).submitsChange(e, r, f, null, submitted)
      ) {
        bad.push(f);
      }
    }
    if (bad.length) throw badRequest(MSG_PROTECTED, bad, 'validation_protected_field');
    // loaded only here: it folds its whole word list when it loads
    const reserved = require(`${__hooks}/lib/reserved-names.js`);
    if (reserved.isReservedName(r.getString('username'))) {
      throw badRequest(reserved.MSG_RESERVED_USERNAME, ['username'], 'validation_reserved_value');
    }
    if (reserved.isReservedName(r.getString('name'))) {
      throw badRequest(reserved.MSG_RESERVED_NAME, ['name'], 'validation_reserved_value');
    }
  }
  e.next();
}, 'users');

onRecordUpdateRequest((e) => {
  // users.name is hidden (private): the fan's own value is read from the request, checked below
  // (the body can be read once: it is read here for both)
  const submitted = require(`${__hooks}/lib/request-body.js`).submittedBody(e);
  require(`${__hooks}/lib/protected-fields.js`).takeName(e, submitted);
  if (!e.hasSuperuserAuth()) {
    const { changedFields } = require(`${__hooks}/lib/records.js`);
    const { badRequest } = require(`${__hooks}/lib/errors.js`);
    const { USER_PROTECTED, MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
    const bad = changedFields(e.record, USER_PROTECTED);
    // likeList is not a stored field (lib/like-list.js): PocketBase drops a caller's value for it
    // unseen, so the request is read, and sending the list back unchanged is allowed
    const { submitsChange } = require(`${__hooks}/lib/request-body.js`);
    if (
      bad.indexOf('likeList') < 0 &&
      submitsChange(
        e,
        e.record,
        'likeList',
        require(`${__hooks}/lib/like-list.js`).likeListOf(e.app, e.record.id),
        submitted,
      )
    ) {
      bad.push('likeList');
    }
    // collectBook is hidden (pb_migrations/1764930000_users_books_private.js): dropped unseen too
    if (
      bad.indexOf('collectBook') < 0 &&
      submitsChange(e, e.record, 'collectBook', null, submitted)
    ) {
      bad.push('collectBook');
    }
    if (bad.length) throw badRequest(MSG_PROTECTED, bad, 'validation_protected_field');
    require(`${__hooks}/lib/input-rules.js`).checkProfileEdit(
      e.record,
      changedFields(e.record, ['name', 'username']),
    );
    const reserved = require(`${__hooks}/lib/reserved-names.js`);
    const original = e.record.original();
    const username = e.record.getString('username');
    if (
      reserved.isReservedName(username) &&
      !reserved.isReservedName(original.getString('username'))
    ) {
      throw badRequest(reserved.MSG_RESERVED_USERNAME, ['username'], 'validation_reserved_value');
    }
    const name = e.record.getString('name');
    if (reserved.isReservedName(name) && !reserved.isReservedName(original.getString('name'))) {
      throw badRequest(reserved.MSG_RESERVED_NAME, ['name'], 'validation_reserved_value');
    }
  }
  e.next();
}, 'users');

// ---------------------------------------------------------------- exchange posts

onRecordCreateRequest((e) => {
  const rules = require(`${__hooks}/lib/input-rules.js`);
  if (!e.hasSuperuserAuth()) {
    const { badRequest } = require(`${__hooks}/lib/errors.js`);
    if (e.record.getString('status') !== rules.INITIAL_STATUS) {
      throw badRequest(rules.MSG_POST_STATUS, ['status']);
    }
    if (e.record.getString('chatContent') !== '') {
      const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
      throw badRequest(MSG_PROTECTED, ['chatContent'], 'validation_protected_field');
    }
  }
  rules.checkPostDescription(e.record);
  // the type, price, shipping and photos (docs/product-rules.md, Exchange posts)
  require(`${__hooks}/lib/post-terms.js`).checkPostTerms(e.record);
  e.next();
}, 'exchangeList');

onRecordUpdateRequest((e) => {
  const { changedFields } = require(`${__hooks}/lib/records.js`);
  // chatContent is no one's to write (as on create): nothing in the app sets it
  if (!e.hasSuperuserAuth() && changedFields(e.record, ['chatContent']).length) {
    const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
    throw require(`${__hooks}/lib/errors.js`).badRequest(
      MSG_PROTECTED,
      ['chatContent'],
      'validation_protected_field',
    );
  }
  if (changedFields(e.record, ['description']).length) {
    require(`${__hooks}/lib/input-rules.js`).checkPostDescription(e.record);
  }
  // the terms: the writer's alone, checked again as a whole when one changes
  require(`${__hooks}/lib/post-terms.js`).checkPostTermsUpdate(e);
  e.next();
}, 'exchangeList');

// ---------------------------------------------------------------- meetup comments

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/input-rules.js`).checkCommentText(e.record);
  // docs/product-rules.md, Comments: an ended event takes no new comments.
  if (!e.hasSuperuserAuth())
    require(`${__hooks}/lib/meetup-ended.js`).checkCommentOpen(e.app, e.record);
  e.next();
}, 'comments');

onRecordUpdateRequest((e) => {
  const { changedFields } = require(`${__hooks}/lib/records.js`);
  if (changedFields(e.record, ['ment']).length)
    require(`${__hooks}/lib/input-rules.js`).checkCommentText(e.record);
  e.next();
}, 'comments');

// ---------------------------------------------------------------- collect books

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/input-rules.js`).checkBookTitle(e.record);
  e.next();
}, 'collectBook');

onRecordUpdateRequest((e) => {
  const { changedFields } = require(`${__hooks}/lib/records.js`);
  if (changedFields(e.record, ['title']).length)
    require(`${__hooks}/lib/input-rules.js`).checkBookTitle(e.record);
  e.next();
}, 'collectBook');

// ---------------------------------------------------------------- immutable owner fields

onRecordUpdateRequest(
  (e) => {
    if (!e.hasSuperuserAuth()) {
      const { IMMUTABLE, MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
      const bad = require(`${__hooks}/lib/records.js`).changedFields(
        e.record,
        IMMUTABLE[e.collection.name] || [],
      );
      if (bad.length)
        throw require(`${__hooks}/lib/errors.js`).badRequest(
          MSG_PROTECTED,
          bad,
          'validation_protected_field',
        );
    }
    e.next();
  },
  'exchangeList',
  'comments',
  'collectBook',
  'likes',
  'informUs',
  'pushSubscriptions',
  'tradeItems',
  'conversations',
  'trades',
);

onRecordUpdateRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const others = e.collection.fields
      .fieldNames()
      .filter((f) => f !== 'read' && f !== 'updated' && f !== 'created');
    const bad = require(`${__hooks}/lib/records.js`).changedFields(e.record, others);
    if (bad.length) {
      const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
      throw require(`${__hooks}/lib/errors.js`).badRequest(
        MSG_PROTECTED,
        bad,
        'validation_protected_field',
      );
    }
  }
  e.next();
}, 'notifications');

// ---------------------------------------------------------------- hook-kept fields

onRecordUpdateRequest(
  (e) => {
    const { DERIVED } = require(`${__hooks}/lib/protected-fields.js`);
    const body = e.requestInfo().body || {};
    const superuser = e.hasSuperuserAuth();
    // a superuser may set these on purpose; everyone else can't change them (see above)
    const fields = (DERIVED[e.collection.name] || []).filter(
      (f) => !superuser || body[f] === undefined,
    );
    if (!fields.length) return e.next();
    const { inTransaction, findRecord, changedFields } = require(`${__hooks}/lib/records.js`);
    inTransaction(e, null, (txApp) => {
      const fresh = findRecord(txApp, e.collection.name, e.record.id);
      if (!fresh) return;
      for (const f of fields) {
        // only refresh values the request didn't change (others are rejected above)
        if (!changedFields(e.record, [f]).length) e.record.set(f, fresh.get(f));
      }
    });
  },
  'users',
  'photoCards',
  'groups',
  'meetUps',
);
