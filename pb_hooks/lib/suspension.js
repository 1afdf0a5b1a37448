/**
 * A suspended or banned fan writes nothing (docs/operators.md, Moderation): every create, update
 * and delete request they make on a fan-writable collection is refused with a 400 that says why
 * and until when, in Korean, with the field code `validation_suspended` (the app shows the
 * server's message for it, as for a daily cap). Used by pb_hooks/moderation.pb.js on every write
 * request, so the common case (a fan in good standing) costs two field reads of the request's auth
 * record and nothing else.
 *
 * The exceptions, each something nobody else sees: marking their own alerts read or deleting them
 * (`notifications`), their devices' push subscriptions (`pushSubscriptions`), blocking and
 * unblocking (`blocks`), the read marks of their own conversations (`conversations`, only
 * `aReadAt` / `bReadAt`), and deleting their own account (`users` delete). A banned fan cannot log
 * in at all (loginRefusal, used by moderation.pb.js on every auth request: password, OAuth2,
 * Naver, refresh).
 */

/** Collections a fan writes through the record API; the guard is bound to these. */
const WRITABLE = [
  'users',
  'exchangeList',
  'comments',
  'collectBook',
  'likes',
  'informUs',
  'tradeItems',
  'conversations',
  'messages',
  'trades',
  'reviews',
  'chatReports',
  'encounters',
];

/** Collections whose writes a suspended fan keeps (see above); the guard is not bound to them. */
const EXEMPT = ['notifications', 'pushSubscriptions', 'blocks'];

const DAY_MS = 24 * 60 * 60 * 1000;
const KST_MS = 9 * 60 * 60 * 1000;

/** Milliseconds of a PocketBase date string ("2026-12-03 06:00:00.000Z"), or 0 when empty. */
function msOf(value) {
  const s = String(value || '').trim();
  if (!s) return 0;
  const ms = Date.parse(s.replace(' ', 'T'));
  return Number.isFinite(ms) ? ms : 0;
}

/** "2026년 12월 3일 15:20" in Korean time. */
function koreanDate(ms) {
  const d = new Date(ms + KST_MS);
  const pad = (n) => (n < 10 ? `0${n}` : String(n));
  return (
    `${d.getUTCFullYear()}년 ${d.getUTCMonth() + 1}월 ${d.getUTCDate()}일 ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`
  );
}

/**
 * The fan's standing now: { banned, banReason, suspendedUntil (ms, 0 when not suspended),
 * suspendReason }. A suspension whose end has passed is no suspension.
 */
function standingOf(user, now) {
  const until = msOf(user.getString('suspendedUntil'));
  const active = until > (now === undefined ? Date.now() : now);
  return {
    banned: user.getBool('banned'),
    banReason: user.getString('banReason'),
    suspendedUntil: active ? until : 0,
    suspendReason: active ? user.getString('suspendReason') : '',
  };
}

/** The Korean sentence telling a fan why they can't write, or '' when they can. */
function refusalMessage(standing) {
  if (standing.banned) {
    return `이용이 영구 정지된 계정이에요. 사유: ${standing.banReason || '운영 정책 위반'}`;
  }
  if (standing.suspendedUntil) {
    return (
      `이용이 정지된 계정이에요. ${koreanDate(standing.suspendedUntil)}까지 글을 쓰거나 바꿀 수 없어요. ` +
      `사유: ${standing.suspendReason || '운영 정책 위반'}`
    );
  }
  return '';
}

/** Whether a users record may be suspended or banned at all (hidden fields set). Cheap. */
function mayBeRestricted(user) {
  return user.getBool('banned') || user.getString('suspendedUntil') !== '';
}

/**
 * Refuses the write request `e` (`action`: create, update, delete) when its signed-in fan is
 * suspended or banned, else runs the rest of the chain.
 */
function guardWrite(e, action) {
  const auth = e.auth;
  if (!auth || e.hasSuperuserAuth() || auth.collection().name !== 'users') return e.next();
  if (!mayBeRestricted(auth)) return e.next();
  const message = refusalMessage(standingOf(auth));
  if (!message) return e.next();
  const name = e.collection.name;
  if (name === 'users' && action === 'delete') return e.next();
  if (name === 'conversations' && action === 'update' && onlyReadMarks(e.record)) return e.next();
  if (action === 'create') {
    // a replay of a create that landed before the suspension is answered as such (guards.pb.js)
    if (require(`${__hooks}/lib/tombstones.js`).idTaken(e.app, name, e.record.id)) return e.next();
  }
  throw refusal(message);
}

/** The 400 a suspended or banned fan's write gets (field `account`, `validation_suspended`). */
function refusal(message) {
  return new BadRequestError(message, {
    account: new ValidationError('validation_suspended', message),
  });
}

/**
 * The same refusal for a write that is no record request (a route that saves for the fan, such as
 * POST /api/pocamarket/profile): throws when `user` may not write now.
 */
function assertMayWrite(user) {
  if (!user || !mayBeRestricted(user)) return;
  const message = refusalMessage(standingOf(user));
  if (message) throw refusal(message);
}

/** Whether an update of a conversation changes nothing but the read marks. */
function onlyReadMarks(record) {
  const others = record
    .collection()
    .fields.fieldNames()
    .filter((f) => f !== 'aReadAt' && f !== 'bReadAt' && f !== 'updated' && f !== 'created');
  return require(`${__hooks}/lib/records.js`).changedFields(record, others).length === 0;
}

/** The 403 refusing a banned fan's login or token refresh, or null. */
function loginRefusal(user) {
  if (!user || !user.getBool('banned')) return null;
  return new ForbiddenError(refusalMessage(standingOf(user)));
}

module.exports = {
  WRITABLE,
  EXEMPT,
  DAY_MS,
  msOf,
  koreanDate,
  standingOf,
  refusalMessage,
  guardWrite,
  assertMayWrite,
  loginRefusal,
};
