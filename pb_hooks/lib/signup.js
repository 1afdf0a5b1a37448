/**
 * Server side of the email sign-up (see pb_hooks/signup.pb.js): the same field rules and Korean
 * messages as the client (src/lib/account-validation.ts), starting a sign-up (which replaces a
 * pending one for the same email), completing it with the mailed link's token, the username a
 * completed account gets, and the cleanup of sign-ups never completed.
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
  emailFormat: '이메일 형식으로 입력해주세요',
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
  if (!HANGUL_NAME.test(v) && !LATIN_NAME.test(v)) return MSG.nameFormat;
  const reserved = require(`${__hooks}/lib/reserved-names.js`);
  return reserved.isReservedName(v) ? reserved.MSG_RESERVED_NAME : null;
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
  } catch {
    return false;
  }
}

/**
 * A free username from the email's local part: only the characters the username rule allows
 * (pb_migrations: 2-20 of [0-9A-Za-z가-힣_.], unique ignoring case), 'fan' for a reserved one
 * (lib/reserved-names.js), then random digits when it is taken.
 */
function deriveUsername(app, email) {
  let base = normalizeEmail(email)
    .split('@')[0]
    .replace(/[^0-9a-z_.]/g, '')
    .slice(0, 14);
  if (base.length < 2) base = 'fan' + base;
  if (require(`${__hooks}/lib/reserved-names.js`).isReservedName(base)) base = 'fan';
  else if (!usernameTaken(app, base)) return base;
  for (let digits = 4; digits <= 6; digits++) {
    for (let i = 0; i < 10; i++) {
      const n = Math.floor(Math.random() * Math.pow(10, digits));
      const name = base + String(n).padStart(digits, '0');
      if (!usernameTaken(app, name)) return name;
    }
  }
  throw new BadRequestError('Could not find a free username.');
}

/** The account with this email, any case (emails are stored in lower case), or null. */
function findUserByEmail(app, email) {
  const normalized = normalizeEmail(email);
  if (!normalized) return null;
  try {
    return app.findAuthRecordByEmail('users', normalized);
  } catch {
    return null;
  }
}

/** Whether a new sign-up may use this email: no account has it, or only a pending one. */
function emailAvailable(app, email) {
  const record = findUserByEmail(app, email);
  return !record || record.getBool('signupPending');
}

/**
 * Starts a sign-up for `email`: 'taken' when a completed account has it (nothing is sent), else a
 * new pending account with a random password nobody knows, replacing any pending one for the
 * same email (whoever started that one, and whatever its link: only the newest mail's link
 * works), and the verification mail to the address. A pending sign-up never blocks the mailbox
 * owner from starting their own.
 */
function startSignup(app, rawEmail) {
  const email = normalizeEmail(rawEmail);
  if (!EMAIL.test(email)) {
    throw new BadRequestError(MSG.emailFormat, {
      email: new ValidationError('validation_invalid_email', MSG.emailFormat),
    });
  }
  let record = null;
  let taken = false;
  app.runInTransaction((txApp) => {
    const existing = findUserByEmail(txApp, email);
    if (existing && !existing.getBool('signupPending')) {
      taken = true;
      return;
    }
    if (existing) txApp.delete(existing);
    record = new Record(txApp.findCollectionByNameOrId('users'));
    record.setEmail(email);
    record.setEmailVisibility(false);
    record.setVerified(false);
    record.setPassword($security.randomString(40));
    record.set('signupPending', true);
    txApp.save(record);
  });
  if (taken) return 'taken';
  $mails.sendRecordVerification(app, record);
  return 'sent';
}

/**
 * The pending account a verification link's token belongs to, or null: a valid, unexpired token
 * of this account (PocketBase signs it with the account's own key, which a replacing sign-up or
 * a password change renews) for the address it still has.
 */
function recordOfLink(app, email, token) {
  const record = findUserByEmail(app, email);
  if (!record || !record.getBool('signupPending') || !token) return null;
  let byToken;
  try {
    byToken = app.findAuthRecordByToken(token, 'verification');
  } catch {
    return null;
  }
  if (!byToken || byToken.id !== record.id) return null;
  const claims = $security.parseUnverifiedJWT(token);
  return normalizeEmail(claims.email) === record.email() ? record : null;
}

/**
 * Completes a pending sign-up. The request must present the token of the verification mail's
 * link: only whoever opened the mail (the mailbox owner) can choose the password, so whoever
 * started a sign-up for someone else's address can never finish it. Answers 'notVerified' without
 * a token (the link not opened yet) and 'notStarted' for every other case (no such email, already
 * completed, a wrong, expired or replaced link) so the route tells nothing about other people's
 * accounts.
 */
function completeSignup(app, body) {
  const token = String(body.token || '');
  if (!token) {
    const pending = findUserByEmail(app, body.email);
    return pending && pending.getBool('signupPending') ? 'notVerified' : 'notStarted';
  }
  if (!recordOfLink(app, body.email, token)) return 'notStarted';
  const password = String(body.password || '');
  const pwError = passwordError(password);
  const profile = { name: body.name, phoneNumber: body.phoneNumber, birth: body.birth };
  if (pwError) throw badRequest(pwError, { password: pwError });
  checkProfile(profile);
  // the nickname the fan chose (docs/accounts.md, Nicknames); an older client sends none and gets
  // '팬' and random digits, never a name made from the (private) email
  const nickRules = require(`${__hooks}/lib/profile.js`);
  const nickname = body.username == null ? '' : String(body.username).trim();
  if (nickname || body.username !== undefined) {
    const nickError = nickRules.nicknameError(app, nickname, '', '');
    if (nickError) throw badRequest(nickError, { username: nickError });
  }
  let status = 'notStarted';
  app.runInTransaction((txApp) => {
    // again inside the write transaction: a sign-up replaced meanwhile voids the link
    const fresh = recordOfLink(txApp, body.email, token);
    if (!fresh) return;
    // the link proves the address
    fresh.setVerified(true);
    fresh.setPassword(password);
    fresh.set('name', profile.name);
    fresh.set('phoneNumber', profile.phoneNumber);
    fresh.set('birth', profile.birth);
    if (nickname) fresh.set('username', nickname);
    else if (!fresh.getString('username')) fresh.set('username', nickRules.randomNickname(txApp));
    fresh.set('signupPending', false);
    txApp.save(fresh);
    require(`${__hooks}/lib/starter-book.js`).ensureStarterBook(txApp, fresh.id);
    status = 'welcome';
  });
  return status;
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
  emailAvailable,
  startSignup,
  recordOfLink,
  completeSignup,
  deleteStalePending,
};
