/**
 * The admins' moderation actions (docs/operators.md, Moderation, Routes), used by
 * pb_hooks/moderation.pb.js: `act` runs one of hide, unhide, warn, unwarn, suspend, unsuspend,
 * ban, unban, dismiss and reopen, each in one transaction with its audit entry (lib/audit.js:
 * before and after) and the alerts telling the reported fan and the reporters the outcome (topic
 * `report`). The queue and the fans' standing are lib/moderation.js.
 *
 * Every refusal is a 400 with a Korean message, before anything is written.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord } = require(`${__hooks}/lib/records.js`);
const { REASON_MAX, DAYS_MAX, CONTENT, MSG_USER_MISSING, requireAdmin, standingAnswer } = require(
  `${__hooks}/lib/moderation.js`,
);

const MSG_REASON_EMPTY = '사유를 입력해주세요.';
const MSG_REASON_TOO_LONG = `사유는 ${REASON_MAX}자까지 쓸 수 있어요.`;
const MSG_ACTION = '알 수 없는 조치예요.';
const MSG_COLLECTION = '가릴 수 있는 것은 교환글, 댓글, 메시지예요.';
const MSG_CONTENT_MISSING = '대상을 찾을 수 없어요.';
const MSG_ALREADY_HIDDEN = '이미 가려진 내용이에요.';
const MSG_NOT_HIDDEN = '가려진 내용이 아니에요.';
const MSG_USER_ADMIN = '관리자에게는 이 조치를 할 수 없어요.';
const MSG_DAYS = `정지 기간은 1일에서 ${DAYS_MAX}일 사이의 정수로 입력해주세요.`;
const MSG_NOT_SUSPENDED = '이용 정지 중인 회원이 아니에요.';
const MSG_ALREADY_BANNED = '이미 영구 정지된 회원이에요.';
const MSG_NOT_BANNED = '영구 정지된 회원이 아니에요.';
const MSG_REPORT_MISSING = '신고를 찾을 수 없어요.';
const MSG_REPORT_CLOSED = '이미 처리된 신고예요.';
const MSG_REPORT_OPEN = '처리되지 않은 신고예요.';

/** A reason of 1–300 characters (trimmed), or a 400. */
function reasonOf(body, field) {
  const raw = body[field || 'reason'];
  const reason = typeof raw === 'string' ? raw.trim() : '';
  if (!reason) throw badRequest(MSG_REASON_EMPTY, [field || 'reason']);
  if (Array.from(reason).length > REASON_MAX) {
    throw badRequest(MSG_REASON_TOO_LONG, [field || 'reason']);
  }
  return reason;
}

function stringOf(body, field) {
  const v = body[field];
  return typeof v === 'string' ? v.trim() : '';
}

/** A fan's moderation fields as plain values (the audit's before / after). */
function standingSnapshot(user) {
  return {
    id: user.id,
    username: user.getString('username'),
    suspendedUntil: user.getString('suspendedUntil'),
    suspendReason: user.getString('suspendReason'),
    banned: user.getBool('banned'),
    banReason: user.getString('banReason'),
  };
}

const ACTIONS = {
  hide: hideAction(true),
  unhide: hideAction(false),
  warn: warnAction,
  unwarn: unwarnAction,
  suspend: suspendAction,
  unsuspend: unsuspendAction,
  ban: banAction,
  unban: unbanAction,
  dismiss: dismissAction,
  reopen: reopenAction,
};

/**
 * POST /api/pocamarket/moderation/{action} (admins): runs the action in one transaction and
 * answers what changed ({ action, auditId, ... }).
 */
function act(e, action) {
  const admin = requireAdmin(e);
  const run = ACTIONS[action];
  if (!run) throw new NotFoundError(MSG_ACTION);
  const body = e.requestInfo().body || {};
  let answer = null;
  e.app.runInTransaction((txApp) => {
    answer = run(txApp, admin, body);
  });
  return answer;
}

