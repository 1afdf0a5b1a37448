/**
 * What the admins' moderation actions share (docs/operators.md, Moderation, Routes; used by
 * lib/moderation-actions.js and lib/moderation-fan-actions.js): the reason and the other fields of
 * an action's body, the open report (`chatReports`) an action answers, and closing reports with
 * their audit entries and the reporters' alerts (topic `report`, lib/audit.js tellFan).
 *
 * Every refusal is a 400 with a Korean message, before anything is written.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord } = require(`${__hooks}/lib/records.js`);
const { REASON_MAX } = require(`${__hooks}/lib/moderation.js`);

const MSG_REASON_EMPTY = '사유를 입력해주세요.';
const MSG_REASON_TOO_LONG = `사유는 ${REASON_MAX}자까지 쓸 수 있어요.`;
const MSG_REPORT_MISSING = '신고를 찾을 수 없어요.';
const MSG_REPORT_CLOSED = '이미 처리된 신고예요.';

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

/** A body field's text, trimmed ('' when it is not a string). */
function stringOf(body, field) {
  const v = body[field];
  return typeof v === 'string' ? v.trim() : '';
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

module.exports = {
  MSG_REPORT_MISSING,
  MSG_REPORT_CLOSED,
  reasonOf,
  stringOf,
  openReport,
  closeReports,
};
