/**
 * The report queue (docs/operators.md, The report queue), for users with `role = "admin"`. Used
 * by pb_hooks/admin-catalogue.pb.js.
 *
 * A fan's 제보 (`informUs`) is `open` until an admin publishes it as a catalogue card (a meetup
 * report: an event) or rejects it with a reason. Each action is one transaction: the card or
 * event with the report's image copied, the report's handling, the reporter's alert (lib/audit.js
 * tellFan) and the audit entry (before/after) commit together or not at all. A publish that would
 * add a card near one already there (lib/admin-catalogue.js findDuplicates) is refused unless the
 * admin confirms it (`force: true`).
 *
 * Cost per request is bounded: queue pages of at most MAX_PER_PAGE reports, MAX_PAGE pages deep,
 * each found by an index. Bad input is a 400 with a Korean message before anything is written.
 */

const { findRecord } = require(`${__hooks}/lib/records.js`);
const { badRequest } = require(`${__hooks}/lib/errors.js`);
const {
  LABELS,
  RECORD_ID,
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
  findDuplicates,
  groupByName,
} = require(`${__hooks}/lib/admin-catalogue.js`);

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

const MAX_PER_PAGE = 50;
const DEFAULT_PER_PAGE = 20;
const MAX_PAGE = 100;
const REASON_MAX = 300;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const MSG_NOT_FOUND = '제보를 찾을 수 없어요.';
const MSG_HANDLED = '이미 처리된 제보예요.';
const MSG_STATUS = '제보 상태는 open, published, rejected 중 하나예요.';
const MSG_PAGE = `페이지는 1부터 ${MAX_PAGE}까지예요.`;
const MSG_PER_PAGE = `한 번에 ${MAX_PER_PAGE}건까지 볼 수 있어요.`;
const MSG_GROUP = '그룹을 찾을 수 없어요.';
const MSG_GROUP_NAME = '새 그룹의 이름을 입력해주세요.';
const MSG_GROUP_NAME_LONG = '그룹 이름은 100자까지 쓸 수 있어요.';
const MSG_MEMBER = '멤버 이름을 입력해주세요.';
const MSG_MEMBER_LONG = '멤버 이름은 100자까지 쓸 수 있어요.';
const MSG_TITLE = '포토카드 이름을 입력해주세요.';
const MSG_TITLE_LONG = '포토카드 이름은 200자까지 쓸 수 있어요.';
const MSG_RELEASE_LONG = '앨범(발매) 이름은 200자까지 쓸 수 있어요.';
const MSG_DUPLICATE =
  '같은 그룹과 멤버에 이름이 비슷한 카드가 있어요. 중복이 아니라면 확인(force) 후 다시 등록해주세요.';
const MSG_REASON = '반려 사유를 입력해주세요.';
const MSG_REASON_LONG = `반려 사유는 ${REASON_MAX}자까지 쓸 수 있어요.`;
const MSG_NO_IMAGE = '제보 이미지를 찾을 수 없어요. 이 제보는 반려해주세요.';
const MSG_EVENT_TITLE = '밋업 이름을 입력해주세요.';
const MSG_EVENT_LONG = '입력한 내용이 너무 길어요.';
const MSG_EVENT_DATE = '날짜는 YYYY-MM-DD 형식으로 입력해주세요.';
const MSG_EVENT_PLACE = '위도와 경도는 숫자로 입력해주세요.';

const ALERT_CARD = '제보하신 포토카드가 등록되었어요';
const ALERT_EVENT = '제보하신 밋업이 등록되었어요';
const ALERT_CARD_REJECTED = '제보하신 포토카드를 등록하지 않았어요';
const ALERT_EVENT_REJECTED = '제보하신 밋업을 등록하지 않았어요';

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

/** What a publish made, by kind: the report's field naming it and its collection. */
const PUBLISHED = {
  card: { field: 'publishedCard', collection: 'photoCards' },
  event: { field: 'publishedEvent', collection: 'meetUps' },
};

/**
 * The end every publish shares, inside its transaction: the report becomes `published` with the
 * card or event it made (`kind`), the reporter gets `alert`, and the audit entry keeps the report
 * before and both records after.
 */
function finishPublish(tx, admin, report, before, kind, made, alert) {
  const { audit, snapshot, tellFan } = require(`${__hooks}/lib/audit.js`);
  report.set(PUBLISHED[kind].field, made.id);
  report.set('rejectReason', '');
  handle(report, admin, 'published');
  tx.save(report);
  tellFan(tx, report.getString('user'), alert);
  const after = { report: snapshot(report) };
  after[kind] = snapshot(made);
  audit(tx, {
    actor: admin,
    action: 'report.publish',
    collection: 'informUs',
    id: report.id,
    before,
    after,
  });
}

/** A publish's answer once committed: `{ report, card }` or `{ report, event }`, as records. */
function publishedAnswer(e, out, kind) {
  const report = findRecord(e.app, 'informUs', out.report);
  const made = findRecord(e.app, PUBLISHED[kind].collection, out.made);
  $apis.enrichRecords(e, [report]);
  $apis.enrichRecords(e, [made]);
  const body = { report };
  body[kind] = made;
  return { status: 200, body };
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
  const { audit, snapshot } = require(`${__hooks}/lib/audit.js`);
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
    finishPublish(tx, admin, report, before, 'card', card, {
      title: ALERT_CARD,
      body: `${g.getString('groupName')} ${f.memberName} · ${f.title}`,
      url: `/exchangeDetail/${card.id}`,
    });
    out.report = report.id;
    out.made = card.id;
  });
  return publishedAnswer(e, out, 'card');
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
  const { snapshot } = require(`${__hooks}/lib/audit.js`);
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
    finishPublish(tx, admin, report, before, 'event', event, {
      title: ALERT_EVENT,
      body: fields.eventTitle,
      url: `/meetupDetail/${event.id}`,
    });
    out.report = report.id;
    out.made = event.id;
  });
  return publishedAnswer(e, out, 'event');
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
  MAX_PER_PAGE,
  REASON_MAX,
  MSG_HANDLED,
  MSG_DUPLICATE,
  MSG_REASON,
  MSG_REASON_LONG,
  ALERT_CARD,
  ALERT_EVENT,
  ALERT_CARD_REJECTED,
  ALERT_EVENT_REJECTED,
  listReports,
  reportDuplicates,
  publishReport,
  rejectReport,
  checkNewReport,
  auditReportDelete,
};