/** A fan's users record for an action on them, or a 400 (missing, an admin). */
function targetFan(app, body) {
  const id = stringOf(body, 'user');
  const user = id ? findRecord(app, 'users', id) : null;
  if (!user) throw badRequest(MSG_USER_MISSING, ['user']);
  if (user.getString('role') === 'admin') throw badRequest(MSG_USER_ADMIN, ['user']);
  return user;
}

/** The open report an action answers, when the body names one ('' : none), or a 400. */
function openReport(app, body) {
  const id = stringOf(body, 'report');
  if (!id) return null;
  const report = findRecord(app, 'chatReports', id);
  if (!report) throw badRequest(MSG_REPORT_MISSING, ['report']);
  if (report.getString('status') !== 'open') throw badRequest(MSG_REPORT_CLOSED, ['report']);
  return report;
}

/**
 * Closes `reports` (each still open) as `status` with the action and reason, audits each, and
 * tells each reporter (`note(report)`: the alert, or null for none).
 */
function closeReports(app, admin, reports, status, action, reason, note) {
  const audit = require(`${__hooks}/lib/audit.js`);
  const seen = {};
  for (const report of reports) {
    if (!report || seen[report.id] || report.getString('status') !== 'open') continue;
    seen[report.id] = true;
    const before = audit.snapshot(report);
    report.set('status', status);
    report.set('outcome', action);
    report.set('resolution', reason);
    report.set('resolvedBy', admin.id);
    report.set('resolvedAt', new DateTime());
    app.save(report);
    audit.audit(app, {
      actor: admin,
      action: status === 'dismissed' ? 'report.dismiss' : 'report.resolve',
      collection: 'chatReports',
      id: report.id,
      reason: reason,
      before: before,
      after: audit.snapshot(report),
    });
    const alert = note(report);
    if (alert) audit.tellFan(app, report.getString('reporter'), alert);
  }
}

/** The open reports of one item (`exchangeList/<id>`, …): at most 200, oldest first. */
function openReportsOf(app, item) {
  return app.findRecordsByFilter(
    'chatReports',
    "item = {:item} && status = 'open'",
    'created',
    200,
    0,
    { item: item },
  );
}

/** Where the fan finds a post, a comment or a message in the app. */
function urlOf(collection, content) {
  if (collection === 'exchangeList') return `/exchangeDetail/${content.getString('photoCard')}`;
  if (collection === 'comments') return `/meetupDetail/${content.getString('meetUp')}`;
  return `/chatting/${content.getString('conversation')}`;
}

function hideAction(hide) {
  return (app, admin, body) => {
    const audit = require(`${__hooks}/lib/audit.js`);
    const collection = stringOf(body, 'collection');
    const spec = CONTENT[collection];
    if (!spec) throw badRequest(MSG_COLLECTION, ['collection']);
    const reason = reasonOf(body);
    const content = findRecord(app, collection, stringOf(body, 'id'));
    if (!content) throw badRequest(MSG_CONTENT_MISSING, ['id']);
    if (content.getBool('hidden') === hide) {
      throw badRequest(hide ? MSG_ALREADY_HIDDEN : MSG_NOT_HIDDEN, ['id']);
    }
    const report = openReport(app, body);
    const before = audit.snapshot(content);
    content.set('hidden', hide);
    content.set('hiddenReason', hide ? reason : '');
    app.save(content);
    // the conversation list's excerpt of a hidden last message is the notice, not its text
    if (collection === 'messages')
      require(`${__hooks}/lib/chat.js`).refreshLastMessage(app, content);
    const action = hide ? 'content.hide' : 'content.unhide';
    const entry = audit.audit(app, {
      actor: admin,
      action: action,
      collection: collection,
      id: content.id,
      reason: reason,
      before: before,
      after: audit.snapshot(content),
    });
    const noun = spec.noun;
    const url = urlOf(collection, content);
    audit.tellFan(
      app,
      content.getString(spec.owner),
      hide
        ? {
            title: `운영 정책에 따라 회원님의 ${noun}${noun === '글' ? '이' : '가'} 가려졌어요`,
            body: `사유: ${reason}`,
            url: url,
          }
        : {
            title: `가려졌던 ${noun}${noun === '글' ? '이' : '가'} 다시 보여요`,
            body: `다시 검토한 결과예요. ${reason}`,
            url: url,
          },
    );
    if (hide) {
      const reports = [report].concat(openReportsOf(app, `${collection}/${content.id}`));
      closeReports(app, admin, reports, 'actioned', action, reason, () => ({
        title: '신고하신 내용을 처리했어요',
        body: `신고하신 ${noun}${noun === '글' ? '을' : '를'} 운영 정책에 따라 가렸어요. 알려주셔서 고마워요.`,
        url: url,
      }));
    }
    return {
      action: action,
      auditId: entry.id,
      collection: collection,
      id: content.id,
      hidden: hide,
    };
  };
}

