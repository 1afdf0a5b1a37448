/// <reference path="../../pb_data/types.d.ts" />
/**
 * Server side of the email sign-up (see pb_hooks/signup.pb.js): the same field rules and Korean
 * messages as the client (src/lib/account-validation.ts), the username a completed account gets,
 * and the cleanup of sign-ups never completed.
 */

const MSG = {
  nameRequired: '이름을 입력해주세요',
  nameFormat: '이름 형식으로 입력해주세요',
  passwordMin: '최소 10자 이상 입력해주세요.',
  passwordChars: '영문/숫자/특수문자(공백 제외)만 허용, 2개 이상 조합',
  phoneRequired: '휴대폰번호를 입력해주세요.',
  phoneFormat: '휴대폰번호를 올바르게 입력해주세요.',
  birthRequired: '생년월일을 입력해주세요.',
  birthFormat: '생년월일을 올바르게 입력해주세요.',
  notStarted: '이메일 인증을 진행해주세요',
  notVerified: '이메일이 인증되지 않았습니다',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HANGUL_NAME = /^[가-힣]{2,4}$/;
const LATIN_NAME = /^[A-Za-z]{2,10} [A-Za-z]{2,10}$/;
const PASSWORD_CHARS = /^[A-Za-z0-9~!@#$%^&*()_+=]+$/;

/** Pending accounts older than this are deleted by the cron. */
const PENDING_MAX_AGE_SECONDS = 24 * 60 * 60;

function normalizeEmail(value) {
  return String(value == null ? '' : value)
    .trim()
    .toLowerCase();
}

function nameError(value) {
  const v = String(value == null ? '' : value);
  if (v.trim() === '') return MSG.nameRequired;
  return HANGUL_NAME.test(v) || LATIN_NAME.test(v) ? null : MSG.nameFormat;
}

function passwordError(value) {
  const v = String(value == null ? '' : value);
  if (v.length < 10) return MSG.passwordMin;
  if (!PASSWORD_CHARS.test(v)) return MSG.passwordChars;
  const classes = [/[A-Za-z]/, /[0-9]/, /[~!@#$%^&*()_+=]/].filter((r) => r.test(v)).length;
  return classes >= 2 ? null : MSG.passwordChars;
}

function phoneError(value) {
  const v = String(value == null ? '' : value);
  if (v === '') return MSG.phoneRequired;
  return /^\d{11}$/.test(v) ? null : MSG.phoneFormat;
}

function birthError(value) {
  const v = String(value == null ? '' : value);
  if (v === '') return MSG.birthRequired;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return MSG.birthFormat;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const date = new Date(Date.UTC(y, mo - 1, d));
  const valid =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  if (!valid || y < 1900 || y > new Date().getUTCFullYear()) return MSG.birthFormat;
  return null;
}

function badRequest(message, errors) {
  const data = {};
  for (const f in errors) data[f] = new ValidationError('validation_invalid_value', errors[f]);
  return new BadRequestError(message, data);
}

/** Throws a 400 naming every invalid profile field (only the fields present in `values`). */
function checkProfile(values) {
  const checks = { name: nameError, phoneNumber: phoneError, birth: birthError };
  const errors = {};
  let first = '';
  for (const f in checks) {
    if (!(f in values)) continue;
    const msg = checks[f](values[f]);
    if (msg) {
      errors[f] = msg;
      first = first || msg;
    }
  }
  if (first) throw badRequest(first, errors);
}

function usernameTaken(app, name) {
  try {
    app.findFirstRecordByFilter('users', 'username = {:u}', { u: name });
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * A free username from the email's local part: only the characters the username rule allows
 * (pb_migrations: 2-20 of [0-9A-Za-z가-힣_.], unique ignoring case, 'admin' reserved), then
 * random digits when it is taken.
 */
function deriveUsername(app, email) {
  let base = normalizeEmail(email)
    .split('@')[0]
    .replace(/[^0-9a-z_.]/g, '')
    .slice(0, 14);
  if (base.length < 2) base = 'fan' + base;
  const lib = require(`${__hooks}/lib/common.js`);
  if (!lib.isReservedUsername(base) && !usernameTaken(app, base)) return base;
  for (let digits = 4; digits <= 6; digits++) {
    for (let i = 0; i < 10; i++) {
      const n = Math.floor(Math.random() * Math.pow(10, digits));
      const name = base + String(n).padStart(digits, '0');
      if (!usernameTaken(app, name)) return name;
    }
  }
  throw new BadRequestError('Could not find a free username.');
}

function findUserByEmail(app, email) {
  try {
    return app.findAuthRecordByEmail('users', normalizeEmail(email));
  } catch (_) {
    return null;
  }
}

/**
 * Completes a pending sign-up: the caller proves it started it with the secret it chose as the
 * placeholder password. Answers 'notStarted' for every other case (no such email, already
 * completed, wrong secret) so the route tells nothing about other people's accounts.
 */
function completeSignup(app, body) {
  const record = findUserByEmail(app, body.email);
  const secret = String(body.secret || '');
  if (
    !record ||
    !record.getBool('signupPending') ||
    secret.length < 32 ||
    !record.validatePassword(secret)
  ) {
    return 'notStarted';
  }
  if (!record.verified()) return 'notVerified';
  const password = String(body.password || '');
  const pwError = passwordError(password);
  const profile = { name: body.name, phoneNumber: body.phoneNumber, birth: body.birth };
  if (pwError) throw badRequest(pwError, { password: pwError });
  checkProfile(profile);
  app.runInTransaction((txApp) => {
    const fresh = txApp.findRecordById('users', record.id);
    if (!fresh.getBool('signupPending')) return;
    fresh.setPassword(password);
    fresh.set('name', profile.name);
    fresh.set('phoneNumber', profile.phoneNumber);
    fresh.set('birth', profile.birth);
    if (!fresh.getString('username')) fresh.set('username', deriveUsername(txApp, body.email));
    fresh.set('signupPending', false);
    txApp.save(fresh);
    require(`${__hooks}/lib/starter-book.js`).ensureStarterBook(txApp, fresh.id);
  });
  return 'welcome';
}

/** Deletes pending sign-ups created more than `maxAgeSeconds` ago; returns how many. */
function deleteStalePending(app, maxAgeSeconds) {
  const age = maxAgeSeconds == null ? PENDING_MAX_AGE_SECONDS : Number(maxAgeSeconds);
  // PocketBase stores datetimes as 'YYYY-MM-DD HH:MM:SS.sssZ' (UTC), which sort as text
  const cutoff = new Date(Date.now() - age * 1000).toISOString().replace('T', ' ');
  const stale = app.findRecordsByFilter(
    'users',
    'signupPending = true && created <= {:cutoff}',
    'created',
    500,
    0,
    { cutoff: cutoff },
  );
  let deleted = 0;
  for (const r of stale) {
    if (!r) continue;
    app.delete(r);
    deleted++;
  }
  return deleted;
}

module.exports = {
  MSG,
  EMAIL,
  PENDING_MAX_AGE_SECONDS,
  normalizeEmail,
  nameError,
  passwordError,
  phoneError,
  birthError,
  checkProfile,
  deriveUsername,
  findUserByEmail,
  completeSignup,
  deleteStalePending,
};
