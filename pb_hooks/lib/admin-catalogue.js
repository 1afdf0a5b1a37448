/**
 * The report queue and catalogue management (docs/operators.md, The report queue; Catalogue
 * management), for users with `role = "admin"` (not the PocketBase superuser: the audit log names
 * a `users` record). Used by pb_hooks/admin-catalogue.pb.js.
 *
 * - The queue: a fan's 제보 (`informUs`) is `open` until an admin publishes it as a catalogue card
 *   (a meetup report: an event) or rejects it with a reason. Each action is one transaction: the
 *   card or event with the report's image copied, the report's handling, the reporter's alert
 *   (lib/audit.js tellFan) and the audit entry (before/after) commit together or not at all.
 * - Duplicates: cards of the same group and member with a near title (`nearTitle`) are flagged
 *   before publishing, and a publish that would add one is refused unless the admin confirms it
 *   (`force: true`).
 * - Catalogue writes through the record API (cards and groups; the API rules let admins create
 *   and update): the hook-kept fields stay the hooks', a card's label is one of the five and its
 *   `groupName` is its group's, a merged card stays hidden, and each write is audited.
 *
 * Cost per request is bounded: queue pages of at most MAX_PER_PAGE reports, MAX_PAGE pages deep,
 * each found by an index; a duplicate check reads one group's cards (at most GROUP_SCAN_MAX, by
 * the (`group`, ...) index) and answers at most DUPLICATES_MAX. Bad input is a 400 with a Korean
 * message before anything is written.
 */

const { findRecord, toArray, changedFields } = require(`${__hooks}/lib/records.js`);
const { badRequest } = require(`${__hooks}/lib/errors.js`);

const STATUSES = ['open', 'published', 'rejected'];
/** The report's handling: the hooks' and the queue routes' alone. */
const HANDLING_FIELDS = [
  'status',
  'rejectReason',
  'publishedCard',
  'publishedEvent',
  'handledBy',
  'handledAt',
];
/** A card's label: the five kinds a report names (lib/reports.js PHOCA_TYPES). */
const LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];
/** Card fields only hooks and the merge write (pb_hooks/lib/protected-fields.js DERIVED too). */
const CARD_KEPT = ['likeCount', 'exchangeList', 'mergedInto'];
const GROUP_KEPT = ['cardCount'];

