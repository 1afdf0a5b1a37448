/**
 * The report queue (docs/operators.md, The report queue), for users with `role = "admin"`:
 * listing the queue, the cards a report would duplicate, rejecting a report, and the record API
 * hooks that keep a report's handling the queue's. Used by pb_hooks/admin-catalogue.pb.js.
 * Publishing a report is lib/report-publish.js, which reads reports through this module
 * (openReport, stillOpen, handle).
 *
 * A fan's 제보 (`informUs`) is `open` until an admin publishes it as a catalogue card (a meetup
 * report: an event) or rejects it with a reason. A rejection is one transaction: the report's
 * handling, the reporter's alert (lib/audit.js tellFan) and the audit entry (before/after) commit
 * together or not at all.
 *
 * Cost per request is bounded: queue pages of at most MAX_PER_PAGE reports, MAX_PAGE pages deep,
 * each found by an index. Bad input is a 400 with a Korean message before anything is written.
 */

const { findRecord } = require(`${__hooks}/lib/records.js`);
const { badRequest } = require(`${__hooks}/lib/errors.js`);
const {
  RECORD_ID,
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

const MSG_NOT_FOUND = '제보를 찾을 수 없어요.';
const MSG_HANDLED = '이미 처리된 제보예요.';
const MSG_STATUS = '제보 상태는 open, published, rejected 중 하나예요.';
const MSG_PAGE = `페이지는 1부터 ${MAX_PAGE}까지예요.`;
const MSG_PER_PAGE = `한 번에 ${MAX_PER_PAGE}건까지 볼 수 있어요.`;
const MSG_GROUP = '그룹을 찾을 수 없어요.';
const MSG_REASON = '반려 사유를 입력해주세요.';
const MSG_REASON_LONG = `반려 사유는 ${REASON_MAX}자까지 쓸 수 있어요.`;

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

/** The report `id` (any status), or a 404. */
function openReport(app, id) {
  const report = RECORD_ID.test(id) ? findRecord(app, 'informUs', id) : null;
  if (!report) throw new NotFoundError(MSG_NOT_FOUND);
  return report;
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

// ---------------------------------------------------------------- a report's handling

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
  MSG_NOT_FOUND,
  MSG_HANDLED,
  MSG_GROUP,
  MSG_REASON,
  MSG_REASON_LONG,
  ALERT_CARD_REJECTED,
  ALERT_EVENT_REJECTED,
  listReports,
  openReport,
  reportDuplicates,
  handle,
  stillOpen,
  rejectReport,
  checkNewReport,
  auditReportDelete,
};