/** The alert a reporter gets when a report about a fan was acted on. */
function reporterNote(what) {
  return () => ({
    title: '신고하신 내용을 처리했어요',
    body: `신고하신 회원에게 ${what}. 알려주셔서 고마워요.`,
    url: '/alerts',
  });
}

/** Runs a change of a fan's standing: audit with before / after, alerts, the report closed. */
function changeStanding(app, admin, body, opts) {
  const audit = require(`${__hooks}/lib/audit.js`);
  const user = targetFan(app, body);
  const reason = reasonOf(body);
  opts.check(user, body);
  const report = opts.closes ? openReport(app, body) : null;
  const before = standingSnapshot(user);
  opts.change(user, body, reason);
  if (opts.save !== false) app.save(user);
  const after = standingSnapshot(user);
  const entry = audit.audit(app, {
    actor: admin,
    action: opts.action,
    collection: 'users',
    id: user.id,
    reason: reason,
    before: before,
    after: opts.after ? opts.after(after) : after,
  });
  audit.tellFan(app, user.id, opts.note(user, reason));
  if (report) {
    closeReports(app, admin, [report], 'actioned', opts.action, reason, reporterNote(opts.told));
  }
  return Object.assign(
    { action: opts.action, auditId: entry.id, user: user.id },
    standingAnswer(user),
  );
}

function warnAction(app, admin, body) {
  return changeStanding(app, admin, body, {
    action: 'user.warn',
    closes: true,
    save: false,
    check: () => {},
    change: () => {},
    after: (after) => Object.assign({ warned: true }, after),
    note: (user, reason) => ({
      title: '운영 정책 위반으로 경고를 받았어요',
      body: `사유: ${reason}\n같은 일이 반복되면 이용이 정지될 수 있어요.`,
      url: '/alerts',
    }),
    told: '경고를 보냈어요',
  });
}

function unwarnAction(app, admin, body) {
  return changeStanding(app, admin, body, {
    action: 'user.unwarn',
    save: false,
    check: () => {},
    change: () => {},
    after: (after) => Object.assign({ warned: false }, after),
    note: (user, reason) => ({
      title: '앞서 보낸 경고를 철회했어요',
      body: `다시 검토한 결과예요. ${reason}`,
      url: '/alerts',
    }),
  });
}

function suspendAction(app, admin, body) {
  const s = require(`${__hooks}/lib/suspension.js`);
  return changeStanding(app, admin, body, {
    action: 'user.suspend',
    closes: true,
    check: () => {
      const days = body.days;
      if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > DAYS_MAX) {
        throw badRequest(MSG_DAYS, ['days']);
      }
    },
    change: (user, b, reason) => {
      user.set('suspendedUntil', new Date(Date.now() + b.days * s.DAY_MS).toISOString());
      user.set('suspendReason', reason);
    },
    after: (after) => Object.assign({ days: body.days }, after),
    note: (user, reason) => ({
      title: '이용이 정지되었어요',
      body:
        `${s.koreanDate(s.msOf(user.getString('suspendedUntil')))}까지 글을 쓰거나 바꿀 수 없어요.` +
        ` 사유: ${reason}`,
      url: '/alerts',
    }),
    told: `${body.days}일 이용 정지를 했어요`,
  });
}