const MAX_PER_PAGE = 50;
const DEFAULT_PER_PAGE = 20;
const MAX_PAGE = 100;
const REASON_MAX = 300;
const DUPLICATES_MAX = 20;
const GROUP_SCAN_MAX = 20000;
const RECORD_ID = /^[a-z0-9]{15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Whitespace and zero-width characters: a text of only these is blank (lib/reports.js). */
const INVISIBLE = /[\s\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060\u3164\uFEFF\uFFA0]/g;

const MSG_LOGIN = '로그인이 필요해요.';
const MSG_ADMIN = '관리자만 할 수 있어요.';
const MSG_NOT_FOUND = '제보를 찾을 수 없어요.';
const MSG_HANDLED = '이미 처리된 제보예요.';
const MSG_STATUS = '제보 상태는 open, published, rejected 중 하나예요.';
const MSG_PAGE = `페이지는 1부터 ${MAX_PAGE}까지예요.`;
const MSG_PER_PAGE = `한 번에 ${MAX_PER_PAGE}건까지 볼 수 있어요.`;
const MSG_BODY = '요청 형식이 올바르지 않아요.';
const MSG_GROUP = '그룹을 찾을 수 없어요.';
const MSG_GROUP_NAME = '새 그룹의 이름을 입력해주세요.';
const MSG_GROUP_NAME_LONG = '그룹 이름은 100자까지 쓸 수 있어요.';
const MSG_MEMBER = '멤버 이름을 입력해주세요.';
const MSG_MEMBER_LONG = '멤버 이름은 100자까지 쓸 수 있어요.';
const MSG_TITLE = '포토카드 이름을 입력해주세요.';
const MSG_TITLE_LONG = '포토카드 이름은 200자까지 쓸 수 있어요.';
const MSG_RELEASE_LONG = '앨범(발매) 이름은 200자까지 쓸 수 있어요.';
const MSG_LABEL = '포토카드 종류를 골라주세요. (앨범, 특전, 팬싸, 시즌그리팅, 기타)';
const MSG_DUPLICATE =
  '같은 그룹과 멤버에 이름이 비슷한 카드가 있어요. 중복이 아니라면 확인(force) 후 다시 등록해주세요.';
const MSG_REASON = '반려 사유를 입력해주세요.';
const MSG_REASON_LONG = `반려 사유는 ${REASON_MAX}자까지 쓸 수 있어요.`;
const MSG_NO_IMAGE = '제보 이미지를 찾을 수 없어요. 이 제보는 반려해주세요.';
const MSG_EVENT_TITLE = '밋업 이름을 입력해주세요.';
const MSG_EVENT_LONG = '입력한 내용이 너무 길어요.';
const MSG_EVENT_DATE = '날짜는 YYYY-MM-DD 형식으로 입력해주세요.';
const MSG_EVENT_PLACE = '위도와 경도는 숫자로 입력해주세요.';
const MSG_PROTECTED = '변경할 수 없는 항목이 포함되어 있습니다.';
const MSG_UNHIDE_MERGED = '다른 카드에 합쳐진 카드는 다시 보이게 할 수 없어요.';

const ALERT_CARD = '제보하신 포토카드가 등록되었어요';
const ALERT_EVENT = '제보하신 밋업이 등록되었어요';
const ALERT_CARD_REJECTED = '제보하신 포토카드를 등록하지 않았어요';
const ALERT_EVENT_REJECTED = '제보하신 밋업을 등록하지 않았어요';

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

// ---------------------------------------------------------------- the queue

/** The report's image as the console asks for it (a protected file: add `?token=`). */
function imageOf(report) {
  const field = report.getString('type') === 'meetup' ? 'meetUpImg' : 'phocaImg';
  const name = report.getString(field);
  return name
    ? { field, name, path: `/api/files/${report.collection().name}/${report.id}/${name}` }
    : null;
}

/**
 * GET /api/pocamarket/admin/reports?status=&page=&perPage=: the queue, open reports first, newest
 * first within each part, or one status. `{ items: [{ report, reporter, image }], page, perPage,
 * totalItems, open, more }`.
 */
function listReports(e) {
  requireAdmin(e);
  const get = queryOf(e);
  const status = get('status');
  if (status && STATUSES.indexOf(status) < 0) throw new BadRequestError(MSG_STATUS, {});
  const page = intParam(get('page'), 1);
  if (!(page >= 1 && page <= MAX_PAGE)) throw new BadRequestError(MSG_PAGE, {});
  const perPage = intParam(get('perPage'), DEFAULT_PER_PAGE);
  if (!(perPage >= 1 && perPage <= MAX_PER_PAGE)) throw new BadRequestError(MSG_PER_PAGE, {});
  const app = e.app;
  const offset = (page - 1) * perPage;
  const ORDER = 'ORDER BY [[created]] DESC, [[id]] DESC';
  const open = count(app, "FROM {{informUs}} WHERE [[status]] = 'open'");
  let total;
  let list;
  if (status) {
    total =
      status === 'open'
        ? open
        : count(app, 'FROM {{informUs}} WHERE [[status]] = {:s}', { s: status });
    list = ids(
      app,
      `SELECT [[id]] FROM {{informUs}} WHERE [[status]] = {:s} ${ORDER} LIMIT ${perPage} OFFSET ${offset}`,
      { s: status },
    );
  } else {
    // the open part by (status, created), the handled part by (created); no sort of the whole
    const handled = "FROM {{informUs}} WHERE [[status]] != 'open'";
    total = open + count(app, handled);
    list = [];
    if (offset < open) {
      list = ids(
        app,
        `SELECT [[id]] FROM {{informUs}} WHERE [[status]] = 'open' ${ORDER} LIMIT ${perPage} OFFSET ${offset}`,
      );
    }
    if (list.length < perPage) {
      const skip = Math.max(0, offset - open);
      list = list.concat(
        ids(app, `SELECT [[id]] ${handled} ${ORDER} LIMIT ${perPage - list.length} OFFSET ${skip}`),
      );
    }
  }
  const reports = inOrder(app, 'informUs', list);
  const users = {};
  const userIds = [];
  for (const r of reports) {
    const u = r.getString('user');
    if (u && userIds.indexOf(u) < 0) userIds.push(u);
  }
  for (const u of userIds.length ? app.findRecordsByIds('users', userIds) : []) {
    users[u.id] = { id: u.id, username: u.getString('username') };
  }
  if (reports.length) $apis.enrichRecords(e, reports);
  return {
    items: reports.map((r) => ({
      report: r,
      reporter: users[r.getString('user')] || null,
      image: imageOf(r),
    })),
    page,
    perPage,
    totalItems: total,
    open,
    more: offset + reports.length < total,
  };
}

function openReport(app, id) {
  const report = RECORD_ID.test(id) ? findRecord(app, 'informUs', id) : null;
  if (!report) throw new NotFoundError(MSG_NOT_FOUND);
  return report;
}

/** The card fields of a publish: the body's, checked (Korean 400s). */
function cardFields(body) {
  let group = null;
  let newGroup = null;
  const g = body.group;
  if (typeof g === 'string') {
    if (!RECORD_ID.test(g)) throw badRequest(MSG_GROUP, ['group']);
    group = g;
  } else if (g && typeof g === 'object' && !Array.isArray(g)) {
    const groupName = text(g, 'groupName', 100, MSG_GROUP_NAME_LONG);
    if (blank(groupName)) throw badRequest(MSG_GROUP_NAME, ['group']);
    newGroup = { groupName, groupNameKo: text(g, 'groupNameKo', 100, MSG_GROUP_NAME_LONG) };
  } else {
    throw badRequest(MSG_GROUP, ['group']);
  }
  const memberName = text(body, 'memberName', 100, MSG_MEMBER_LONG);
  if (blank(memberName)) throw badRequest(MSG_MEMBER, ['memberName']);
  const title = text(body, 'title', 200, MSG_TITLE_LONG);
  if (blank(title)) throw badRequest(MSG_TITLE, ['title']);
  const label = text(body, 'label', 100, MSG_LABEL);
  if (LABELS.indexOf(label) < 0) throw badRequest(MSG_LABEL, ['label']);
  return {
    group,
    newGroup,
    memberName,
    memberNameEn: text(body, 'memberNameEn', 100, MSG_MEMBER_LONG),
    release: text(body, 'release', 200, MSG_RELEASE_LONG),
    label,
    title,
  };
}

/**
 * GET /api/pocamarket/admin/reports/{id}/duplicates?group=&memberName=&title=: the cards a card
 * report would duplicate. The fields default to the report's (its group's name matched to a
 * group by either name, `artistName`, `phocaTitle`); the console sends the edited ones.
 * `{ group, items }` (items: the cards, as the record API shows them).
 */
function reportDuplicates(e, id) {
  requireAdmin(e);
  const app = e.app;
  const report = openReport(app, id);
  const get = queryOf(e);
  const groupParam = get('group');
  let group;
  if (groupParam) {
    if (!RECORD_ID.test(groupParam)) throw new BadRequestError(MSG_GROUP, {});
    group = findRecord(app, 'groups', groupParam);
    if (!group) throw new BadRequestError(MSG_GROUP, {});
  } else {
    group = groupByName(app, report.getString('group'));
  }
  const memberName = get('memberName') || report.getString('artistName');
  const title = get('title') || report.getString('phocaTitle');
  const cards = group
    ? inOrder(app, 'photoCards', findDuplicates(app, group.id, memberName, title))
    : [];
  if (cards.length) $apis.enrichRecords(e, cards);
  return {
    group: group
      ? {
          id: group.id,
          groupName: group.getString('groupName'),
          groupNameKo: group.getString('groupNameKo'),
        }
      : null,
    items: cards,
  };
}

/** The stored file of `record[field]` as a new upload, or null when it is gone. */
function copyFile(app, record, field) {
  const name = record.getString(field);
  if (!name) return null;
  const key = `${record.baseFilesPath()}/${name}`;
  const fsys = app.newFilesystem();
  try {
    if (!fsys.exists(key)) return null;
    const reader = fsys.getReader(key);
    let bytes;
    try {
      bytes = toBytes(reader);
    } finally {
      reader.close();
    }
    return $filesystem.fileFromBytes(bytes, name);
  } finally {
    fsys.close();
  }
}

/** Marks the report handled by `admin` (status and the rest), unsaved. */
function handle(report, admin, status) {
  report.set('status', status);
  report.set('handledBy', admin.id);
  report.set('handledAt', new DateTime());
}

/** The report, read again inside the transaction: still open, or a 409. */
function stillOpen(tx, id) {
  const report = findRecord(tx, 'informUs', id);
  if (!report) throw new NotFoundError(MSG_NOT_FOUND);
  const status = report.getString('status');
  if (status !== 'open' && status !== '') throw conflict(MSG_HANDLED);
  return report;
}

/**
 * POST /api/pocamarket/admin/reports/{id}/publish: a card report becomes a photoCards record (a
 * meetup report a meetUps record), in one transaction. Answers `{ report, card }` or
 * `{ report, event }`; a card near one already there is refused with 409 and `duplicates` unless
 * the body says `force: true`.
 */
function publishReport(e, id) {
  const admin = requireAdmin(e);
  const body = bodyOf(e);
  const report = openReport(e.app, id);
  const status = report.getString('status');
  if (status !== 'open' && status !== '') throw conflict(MSG_HANDLED);
  return report.getString('type') === 'meetup'
    ? publishEvent(e, admin, id, body)
    : publishCard(e, admin, report, body);
}

/** A card report's fields as a publish body: what the body leaves out, the report says. */
function withReportDefaults(app, report, body) {
  const out = {
    memberName: report.getString('artistName'),
    title: report.getString('phocaTitle'),
    label: report.getString('phocaType'),
  };
  if (body.group === undefined) {
    const group = groupByName(app, report.getString('group'));
    if (group) out.group = group.id;
  }
  for (const k of Object.keys(body)) out[k] = body[k];
  return out;
}

function publishCard(e, admin, source, sent) {
  const { audit, snapshot, tellFan } = require(`${__hooks}/lib/audit.js`);
  const app = e.app;
  const id = source.id;
  const body = withReportDefaults(app, source, sent);
  const f = cardFields(body);
  const group = f.group
    ? findRecord(app, 'groups', f.group)
    : groupByName(app, f.newGroup.groupName);
  if (f.group && !group) throw badRequest(MSG_GROUP, ['group']);
  if (group && body.force !== true) {
    const dupes = findDuplicates(app, group.id, f.memberName, f.title);
    if (dupes.length) {
      const cards = inOrder(app, 'photoCards', dupes);
      $apis.enrichRecords(e, cards);
      return {
        status: 409,
        body: {
          status: 409,
          message: MSG_DUPLICATE,
          data: { title: { code: 'validation_duplicate_card', message: MSG_DUPLICATE } },
          duplicates: cards,
        },
      };
    }
  }
  const out = { report: '', card: '' };
  app.runInTransaction((tx) => {
    const report = stillOpen(tx, id);
    const before = snapshot(report);
    let g = group ? findRecord(tx, 'groups', group.id) : null;
    if (!g) {
      g = new Record(tx.findCollectionByNameOrId('groups'));
      g.set('groupName', f.newGroup.groupName);
      g.set('groupNameKo', f.newGroup.groupNameKo);
      tx.save(g);
      audit(tx, {
        actor: admin,
        action: 'group.create',
        collection: 'groups',
        id: g.id,
        reason: `제보 ${id}`,
        before: null,
        after: snapshot(g),
      });
    }
    const image = copyFile(tx, report, 'phocaImg');
    if (!image) throw badRequest(MSG_NO_IMAGE, ['phocaImg']);
    const card = new Record(tx.findCollectionByNameOrId('photoCards'));
    card.set('group', g.id);
    card.set('groupName', g.getString('groupName'));
    card.set('memberName', f.memberName);
    card.set('memberNameEn', f.memberNameEn);
    card.set('title', f.title);
    card.set('label', f.label);
    if (card.collection().fields.getByName('release')) card.set('release', f.release);
    card.set('cardImg', image);
    tx.save(card);
    report.set('publishedCard', card.id);
    report.set('rejectReason', '');
    handle(report, admin, 'published');
    tx.save(report);
    tellFan(tx, report.getString('user'), {
      title: ALERT_CARD,
      body: `${g.getString('groupName')} ${f.memberName} · ${f.title}`,
      url: `/exchangeDetail/${card.id}`,
    });
    audit(tx, {
      actor: admin,
      action: 'report.publish',
      collection: 'informUs',
      id,
      before,
      after: { report: snapshot(report), card: snapshot(card) },
    });
    out.report = report.id;
    out.card = card.id;
  });
  const report = findRecord(app, 'informUs', out.report);
  const card = findRecord(app, 'photoCards', out.card);
  $apis.enrichRecords(e, [report]);
  $apis.enrichRecords(e, [card]);
  return { status: 200, body: { report, card } };
}

/** A `YYYY-MM-DD` body field as a stored date ('' when absent). */
function dateField(body, field) {
  const v = body[field];
  if (v == null || v === '') return '';
  if (typeof v !== 'string' || !DATE.test(v) || isNaN(Date.parse(`${v}T00:00:00Z`))) {
    throw badRequest(MSG_EVENT_DATE, [field]);
  }
  return `${v} 00:00:00.000Z`;
}

function numberField(body, field, min, max) {
  const v = body[field];
  if (v == null || v === '') return null;
  if (typeof v !== 'number' || !isFinite(v) || v < min || v > max) {
    throw badRequest(MSG_EVENT_PLACE, [field]);
  }
  return v;
}

function publishEvent(e, admin, id, body) {
  const { audit, snapshot, tellFan } = require(`${__hooks}/lib/audit.js`);
  const app = e.app;
  const source = findRecord(app, 'informUs', id);
  /** The body's text, or the report's when the body leaves it out. */
  const pick = (field, from, max) =>
    body[field] === undefined
      ? source.getString(from).trim().slice(0, max)
      : text(body, field, max, MSG_EVENT_LONG);
  const fields = {
    eventTitle: pick('eventTitle', 'cafeName', 200),
    cafeName: pick('cafeName', 'cafeName', 200),
    address: pick('address', 'cafeAddress', 300),
    date: pick('date', 'meetUpDuration', 100),
    artistName: pick('artistName', 'artistName', 100),
    source: pick('source', 'SourceURL_', 1000),
  };
  if (blank(fields.eventTitle)) throw badRequest(MSG_EVENT_TITLE, ['eventTitle']);
  const startDate = dateField(body, 'startDate');
  const endDate = dateField(body, 'endDate');
  const lat = numberField(body, 'lat', -90, 90);
  const lng = numberField(body, 'lng', -180, 180);
  let group;
  if (body.group != null && body.group !== '') {
    if (typeof body.group !== 'string' || !RECORD_ID.test(body.group)) {
      throw badRequest(MSG_GROUP, ['group']);
    }
    group = findRecord(app, 'groups', body.group);
    if (!group) throw badRequest(MSG_GROUP, ['group']);
  } else {
    group = groupByName(app, source.getString('group'));
  }
  const out = { report: '', event: '' };
  app.runInTransaction((tx) => {
    const report = stillOpen(tx, id);
    const before = snapshot(report);
    const image = copyFile(tx, report, 'meetUpImg');
    if (!image) throw badRequest(MSG_NO_IMAGE, ['meetUpImg']);
    const event = new Record(tx.findCollectionByNameOrId('meetUps'));
    for (const k of Object.keys(fields)) event.set(k, fields[k]);
    if (startDate) event.set('startDate', startDate);
    if (endDate) event.set('endDate', endDate);
    if (lat !== null && lng !== null) {
      event.set('lat', lat);
      event.set('lng', lng);
    }
    if (group) event.set('group', group.id);
    event.set('eventImg', [image]);
    tx.save(event);
    report.set('publishedEvent', event.id);
    report.set('rejectReason', '');
    handle(report, admin, 'published');
    tx.save(report);
    tellFan(tx, report.getString('user'), {
      title: ALERT_EVENT,
      body: fields.eventTitle,
      url: `/meetupDetail/${event.id}`,
    });
    audit(tx, {
      actor: admin,
      action: 'report.publish',
      collection: 'informUs',
      id,
      before,
      after: { report: snapshot(report), event: snapshot(event) },
    });
    out.report = report.id;
    out.event = event.id;
  });
  const report = findRecord(app, 'informUs', out.report);
  const event = findRecord(app, 'meetUps', out.event);
  $apis.enrichRecords(e, [report]);
  $apis.enrichRecords(e, [event]);
  return { status: 200, body: { report, event } };
}

/**
 * POST /api/pocamarket/admin/reports/{id}/reject `{ reason }`: the report is rejected with the
 * admin's reason (required, at most 300 characters), which the reporter's alert carries.
 */
function rejectReport(e, id) {
  const admin = requireAdmin(e);
  const body = bodyOf(e);
  const { audit, snapshot, tellFan } = require(`${__hooks}/lib/audit.js`);
  const app = e.app;
  openReport(app, id);
  const reason = text(body, 'reason', REASON_MAX, MSG_REASON_LONG);
  if (blank(reason)) throw badRequest(MSG_REASON, ['reason']);
  let out = null;
  app.runInTransaction((tx) => {
    const report = stillOpen(tx, id);
    const before = snapshot(report);
    report.set('rejectReason', reason);
    handle(report, admin, 'rejected');
    tx.save(report);
    tellFan(tx, report.getString('user'), {
      title: report.getString('type') === 'meetup' ? ALERT_EVENT_REJECTED : ALERT_CARD_REJECTED,
      body: reason,
      url: '/informUs',
    });
    audit(tx, {
      actor: admin,
      action: 'report.reject',
      collection: 'informUs',
      id,
      reason,
      before,
      after: snapshot(report),
    });
    out = report.id;
  });
  const report = findRecord(app, 'informUs', out);
  $apis.enrichRecords(e, [report]);
  return { report };
}

// ---------------------------------------------------------------- record API hooks

/** A fan's new report: none of the handling may be sent; it starts `open`. */
function checkNewReport(e) {
  if (e.hasSuperuserAuth()) {
    if (!e.record.getString('status')) e.record.set('status', 'open');
    return;
  }
  const r = e.record;
  const bad = HANDLING_FIELDS.filter((f) =>
    f === 'status' ? ['', 'open'].indexOf(r.getString(f)) < 0 : r.getString(f) !== '',
  );
  if (bad.length) throw badRequest(MSG_PROTECTED, bad, 'validation_protected_field');
  r.set('status', 'open');
}

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

/** An admin deleting a report through the record API: audited (the author's own delete is not). */
function auditReportDelete(e) {
  const auth = e.auth;
  const admin =
    auth &&
    !e.hasSuperuserAuth() &&
    auth.getString('role') === 'admin' &&
    auth.id !== e.record.getString('user');
  if (!admin) return e.next();
  const { audit, snapshot } = require(`${__hooks}/lib/audit.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const before = snapshot(e.record);
  inTransaction(e, (tx) =>
    audit(tx, {
      actor: auth,
      action: 'report.delete',
      collection: 'informUs',
      id: e.record.id,
      before,
      after: null,
    }),
  );
}

module.exports = {
  STATUSES,
  HANDLING_FIELDS,
  LABELS,
  MAX_PER_PAGE,
  REASON_MAX,
  MSG_ADMIN,
  MSG_LOGIN,
  MSG_HANDLED,
  MSG_DUPLICATE,
  MSG_REASON,
  MSG_REASON_LONG,
  ALERT_CARD,
  ALERT_EVENT,
  ALERT_CARD_REJECTED,
  ALERT_EVENT_REJECTED,
  requireAdmin,
  bodyOf,
  conflict,
  auditSnapshot,
  nearTitle,
  findDuplicates,
  listReports,
  reportDuplicates,
  publishReport,
  rejectReport,
  checkNewReport,
  checkCardWrite,
  checkGroupWrite,
  auditedWrite,
  auditReportDelete,
};
