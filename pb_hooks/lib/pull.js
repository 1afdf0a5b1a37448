/**
 * One-request delta pull (used by pb_hooks/pull.pb.js): for each collection a client names with
 * its checkpoint, the records changed since then that the caller may list, oldest first by
 * (`updated`, `id`), as the collection's list API would answer them.
 *
 * What the caller may read is decided exactly as on `GET /api/collections/X/records`:
 *
 * - The collection's list rule filters the rows in SQL. PocketBase's JS hooks cannot build a rule
 *   filter for the request's auth directly, so the rule is run through `findRecordsByFilter` with
 *   its `@request.auth.<field>` references bound to the caller's values (`null` for a guest, which
 *   is what the rule engine itself resolves a missing auth to). A rule that refers to anything
 *   else of the request (`@request.body`, `@request.query`, modifiers, nested auth fields) has no
 *   such translation; its candidate rows are then filtered one by one below.
 * - Every row of a rule that depends on the request is then checked with PocketBase's own rule
 *   evaluator (`canAccessRecord`, the same call the realtime API uses) for the request's auth, so
 *   a translation mistake can hide a record but never show one the caller could not read.
 * - A null rule (superusers only) answers 403 to anyone else, like the list API; superusers skip
 *   rules, like the list API.
 * - Field visibility is PocketBase's own `enrichRecords` (hidden fields, other users' emails, the
 *   onRecordEnrich hooks), plus what pb_hooks/privacy.pb.js does for list requests: the caller's
 *   own `phoneNumber` and `birth` are shown to them alone, with their `likeList` (lib/like-list.js).
 *
 * Cost is bounded: at most MAX_COLLECTIONS entries and PAGE_MAX rows per entry per request,
 * MAX_TOTAL rows and about MAX_BYTES of records in all, PULLS_PER_MINUTE requests per account;
 * an entry with more says `more: true` and its `cursor`, and the client asks again from there.
 *
 * Scopes (docs/sync.md, Pull by scope): a device keeps only the part of the catalogue its fan
 * uses, so an entry of `photoCards` or `exchangeList` may name a part of the collection, with a
 * `key` of its own under which the answer comes back and the client keeps its checkpoint:
 *
 * - `group`: the cards of one group, or the posts on them;
 * - `ids`: these cards (at most MAX_SCOPE_IDS), or the posts on them;
 * - `mine: true` (`exchangeList`, `chatReports`): the caller's own posts or chat reports.
 *
 * A scope only narrows what the list rule already lets the caller read (it is one more `&&`
 * term), so it can never show more. The same collection may then be named several times, once
 * per key.
 */

const PAGE_MAX = 500;
const MAX_TOTAL = 2000;
/**
 * Bytes an answer carries at most (the records' JSON, roughly): a fan's own rows can be large
 * (500 encounters of 200 + 200 cards and 500 messages made a pull of 4.5 MB and ~0.5 s), and a
 * client can ask from the beginning every time. Past it an entry says `more` and the client asks
 * again from its cursor; an answer always carries at least one row, so it always moves on.
 */
const MAX_BYTES = 1024 * 1024;
/** Pull requests one account may make per minute (a first sync takes a few; then one per change). */
const PULLS_PER_MINUTE = 60;
const MSG_PULL_RATE = '동기화 요청이 너무 잦습니다. 잠시 후 다시 시도해주세요.';
const MAX_COLLECTIONS = 40;
const MAX_SCOPE_IDS = 100;
const KEY = /^[A-Za-z0-9_@:.-]{1,120}$/;
const SCOPE_ID = /^[0-9A-Za-z_-]{1,100}$/;

/** Per collection, the field each scope filters on. */
const SCOPES = {
  photoCards: { group: 'group', ids: 'id' },
  exchangeList: { group: 'photoCard.group', ids: 'photoCard', mine: 'writer' },
  // an admin may list every fan's chat reports; their devices pull their own (docs/sync.md)
  chatReports: { mine: 'reporter' },
};

/** PocketBase's own timestamp format ("2025-01-01 00:00:00.000Z"). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const RECORD_ID = /^[0-9A-Za-z_-]{0,100}$/;
const AUTH_REF = /@request\.auth\.([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_.:])/g;

/** Fields of `users` that only the user themself may read (see privacy.pb.js). */

