/// <reference path="../../pb_data/types.d.ts" />
/**
 * Shared server rules for the pb_hooks/*.pb.js handlers.
 *
 * PocketBase runs each hook handler in a pooled, isolated VM, so handlers load this module with
 * `require(`${__hooks}/lib/common.js`)` instead of sharing top-level variables.
 */

// ---------------------------------------------------------------- text normalisation

/** Zero-width and invisible filler characters that can hide a word. */
const INVISIBLE = /[\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060\u3164\uFEFF\uFFA0]/g;

let nfkcSupported;
function hasNfkc() {
  if (nfkcSupported === undefined) {
    try {
      nfkcSupported = typeof ''.normalize === 'function' && '\uFF21'.normalize('NFKC') === 'A';
    } catch (_) {
      nfkcSupported = false;
    }
  }
  return nfkcSupported;
}

/** Full-width ASCII (U+FF01-U+FF5E) to ASCII and the ideographic space to a space. */
function foldFullWidth(s) {
  return s.replace(/[\uFF01-\uFF5E\u3000]/g, (ch) =>
    ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
}

/**
 * The form profanity is checked in: NFKC, lower case, no whitespace, no zero-width characters.
 * The client applies the same steps to the same word list (pb_hooks/profanity-words.json).
 */
function normalizeText(value) {
  let s = value == null ? '' : String(value);
  s = hasNfkc() ? s.normalize('NFKC') : foldFullWidth(s);
  return s.toLowerCase().replace(/\s+/g, '').replace(INVISIBLE, '');
}

let profanityWords;
function loadProfanityWords() {
  if (!profanityWords) {
    const path = `${__hooks}/profanity-words.json`;
    let list;
    try {
      list = require(path);
    } catch (_) {
      list = JSON.parse(toString($os.readFile(path)));
    }
    const words = [];
    for (const lang of ['en', 'ko']) {
      for (const w of list[lang] || []) {
        const n = normalizeText(w);
        if (n) words.push(n);
      }
    }
    profanityWords = words;
  }
  return profanityWords;
}

/** The first listed word hidden in the text (after normalisation), or ''. */
function findProfanity(text) {
  const n = normalizeText(text);
  for (const w of loadProfanityWords()) {
    if (n.indexOf(w) >= 0) return w;
  }
  return '';
}

/** Length in Unicode code points (what PocketBase's text `max` counts). */
function codePointLength(s) {
  return Array.from(s).length;
}

// ---------------------------------------------------------------- errors

function badRequest(message, fields, code, fieldMessage) {
  const data = {};
  for (const f of fields || []) {
    data[f] = new ValidationError(code || 'validation_invalid_value', fieldMessage || message);
  }
  return new BadRequestError(message, data);
}

// ---------------------------------------------------------------- exchange posts

const POST_MAX = 150;
const MSG_POST_EMPTY = '교환 글 내용을 입력해주세요.';
const MSG_POST_TOO_LONG = '교환 글은 150자 이하로 작성해주세요.';
const MSG_PROFANITY = '비속어가 포함된 글은 작성할 수 없습니다.';
const MSG_POST_STATUS = "새 교환 글의 상태는 '교환대기중'이어야 합니다.";
const INITIAL_STATUS = '교환대기중';

/** Validates and trims an exchange post description; throws a 400 with the Korean message. */
function checkPostDescription(record) {
  const raw = record.getString('description');
  if (normalizeText(raw) === '') {
    throw badRequest(MSG_POST_EMPTY, ['description'], 'validation_required');
  }
  const trimmed = raw.trim();
  if (codePointLength(trimmed) > POST_MAX) {
    throw badRequest(MSG_POST_TOO_LONG, ['description'], 'validation_max_text_constraint');
  }
  if (findProfanity(trimmed)) {
    throw badRequest(MSG_PROFANITY, ['description'], 'validation_profanity');
  }
  if (trimmed !== raw) record.set('description', trimmed);
}

// ---------------------------------------------------------------- comments and profiles

const COMMENT_MAX = 500;
const MSG_COMMENT_EMPTY = '댓글 내용을 입력해주세요.';
const MSG_COMMENT_TOO_LONG = '댓글은 500자까지 쓸 수 있습니다.';

/** Validates and trims a meetup comment (the client's rules, src/data/repos/comments.ts). */
function checkCommentText(record) {
  const raw = record.getString('ment');
  if (normalizeText(raw) === '') {
    throw badRequest(MSG_COMMENT_EMPTY, ['ment'], 'validation_required');
  }
  const trimmed = raw.trim();
  if (codePointLength(trimmed) > COMMENT_MAX) {
    throw badRequest(MSG_COMMENT_TOO_LONG, ['ment'], 'validation_max_text_constraint');
  }
  if (trimmed !== raw) record.set('ment', trimmed);
}

// ---------------------------------------------------------------- collect books

const BOOK_TITLE_MAX = 50;
const MSG_BOOK_TITLE = '콜렉트북 제목을 1~50자로 입력해주세요.';

/** A text with nothing visible in it: whitespace and zero-width characters only. */
function isBlankText(value) {
  return normalizeText(value) === '';
}

/**
 * A collect book's title, as the client checks it: 1-50 characters after trimming, and not only
 * invisible characters (the schema's `required` takes a zero-width space as a title).
 */
function checkBookTitle(record) {
  const raw = record.getString('title');
  const trimmed = raw.trim();
  if (isBlankText(raw) || codePointLength(trimmed) > BOOK_TITLE_MAX) {
    throw badRequest(MSG_BOOK_TITLE, ['title'], 'validation_required');
  }
  if (trimmed !== raw) record.set('title', trimmed);
}

const NAME_MAX = 40;
const MSG_NAME_REQUIRED = '이름을 입력해주세요';
const USERNAME = /^[0-9A-Za-z가-힣_.]{2,20}$/;
const MSG_USERNAME_INVALID = '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.';

/**
 * A user's edit of their own profile: the name and nickname it changes follow the client's rules
 * (src/data/repos/profile.ts). The phone number and birth date are hidden fields: PocketBase drops
 * them from a user's request body, so only the sign-up (lib/signup.js, same rules) sets them.
 */
function checkProfileEdit(record) {
  const changed = changedFields(record, ['name', 'username']);
  if (changed.indexOf('name') >= 0) {
    const name = record.getString('name').trim();
    if (name === '' || codePointLength(name) > NAME_MAX) {
      throw badRequest(MSG_NAME_REQUIRED, ['name'], 'validation_invalid_value');
    }
    record.set('name', name);
  }
  if (changed.indexOf('username') >= 0) {
    const username = record.getString('username').trim();
    if (!USERNAME.test(username)) {
      throw badRequest(MSG_USERNAME_INVALID, ['username'], 'validation_invalid_value');
    }
    record.set('username', username);
  }
}

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
const MSG_RESERVED_USERNAME = '사용할 수 없는 닉네임입니다.';

function isReservedUsername(name) {
  return String(name || '').toLowerCase() === 'admin';
}

module.exports = {
  normalizeText,
  findProfanity,
  loadProfanityWords,
  checkPostDescription,
  checkCommentText,
  checkBookTitle,
  checkProfileEdit,
  badRequest,
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
  INITIAL_STATUS,
  MSG_POST_STATUS,
  MSG_PROTECTED,
  MSG_RESERVED_USERNAME,
  isReservedUsername,
};
