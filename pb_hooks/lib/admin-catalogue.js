/**
 * Catalogue management (docs/operators.md, Catalogue management), for users with `role = "admin"`
 * (not the PocketBase superuser: the audit log names a `users` record), and what the admins'
 * routes share: the admin check, body and query parsing, near titles and the duplicate check.
 * Used by pb_hooks/admin-catalogue.pb.js, and by lib/report-queue.js, lib/report-publish.js,
 * lib/card-merge.js and lib/admin-dashboard.js.
 *
 * - Catalogue writes through the record API (cards and groups; the API rules let admins create
 *   and update): the hook-kept fields stay the hooks', a card's label is one of the five and its
 *   `groupName` is its group's, a merged card stays hidden, and each write is audited.
 * - Duplicates: cards of the same group and member with a near title (`nearTitle`), which the
 *   report queue flags before publishing.
 *
 * Cost per request is bounded: a duplicate check reads one group's cards (at most GROUP_SCAN_MAX,
 * by the (`group`, ...) index) and answers at most DUPLICATES_MAX. Bad input is a 400 with a
 * Korean message before anything is written.
 */

const { findRecord, toArray, changedFields } = require(`${__hooks}/lib/records.js`);

const { badRequest } = require(`${__hooks}/lib/errors.js`);

/** A card's label: the five kinds a report names (lib/reports.js PHOCA_TYPES). */
const LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];

/** Card fields only hooks and the merge write (pb_hooks/lib/protected-fields.js DERIVED too). */
const CARD_KEPT = ['likeCount', 'exchangeList', 'mergedInto'];
const GROUP_KEPT = ['cardCount'];
const DUPLICATES_MAX = 20;
const GROUP_SCAN_MAX = 20000;
const RECORD_ID = /^[a-z0-9]{15}$/;

/** Whitespace and zero-width characters: a text of only these is blank (lib/reports.js). */
const INVISIBLE = /[\s\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060\u3164\uFEFF\uFFA0]/g;

const MSG_LOGIN = '로그인이 필요해요.';
const MSG_ADMIN = '관리자만 할 수 있어요.';
const MSG_BODY = '요청 형식이 올바르지 않아요.';
const MSG_LABEL = '포토카드 종류를 골라주세요. (앨범, 특전, 팬싸, 시즌그리팅, 기타)';
const MSG_PROTECTED = '변경할 수 없는 항목이 포함되어 있습니다.';
const MSG_UNHIDE_MERGED = '다른 카드에 합쳐진 카드는 다시 보이게 할 수 없어요.';

// ---------------------------------------------------------------- helpers

/** The caller, when a signed-in `users` record with role admin; else a 401 or 403. */
function requireAdmin(e) {
  const auth = e.auth;
  if (!auth) throw new UnauthorizedError(MSG_LOGIN);
  if (auth.collection().name !== 'users' || auth.getString('role') !== 'admin') {
    throw new ForbiddenError(MSG_ADMIN);
  }
  return auth;
}

