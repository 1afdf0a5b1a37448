/**
 * The admins' actions on a fan's standing (docs/operators.md, Moderation, Suspended and banned
 * fans), run by `act` in lib/moderation-actions.js: warn, unwarn, suspend, unsuspend, ban and
 * unban. Each changes the fan's `users` record (warnings change nothing stored), audits it with
 * the standing before and after (lib/audit.js), tells the fan (topic `report`), and, when the
 * action answers a report, closes it and tells its reporter (lib/moderation-common.js). Runs in
 * the action's transaction.
 *
 * Every refusal is a 400 with a Korean message, before anything is written.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord } = require(`${__hooks}/lib/records.js`);
const { DAYS_MAX, MSG_USER_MISSING, standingAnswer } = require(`${__hooks}/lib/moderation.js`);
const { reasonOf, stringOf, openReport, closeReports } = require(
  `${__hooks}/lib/moderation-common.js`,
);

const MSG_USER_ADMIN = '관리자에게는 이 조치를 할 수 없어요.';
const MSG_DAYS = `정지 기간은 1일에서 ${DAYS_MAX}일 사이의 정수로 입력해주세요.`;
const MSG_NOT_SUSPENDED = '이용 정지 중인 회원이 아니에요.';
const MSG_ALREADY_BANNED = '이미 영구 정지된 회원이에요.';
const MSG_NOT_BANNED = '영구 정지된 회원이 아니에요.';

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

/** A fan's users record for an action on them, or a 400 (missing, an admin). */
function targetFan(app, body) {
  const id = stringOf(body, 'user');
  const user = id ? findRecord(app, 'users', id) : null;
  if (!user) throw badRequest(MSG_USER_MISSING, ['user']);
  if (user.getString('role') === 'admin') throw badRequest(MSG_USER_ADMIN, ['user']);
  return user;
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

module.exports = {
  warnAction,
  unwarnAction,
  suspendAction,
  unsuspendAction,
  banAction,
  unbanAction,
};
