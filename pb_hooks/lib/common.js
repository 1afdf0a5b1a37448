/// <reference path="../../pb_data/types.d.ts" />
/**
 * Shared server rules for the pb_hooks/*.pb.js handlers: record helpers, back-references, likes,
 * tombstones and hook-kept fields here, and the input rules of lib/input-rules.js re-exported.
 *
 * PocketBase runs each hook handler in a pooled, isolated VM, so handlers load this module with
 * `require(`${__hooks}/lib/common.js`)` instead of sharing top-level variables.
 */

// the input rules (text, profanity, posts, comments, titles, profiles) live in their own module
const rules = require(`${__hooks}/lib/input-rules.js`);

// ---------------------------------------------------------------- record helpers

/** A Go slice (or JS array) as a plain JS array. */
function toArray(value) {
  if (value == null || value === '') return [];
  if (typeof value === 'string') return [value];
  const out = [];
  for (let i = 0; i < value.length; i++) out.push(value[i]);
  return out;
}

/** A comparable key for a field value (multi values compared as sets). */
function valueKey(value) {
  if (value == null) return '';
  if (typeof value === 'object' && typeof value.length === 'number') {
    return JSON.stringify(toArray(value).map(String).sort());
  }
  if (typeof value === 'boolean') return value ? 'true' : '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value);
    } catch (_) {
      return String(value);
    }
  }
  return String(value);
}

/**
 * The request's body as sent (JSON, urlencoded or multipart with its `@jsonPayload`), modifier
 * keys included (`likeList+`). PocketBase drops a non-superuser's values for hidden fields before
 * any hook sees the record or `requestInfo().body`, so a guard that must refuse such a write
 * (instead of silently ignoring it) reads the raw body, which PocketBase keeps re-readable.
 */
function submittedBody(e) {
  const out = {};
  const add = (obj) => {
    if (obj && typeof obj === 'object') for (const k of Object.keys(obj)) out[k] = obj[k];
  };
  try {
    // record request events carry the HTTP request on their embedded request event
    const request = e.request || e.requestEvent.request;
    const type = String(request.header.get('Content-Type') || '').toLowerCase();
    if (type.indexOf('multipart/form-data') === 0 || type.indexOf('x-www-form-urlencoded') >= 0) {
      const form = type.indexOf('multipart') === 0 ? request.multipartForm : null;
      const values = form ? form.value : request.postForm;
      if (values) {
        for (const k of Object.keys(values)) {
          if (k !== '@jsonPayload') out[k] = toArray(values[k]);
        }
        const payload = values['@jsonPayload'];
        for (let i = 0; payload && i < payload.length; i++) add(JSON.parse(payload[i]));
      }
    } else {
      add(JSON.parse(toString(request.body, 1 << 20) || '{}'));
    }
  } catch (_) {
    // an unreadable body was refused by PocketBase before the hooks
  }
  return out;
}

/**
 * Whether the raw body would change the multi-value `field` of `record` (plainly or through a
 * `+`/`-` modifier), compared with its stored value; sending the stored value back is no change.
 */
function submitsChange(e, record, field) {
  const body = submittedBody(e);
  const stored = record.isNew() ? [] : toArray(record.original().get(field)).map(String);
  let next = stored.slice();
  let named = false;
  for (const key of Object.keys(body)) {
    const values = toArray(body[key])
      .map(String)
      .filter((v) => v !== '');
    if (key === field) next = values;
    else if (key === `+${field}`) next = values.concat(next);
    else if (key === `${field}+`) next = next.concat(values);
    else if (key === `${field}-`) next = next.filter((v) => values.indexOf(v) < 0);
    else continue;
    named = true;
  }
  return named && valueKey(next) !== valueKey(stored);
}

/** Names of `fields` whose value differs from the stored original. */
function changedFields(record, fields) {
  const original = record.original();
  return fields.filter((f) => valueKey(record.get(f)) !== valueKey(original.get(f)));
}

function findRecord(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    return null; // missing (e.g. deleted earlier in the same cascade)
  }
}

/**
 * Runs `before(txApp)`, the rest of the hook chain (the actual insert/update/delete) and then
 * `after(txApp)` in one database transaction, so all of it commits or rolls back together.
 * PocketBase has a single write connection, so reads made through `txApp` see no concurrent
 * writer: a read-modify-write here is atomic. Nested calls (batch requests, cascades) join the
 * outer transaction.
 */
function inTransaction(e, after, before) {
  e.app.runInTransaction((txApp) => {
    const outer = e.app;
    e.app = txApp;
    try {
      if (before) before(txApp);
      e.next();
      if (after) after(txApp);
    } finally {
      e.app = outer;
    }
  });
}

/** Adds or removes `childId` in the multi relation `field` of `collection`/`parentId`. */
function setMembership(app, collection, parentId, field, childId, present) {
  const parent = findRecord(app, collection, parentId);
  if (!parent) return;
  const ids = toArray(parent.getStringSlice(field));
  const has = ids.indexOf(childId) >= 0;
  if (has === present) return;
  parent.set(field, present ? ids.concat([childId]) : ids.filter((id) => id !== childId));
  app.saveNoValidate(parent);
}