/** The JSON body as a plain object (400 when it is something else). */
function bodyOf(e) {
  const body = e.requestInfo().body;
  if (body == null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError(MSG_BODY, {});
  return body;
}

/** A positive integer parameter, `fallback` when absent, NaN when malformed. */
function intParam(raw, fallback) {
  if (raw === '') return fallback;
  return /^[0-9]{1,6}$/.test(raw) ? Number(raw) : NaN;
}

function queryOf(e) {
  const query = e.requestInfo().query || {};
  return (name) => (query[name] == null ? '' : String(query[name]));
}

/** Trimmed text of a body field ('' when absent); 400 `tooLong` past `max` characters. */
function text(body, field, max, tooLong) {
  const raw = body[field];
  if (raw == null) return '';
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest(MSG_BODY, [field]);
  const value = String(raw).trim();
  if (Array.from(value).length > max) throw badRequest(tooLong, [field]);
  return value;
}

function blank(value) {
  return String(value == null ? '' : value).replace(INVISIBLE, '') === '';
}

/** lib/search-key.js, loaded on first use (it loads the Hangul bundle). */
let searchKeys = null;

/** A text as the search keys fold it (NFKC, lower case, no blanks). */
function fold(value) {
  if (!searchKeys) searchKeys = require(`${__hooks}/lib/search-key.js`);
  return searchKeys.fold(value);
}

/** `SELECT COUNT(*)` of a query with its params. */
function count(app, sql, params) {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(`SELECT COUNT(*) AS n ${sql}`)
    .bind(params || {})
    .one(row);
  return row.n;
}

function ids(app, sql, params) {
  const rows = arrayOf(new DynamicModel({ id: '' }));
  app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .all(rows);
  return rows.map((r) => r.id);
}

/** Records by id, in the order of `list`. */
function inOrder(app, collection, list) {
  if (!list.length) return [];
  const byId = {};
  for (const r of app.findRecordsByIds(collection, list)) byId[r.id] = r;
  return list.filter((id) => byId[id]).map((id) => byId[id]);
}

/**
 * A record's fields for the audit log (lib/audit.js snapshot), a card's list of posts as its
 * count: the hook-kept list grows with the card's posts, and an entry holds at most 200 KB.
 */
function auditSnapshot(record) {
  const { snapshot } = require(`${__hooks}/lib/audit.js`);
  const out = snapshot(record);
  if (out && Array.isArray(out.exchangeList)) out.exchangeList = out.exchangeList.length;
  return out;
}

/** A 409 with a Korean message (a state the request can't change: handled, merged). */
function conflict(message, data) {
  return new ApiError(409, message, data || {});
}

// ---------------------------------------------------------------- near titles

/** Levenshtein distance of two code-point arrays, or `max + 1` once it passes `max`. */
function distance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = [];
  for (let j = 0; j <= b.length; j++) prev.push(j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * Whether two titles are near (docs/operators.md, The report queue): folded (NFKC, lower case,
 * no blanks) they are equal, or the shorter (of at least 2 characters) is inside the longer, or
 * they are at most 1 edit apart (the shorter 4–7 characters long) or 2 (8 or more).
 */
function nearTitle(x, y) {
  const a = Array.from(fold(x));
  const b = Array.from(fold(y));
  if (!a.length || !b.length) return false;
  const sa = a.join('');
  const sb = b.join('');
  if (sa === sb) return true;
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? sb : sa;
  if (shorter.length >= 2 && longer.indexOf(shorter.join('')) >= 0) return true;
  const max = shorter.length >= 8 ? 2 : shorter.length >= 4 ? 1 : 0;
  return max > 0 && distance(a, b, max) <= max;
}

/**
 * Cards of `groupId` and the member (`memberName` or `memberNameEn`, folded, equal) whose title
 * is near `title`, newest first, at most DUPLICATES_MAX; merged cards (redirects) are not
 * counted, hidden ones are.
 */
function findDuplicates(app, groupId, memberName, title) {
  const member = fold(memberName);
  if (!groupId || !member || blank(title)) return [];
  const rows = arrayOf(
    new DynamicModel({ id: '', memberName: '', memberNameEn: '', title: '', created: '' }),
  );
  app
    .db()
    .newQuery(
      'SELECT [[id]], [[memberName]], [[memberNameEn]], [[title]], [[created]] FROM {{photoCards}} ' +
        "WHERE [[group]] = {:g} AND [[mergedInto]] = '' LIMIT " +
        GROUP_SCAN_MAX,
    )
    .bind({ g: groupId })
    .all(rows);
  const found = rows.filter(
    (r) =>
      (fold(r.memberName) === member || (r.memberNameEn && fold(r.memberNameEn) === member)) &&
      nearTitle(r.title, title),
  );
  found.sort((p, q) => (p.created < q.created ? 1 : p.created > q.created ? -1 : 0));
  return found.slice(0, DUPLICATES_MAX).map((r) => r.id);
}

/** The group whose `groupName` or `groupNameKo` folds to `name`'s fold, or null. */
function groupByName(app, name) {
  const wanted = fold(name);
  if (!wanted) return null;
  const rows = arrayOf(new DynamicModel({ id: '', groupName: '', groupNameKo: '' }));
  app
    .db()
    .newQuery('SELECT [[id]], [[groupName]], [[groupNameKo]] FROM {{groups}} LIMIT 5000')
    .all(rows);
  for (const r of rows) {
    if (fold(r.groupName) === wanted || (r.groupNameKo && fold(r.groupNameKo) === wanted)) {
      return findRecord(app, 'groups', r.id);
    }
  }
  return null;
}

// ---------------------------------------------------------------- record API hooks

/**
 * An admin's card create or update through the record API: hook-kept fields untouched, a label
 * of the five, `groupName` from the group, a merged card kept hidden.
 */
function checkCardWrite(e, creating) {
  const r = e.record;
  const bad = creating
    ? CARD_KEPT.filter((f) =>
        f === 'likeCount'
          ? r.getFloat(f) !== 0
          : f === 'exchangeList'
            ? toArray(r.get(f)).length > 0
            : r.getString(f) !== '',
      )
    : changedFields(r, CARD_KEPT);
  if (bad.length) throw badRequest(MSG_PROTECTED, bad, 'validation_protected_field');
  const label = r.getString('label');
  if (label !== '' && LABELS.indexOf(label) < 0) throw badRequest(MSG_LABEL, ['label']);
  if (!creating && r.getString('mergedInto') && !r.getBool('hidden')) {
    throw badRequest(MSG_UNHIDE_MERGED, ['hidden']);
  }
  const group = findRecord(e.app, 'groups', r.getString('group'));
  if (group) r.set('groupName', group.getString('groupName'));
}

function checkGroupWrite(e, creating) {
  const r = e.record;
  const bad = creating
    ? GROUP_KEPT.filter((f) => r.getFloat(f) !== 0)
    : changedFields(r, GROUP_KEPT);
  if (bad.length) throw badRequest(MSG_PROTECTED, bad, 'validation_protected_field');
}

/** The audit action of an admin's card or group write. */
function writeAction(e, creating) {
  const noun = e.collection.name === 'groups' ? 'group' : 'card';
  if (creating) return `${noun}.create`;
  if (noun === 'card') {
    // groupName follows the group (checkCardWrite), searchKey the hooks: not the admin's change
    const names = e.collection.fields
      .fieldNames()
      .filter((f) => ['updated', 'created', 'groupName', 'searchKey'].indexOf(f) < 0);
    const changed = changedFields(e.record, names);
    if (changed.length === 1 && changed[0] === 'hidden') {
      return e.record.getBool('hidden') ? 'card.hide' : 'card.unhide';
    }
  }
  return `${noun}.update`;
}

/** Runs the write and its audit entry in one transaction (an admin's record API write). */
function auditedWrite(e, creating) {
  const { audit } = require(`${__hooks}/lib/audit.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const action = writeAction(e, creating);
  const before = creating ? null : auditSnapshot(e.record.original());
  inTransaction(e, (tx) =>
    audit(tx, {
      actor: e.auth,
      action,
      collection: e.collection.name,
      id: e.record.id,
      before,
      after: auditSnapshot(e.record),
    }),
  );
}

module.exports = {
  LABELS,
  RECORD_ID,
  MSG_ADMIN,
  MSG_LOGIN,
  MSG_BODY,
  MSG_LABEL,
  MSG_PROTECTED,
  requireAdmin,
  bodyOf,
  intParam,
  queryOf,
  text,
  blank,
  count,
  ids,
  inOrder,
  conflict,
  auditSnapshot,
  nearTitle,
  findDuplicates,
  groupByName,
  checkCardWrite,
  checkGroupWrite,
  auditedWrite,
};
