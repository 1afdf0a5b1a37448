/**
 * The admins' moderation actions (docs/operators.md, Moderation, Routes), used by
 * pb_hooks/moderation.pb.js: `act` runs one of hide, unhide, warn, unwarn, suspend, unsuspend,
 * ban, unban, dismiss and reopen, each in one transaction with its audit entry (lib/audit.js:
 * before and after) and the alerts telling the reported fan and the reporters the outcome (topic
 * `report`). Hiding content and dismissing or reopening a report are here; the actions on a fan's
 * standing are lib/moderation-fan-actions.js, and what the actions share (the body's reason, the
 * report an action answers, closing reports) lib/moderation-common.js. The queue and the fans'
 * standing are lib/moderation.js.
 *
 * Every refusal is a 400 with a Korean message, before anything is written.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord } = require(`${__hooks}/lib/records.js`);
const { CONTENT, requireAdmin } = require(`${__hooks}/lib/moderation.js`);
const {
  MSG_REPORT_MISSING,
  MSG_REPORT_CLOSED,
  reasonOf,
  stringOf,
  openReport,
  closeReports,
} = require(`${__hooks}/lib/moderation-common.js`);
const {
  warnAction,
  unwarnAction,
  suspendAction,
  unsuspendAction,
  banAction,
  unbanAction,
} = require(`${__hooks}/lib/moderation-fan-actions.js`);

const MSG_ACTION = '알 수 없는 조치예요.';
const MSG_COLLECTION = '가릴 수 있는 것은 교환글, 댓글, 메시지예요.';
const MSG_CONTENT_MISSING = '대상을 찾을 수 없어요.';
const MSG_ALREADY_HIDDEN = '이미 가려진 내용이에요.';
const MSG_NOT_HIDDEN = '가려진 내용이 아니에요.';
const MSG_REPORT_OPEN = '처리되지 않은 신고예요.';

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