/**
 * Back-reference lists kept by hooks, per child collection: the child's `via` field names the
 * parent record in `parent` whose `field` lists the child ids.
 */
const BACK_REFERENCES = {
  exchangeList: [
    { via: 'photoCard', parent: 'photoCards', field: 'exchangeList' },
    { via: 'writer', parent: 'users', field: 'exchangeStatus' },
  ],
  collectBook: [{ via: 'users', parent: 'users', field: 'collectBook' }],
  comments: [{ via: 'meetUp', parent: 'meetUps', field: 'comments' }],
  photoCards: [{ via: 'group', parent: 'groups', field: 'photoCards' }],
};

/** Adds (present) or removes the child record in every back-reference list that names it. */
function syncBackReferences(app, child, present) {
  const refs = BACK_REFERENCES[child.collection().name] || [];
  for (const ref of refs) {
    setMembership(app, ref.parent, child.getString(ref.via), ref.field, child.id, present);
  }
}

/** Moves the child between parents when an update changes a `via` field. */
function moveBackReferences(app, child) {
  const refs = BACK_REFERENCES[child.collection().name] || [];
  for (const ref of refs) {
    const before = child.original().getString(ref.via);
    const after = child.getString(ref.via);
    if (before === after) continue;
    setMembership(app, ref.parent, before, ref.field, child.id, false);
    setMembership(app, ref.parent, after, ref.field, child.id, true);
  }
}

/** likeCount ± 1 (never below 0) and the user's likeList, for one like record. */
function applyLike(app, like, delta) {
  const cardId = like.getString('photoCard');
  const card = findRecord(app, 'photoCards', cardId);
  if (card) {
    card.set('likeCount', Math.max(0, card.getInt('likeCount') + delta));
    app.saveNoValidate(card);
  }
  setMembership(app, 'users', like.getString('user'), 'likeList', cardId, delta > 0);
}

// ---------------------------------------------------------------- tombstones

/** Owner field of the owner-private collections (their tombstones are private too). */
const OWNER_FIELD = {
  likes: 'user',
  collectBook: 'users',
  informUs: 'user',
  notifications: 'user',
  pushSubscriptions: 'user',
};

const TOMBSTONED = [
  'groups',
  'photoCards',
  'users',
  'collectBook',
  'exchangeList',
  'meetUps',
  'comments',
  'informUs',
  'likes',
  'pushSubscriptions',
  'notifications',
];

/** Whether a record of this collection with this id existed and was deleted. */
function wasDeleted(app, collectionName, id) {
  if (collectionName === 'tombstones') return false;
  try {
    app.findFirstRecordByFilter('tombstones', 'recordCollection = {:c} && recordId = {:id}', {
      c: collectionName,
      id: id,
    });
    return true;
  } catch (_) {
    return false;
  }
}

function writeTombstone(app, record) {
  const name = record.collection().name;
  const ownerField = OWNER_FIELD[name];
  const tombstone = new Record(app.findCollectionByNameOrId('tombstones'));
  tombstone.set('recordCollection', name);
  tombstone.set('recordId', record.id);
  tombstone.set('owner', ownerField ? record.getString(ownerField) : '');
  app.save(tombstone);
}

// ---------------------------------------------------------------- hook-kept fields

/**
 * Fields kept by hooks. Request updates that don't submit them get the current stored value
 * (read inside the write transaction), so a stale copy loaded before a concurrent like cannot
 * overwrite the hook's work.
 */
const DERIVED = {
  users: ['likeList', 'collectBook', 'exchangeStatus'],
  photoCards: ['likeCount', 'exchangeList'],
  groups: ['photoCards'],
  meetUps: ['comments'],
};

/** Fields of users that only superusers (and hooks) may set. */
const USER_PROTECTED = [
  'role',
  'likeList',
  'collectBook',
  'exchangeStatus',
  'verified',
  'emailVisibility',
];

/** Fields that never change after creation (for non-superusers). */
const IMMUTABLE = {
  exchangeList: ['writer', 'photoCard'],
  comments: ['name', 'meetUp'],
  collectBook: ['users'],
  likes: ['user', 'photoCard'],
  informUs: ['user'],
  pushSubscriptions: ['user'],
};

const MSG_PROTECTED = '변경할 수 없는 항목이 포함되어 있습니다.';
// Reserved names and nicknames (관리자, admin, 포카마켓 and their look-alikes) live in
// lib/reserved-names.js, loaded on first use: it folds its whole word list when it loads, and
// this module is loaded by every hook (measured: loading it here took 40% off the like rate).
function reservedNames() {
  return require(`${__hooks}/lib/reserved-names.js`);
}

function isReservedUsername(name) {
  return reservedNames().isReservedName(name);
}

function isReservedName(name) {
  return reservedNames().isReservedName(name);
}

module.exports = {
  ...rules,
  submitsChange,
  toArray,
  valueKey,
  changedFields,
  findRecord,
  inTransaction,
  setMembership,
  syncBackReferences,
  moveBackReferences,
  applyLike,
  writeTombstone,
  wasDeleted,
  TOMBSTONED,
  OWNER_FIELD,
  DERIVED,
  USER_PROTECTED,
  IMMUTABLE,
  MSG_PROTECTED,
  reservedNames,
  isReservedUsername,
  isReservedName,
};