function unsuspendAction(app, admin, body) {
  const s = require(`${__hooks}/lib/suspension.js`);
  return changeStanding(app, admin, body, {
    action: 'user.unsuspend',
    check: (user) => {
      if (!s.standingOf(user).suspendedUntil) throw badRequest(MSG_NOT_SUSPENDED, ['user']);
    },
    change: (user) => {
      user.set('suspendedUntil', '');
      user.set('suspendReason', '');
    },
    note: (user, reason) => ({
      title: '이용 정지가 풀렸어요',
      body: `지금부터 다시 글을 쓰고 바꿀 수 있어요. ${reason}`,
      url: '/alerts',
    }),
  });
}

function banAction(app, admin, body) {
  return changeStanding(app, admin, body, {
    action: 'user.ban',
    closes: true,
    check: (user) => {
      if (user.getBool('banned')) throw badRequest(MSG_ALREADY_BANNED, ['user']);
    },
    change: (user, b, reason) => {
      user.set('banned', true);
      user.set('banReason', reason);
      // every session of the fan ends now: their tokens no longer verify
      user.refreshTokenKey();
    },
    note: (user, reason) => ({
      title: '이용이 영구 정지되었어요',
      body: `사유: ${reason}`,
      url: '/alerts',
    }),
    told: '영구 정지를 했어요',
  });
}

function unbanAction(app, admin, body) {
  return changeStanding(app, admin, body, {
    action: 'user.unban',
    check: (user) => {
      if (!user.getBool('banned')) throw badRequest(MSG_NOT_BANNED, ['user']);
    },
    change: (user) => {
      user.set('banned', false);
      user.set('banReason', '');
    },
    note: (user, reason) => ({
      title: '영구 정지가 풀렸어요',
      body: `다시 로그인해서 이용할 수 있어요. ${reason}`,
      url: '/alerts',
    }),
  });
}

function dismissAction(app, admin, body) {
  const reason = reasonOf(body);
  const report = findRecord(app, 'chatReports', stringOf(body, 'report'));
  if (!report) throw badRequest(MSG_REPORT_MISSING, ['report']);
  if (report.getString('status') !== 'open') throw badRequest(MSG_REPORT_CLOSED, ['report']);
  closeReports(app, admin, [report], 'dismissed', 'report.dismiss', reason, () => ({
    title: '신고하신 내용을 검토했어요',
    body: `운영 정책 위반을 찾지 못해 이번에는 조치하지 않았어요. ${reason}`,
    url: '/alerts',
  }));
  return { action: 'report.dismiss', report: report.id, status: 'dismissed' };
}

function reopenAction(app, admin, body) {
  const audit = require(`${__hooks}/lib/audit.js`);
  const reason = reasonOf(body);
  const report = findRecord(app, 'chatReports', stringOf(body, 'report'));
  if (!report) throw badRequest(MSG_REPORT_MISSING, ['report']);
  if (report.getString('status') === 'open') throw badRequest(MSG_REPORT_OPEN, ['report']);
  const before = audit.snapshot(report);
  report.set('status', 'open');
  report.set('outcome', '');
  report.set('resolution', '');
  report.set('resolvedBy', '');
  report.set('resolvedAt', '');
  app.save(report);
  const entry = audit.audit(app, {
    actor: admin,
    action: 'report.reopen',
    collection: 'chatReports',
    id: report.id,
    reason: reason,
    before: before,
    after: audit.snapshot(report),
  });
  return { action: 'report.reopen', auditId: entry.id, report: report.id, status: 'open' };
}

module.exports = { act };