const MSG_BAD_BODY = '동기화 요청 형식이 올바르지 않습니다.';
const MSG_UNKNOWN = '동기화할 수 없는 컬렉션입니다.';
const MSG_CHECKPOINT = '동기화 기준점 형식이 올바르지 않습니다.';
const MSG_DUPLICATE = '같은 컬렉션을 두 번 요청할 수 없습니다.';
const MSG_TOO_MANY = `컬렉션은 한 번에 ${MAX_COLLECTIONS}개까지 요청할 수 있습니다.`;
const MSG_LIMIT = `limit은 1에서 ${PAGE_MAX} 사이의 정수여야 합니다.`;
const MSG_EXPAND = '동기화 요청에는 expand와 fields를 쓸 수 없습니다.';
const MSG_FORBIDDEN = '이 컬렉션은 관리자만 읽을 수 있습니다.';
const MSG_SCOPE = '동기화 범위 형식이 올바르지 않습니다.';

function bad(message, field, code) {
  const data = {};
  data[field] = new ValidationError(code || 'validation_invalid_value', message);
  return new BadRequestError(message, data);
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The request body as a list of { collection, after } in the client's order, plus the page size.
 * Throws a Korean 400 for anything malformed or unknown.
 */
function parseRequest(app, body) {
  if (!isPlainObject(body) || !Array.isArray(body.collections) || !body.collections.length) {
    throw bad(MSG_BAD_BODY, 'collections', 'validation_required');
  }
  if (body.collections.length > MAX_COLLECTIONS) throw bad(MSG_TOO_MANY, 'collections');
  let limit = PAGE_MAX;
  if (body.limit !== undefined && body.limit !== null) {
    const n = body.limit;
    if (typeof n !== 'number' || n !== Math.floor(n) || n < 1 || n > PAGE_MAX) {
      throw bad(MSG_LIMIT, 'limit');
    }
    limit = n;
  }
  const seen = {};
  const wanted = [];
  for (const entry of body.collections) {
    if (!isPlainObject(entry) || typeof entry.name !== 'string') {
      throw bad(MSG_BAD_BODY, 'collections');
    }
    const collection = syncableCollection(app, entry.name);
    if (!collection) throw bad(MSG_UNKNOWN, 'collections', 'validation_invalid_collection');
    const scope = parseScope(collection.name, entry);
    const key = scope ? scope.key : collection.name;
    if (seen[key]) throw bad(MSG_DUPLICATE, 'collections');
    seen[key] = true;
    wanted.push({ collection, key, scope, after: parseCheckpoint(entry) });
  }
  return { wanted, limit };
}

/** A non-system base or auth collection with the `updated` stamp delta pulls key on. */
function syncableCollection(app, name) {
  if (!/^[A-Za-z0-9_]{1,100}$/.test(name)) return null;
  let collection;
  try {
    collection = app.findCachedCollectionByNameOrId(name);
  } catch {
    return null;
  }
  if (!collection || collection.system || collection.name !== name) return null;
  if (collection.type !== 'base' && collection.type !== 'auth') return null;
  if (!collection.fields.getByName('updated')) return null;
  return collection;
}

/**
 * The entry's scope (`{ key, field, values }`, values compared with `=` and joined by `||`), or
 * null for the whole collection. Throws a Korean 400 for a malformed one.
 */
function parseScope(name, entry) {
  const has = (k) => entry[k] !== undefined && entry[k] !== null;
  if (!has('key') && !has('group') && !has('ids') && !has('mine')) return null;
  const scopes = SCOPES[name];
  const given = ['group', 'ids', 'mine'].filter(has);
  if (!scopes || given.length !== 1 || !scopes[given[0]]) throw bad(MSG_SCOPE, 'collections');
  if (typeof entry.key !== 'string' || !KEY.test(entry.key) || entry.key === name) {
    throw bad(MSG_SCOPE, 'collections');
  }
  const kind = given[0];
  let values;
  if (kind === 'group') {
    if (typeof entry.group !== 'string' || !SCOPE_ID.test(entry.group)) {
      throw bad(MSG_SCOPE, 'collections');
    }
    values = [entry.group];
  } else if (kind === 'ids') {
    const ids = entry.ids;
    if (!Array.isArray(ids) || !ids.length || ids.length > MAX_SCOPE_IDS) {
      throw bad(MSG_SCOPE, 'collections');
    }
    for (const id of ids) {
      if (typeof id !== 'string' || !SCOPE_ID.test(id)) throw bad(MSG_SCOPE, 'collections');
    }
    values = ids;
  } else {
    if (entry.mine !== true) throw bad(MSG_SCOPE, 'collections');
    values = null; // the caller's id, bound when the page is read
  }
  return { key: entry.key, field: scopes[kind], values };
}

/** `{ updated, id }` of the last record the client has, or null for "from the beginning". */
function parseCheckpoint(entry) {
  const updated = entry.updated;
  const id = entry.id;
  if (updated === undefined || updated === null || updated === '') {
    if (id !== undefined && id !== null && id !== '') throw bad(MSG_CHECKPOINT, 'collections');
    return null;
  }
  if (typeof updated !== 'string' || !TIMESTAMP.test(updated)) {
    throw bad(MSG_CHECKPOINT, 'collections');
  }
  const lastId = id === undefined || id === null ? '' : id;
  if (typeof lastId !== 'string' || !RECORD_ID.test(lastId)) {
    throw bad(MSG_CHECKPOINT, 'collections');
  }
  return { updated, id: lastId };
}

/** The list rule as a string, or null when only superusers may list. */
function listRuleOf(collection) {
  const rule = collection.listRule;
  return rule === null || rule === undefined ? null : String(rule);
}

/**
 * The rule as a filter for findRecordsByFilter with the caller's auth values bound as params, or
 * null when it refers to something of the request that cannot be bound that way.
 */
function bindRule(rule, auth, params) {
  let ok = true;
  let n = 0;
  const bound = rule.replace(AUTH_REF, (_, field) => {
    let value = null;
    if (auth) {
      if (field === 'id') value = auth.id;
      else if (field === 'collectionName') value = auth.collection().name;
      else if (field === 'collectionId') value = auth.collection().id;
      else if (!auth.collection().fields.getByName(field)) ok = false;
      else value = auth.get(field);
    }
    if (value === null || value === undefined) return 'null';
    const t = typeof value;
    if (t !== 'string' && t !== 'number' && t !== 'boolean') {
      ok = false;
      return 'null';
    }
    const key = `__auth${n++}`;
    params[key] = value;
    return `{:${key}}`;
  });
  if (!ok || bound.indexOf('@request.') >= 0) return null;
  return bound;
}

/**
 * One collection's page: up to `limit` rows after the checkpoint in (`updated`, `id`) order, those
 * of them the caller may list, and where the next page starts.
 */
function pullCollection(e, info, collection, scope, after, limit, bytesLeft) {
  const app = e.app;
  const superuser = e.hasSuperuserAuth();
  const rule = listRuleOf(collection);
  if (rule === null && !superuser) throw new ForbiddenError(MSG_FORBIDDEN);

  const params = {};
  const parts = [];
  if (scope) {
    // a guest has no posts of their own: the scope matches nothing
    const values = scope.values || [e.auth ? e.auth.id : ''];
    const terms = values.map((v, i) => {
      params[`__s${i}`] = v;
      return `${scope.field} = {:__s${i}}`;
    });
    parts.push(`(${terms.join(' || ')})`);
  }
  if (after) {
    params.__u = after.updated;
    params.__id = after.id;
    parts.push('(updated > {:__u} || (updated = {:__u} && id > {:__id}))');
  }
  // rows still to be checked one by one against the rule (the rule depends on the request)
  let check = false;
  if (!superuser && rule !== null && rule.trim() !== '') {
    const bound = bindRule(rule, e.auth, params);
    if (bound !== null) parts.push(`(${bound})`);
    check = rule.indexOf('@request.') >= 0;
  }
  const filter = parts.join(' && ');

  const rows = app.findRecordsByFilter(collection.name, filter, 'updated,id', limit + 1, 0, params);
  const more = rows.length > limit;
  const scanned = more ? rows.slice(0, limit) : rows;
  const items = [];
  for (const r of scanned) {
    if (check && !app.canAccessRecord(r, info, rule)) continue;
    items.push(r);
  }
  if (items.length) $apis.enrichRecords(e, items);
  if (collection.name === 'users' && e.auth) {
    const lib = require(`${__hooks}/lib/like-list.js`);
    for (const r of items) {
      if (r.id === e.auth.id) lib.showToOwner(app, r);
      else lib.showToAdmin(e.auth, r);
    }
  }
  // within the answer's byte budget: the rows up to the one that passes it (at least one)
  let bytes = 0;
  let kept = items.length;
  if (bytesLeft !== undefined) {
    for (let i = 0; i < items.length; i++) {
      bytes += JSON.stringify(items[i].publicExport()).length;
      if (bytes > bytesLeft && i > 0) {
        kept = i;
        break;
      }
    }
  }
  if (kept < items.length) {
    const last = items[kept - 1];
    return {
      items: items.slice(0, kept),
      more: true,
      cursor: { updated: last.getString('updated'), id: last.id },
      scanned: scanned.indexOf(last) + 1,
      bytes: bytes,
    };
  }
  let cursor = null;
  if (scanned.length) {
    const last = scanned[scanned.length - 1];
    cursor = { updated: last.getString('updated'), id: last.id };
  }
  return { items, more, cursor, scanned: scanned.length, bytes: bytes };
}

/**
 * An account's pulls per minute (PULLS_PER_MINUTE), counted in the app's shared store: 429 past
 * them, which the client's sync engine takes as "later". Guests are held by the per-address rate
 * limit on /api/.
 */
function checkRate(e) {
  if (!e.auth || e.hasSuperuserAuth()) return;
  // the operator's own addresses (and the tests' loopback) are not held back
  if (require(`${__hooks}/lib/limits.js`).isExcluded(e.app, e.realIP())) return;
  const key = `pocamarket:pull:${e.auth.id}`;
  let over = false;
  e.app.store().setFunc(key, (old) => {
    const now = Date.now();
    const [start, count] = String(old || '0:0')
      .split(':')
      .map(Number);
    const fresh = now - start >= 60 * 1000;
    const n = fresh ? 0 : count;
    if (n >= PULLS_PER_MINUTE) {
      over = true;
      return old;
    }
    return `${fresh ? now : start}:${n + 1}`;
  });
  if (over) throw new TooManyRequestsError(MSG_PULL_RATE);
}

/**
 * The whole answer: `{ now, collections: { [key]: { items, more, cursor } } }`, where an entry's
 * key is its collection's name unless it names a scope.
 */
function pull(e) {
  const info = e.requestInfo();
  const query = info.query || {};
  if (query.expand || query.fields) throw bad(MSG_EXPAND, 'expand');
  const req = parseRequest(e.app, info.body);
  // the clock is read before the queries: a checkpoint kept behind it (by the client's safety
  // window) never passes a write that was still committing while they ran
  const now = new DateTime().string();
  const out = {};
  let budget = MAX_TOTAL;
  let bytesLeft = MAX_BYTES;
  for (const w of req.wanted) {
    if (budget <= 0 || bytesLeft <= 0) {
      // over the total: the client asks again from its checkpoint
      out[w.key] = { items: [], more: true, cursor: null };
      continue;
    }
    const limit = Math.min(req.limit, budget);
    const page = pullCollection(e, info, w.collection, w.scope, w.after, limit, bytesLeft);
    // rows read count, shown or not: the budget bounds the work, not just the answer
    budget -= page.scanned;
    bytesLeft -= page.bytes;
    out[w.key] = { items: page.items, more: page.more, cursor: page.cursor };
  }
  return { now, collections: out };
}

module.exports = {
  pull,
  pullCollection,
  checkRate,
  PAGE_MAX,
  MAX_TOTAL,
  MAX_BYTES,
  MAX_COLLECTIONS,
  PULLS_PER_MINUTE,
};
