/**
 * The fan's own profile (docs/accounts.md, Editing the profile): the nickname rule, shared by
 * sign-up, the 회원정보 수정 route and a direct `users` update, and the edit route's work. Each
 * refusal is a 400 naming the field with the Korean message the form shows under it; the client
 * has the same rules in src/lib/nickname.ts.
 */

const NICKNAME = /^[0-9A-Za-z가-힣_.]{2,20}$/;

const MSG = {
  nicknameRequired: '닉네임을 입력해주세요.',
  nicknameFormat: '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
  nicknameTaken: '이미 사용 중인 닉네임입니다.',
  nicknameProfanity: '비속어가 포함된 닉네임은 사용할 수 없습니다.',
  nothingToSave: '바뀐 내용이 없습니다.',
};

/** A 400 with one Korean message per field (the first one is the whole answer's message). */
function fieldErrors(errors, code) {
  const data = {};
  let first = '';
  for (const f in errors) {
    data[f] = new ValidationError(code || 'validation_invalid_value', errors[f]);
    first = first || errors[f];
  }
  return new BadRequestError(first, data);
}

/** Whether another account (not `exceptId`) has this nickname, in any case. */
function nicknameTaken(app, nickname, exceptId) {
  try {
    // the unique index is COLLATE NOCASE; `~` would match parts, so compare lower-cased exactly
    const rows = app.findRecordsByFilter(
      'users',
      'username:lower = {:u} && id != {:id}',
      '',
      1,
      0,
      { u: String(nickname).toLowerCase(), id: exceptId || '' },
    );
    return rows.length > 0;
  } catch {
    return false;
  }
}

/**
 * The message for a nickname that breaks a rule, or null: 2-20 of 한글/영문/숫자/_ ., not an
 * operators' name (unless the account already has it), no listed profanity, free in any case.
 */
function nicknameError(app, value, userId, current) {
  const v = String(value == null ? '' : value).trim();
  if (v === '') return MSG.nicknameRequired;
  if (!NICKNAME.test(v)) return MSG.nicknameFormat;
  const reserved = require(`${__hooks}/lib/reserved-names.js`);
  if (reserved.isReservedName(v) && !(current && reserved.isReservedName(current))) {
    return reserved.MSG_RESERVED_USERNAME;
  }
  if (require(`${__hooks}/lib/input-rules.js`).findProfanity(v)) return MSG.nicknameProfanity;
  if (app && nicknameTaken(app, v, userId)) return MSG.nicknameTaken;
  return null;
}

/**
 * POST /api/pocamarket/profile {name?, username?, phoneNumber?, birth?}: the signed-in fan's own
 * fields, each checked with the sign-up's rules (lib/signup.js) and the nickname rule above. All
 * refusals come at once, one per field, and nothing is saved unless every field passes. Returns
 * the saved values.
 */
function updateOwnProfile(app, userId, body) {
  const signup = require(`${__hooks}/lib/signup.js`);
  const record = app.findRecordById('users', userId);
  const values = {};
  for (const f of ['name', 'username', 'phoneNumber', 'birth']) {
    if (body[f] !== undefined && body[f] !== null) values[f] = String(body[f]).trim();
  }
  const errors = {};
  let changed = 0;
  if ('name' in values && values.name !== record.getString('name')) {
    changed++;
    const msg = signup.nameError(values.name);
    if (msg) errors.name = msg;
  }
  if ('username' in values && values.username !== record.getString('username')) {
    changed++;
    const msg = nicknameError(app, values.username, userId, record.getString('username'));
    if (msg) errors.username = msg;
  }
  if ('phoneNumber' in values && values.phoneNumber !== record.getString('phoneNumber')) {
    changed++;
    const msg = signup.phoneError(values.phoneNumber);
    if (msg) errors.phoneNumber = msg;
  }
  if ('birth' in values && values.birth !== record.getString('birth')) {
    changed++;
    const msg = signup.birthError(values.birth);
    if (msg) errors.birth = msg;
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  if (changed) {
    for (const f in values) record.set(f, values[f]);
    try {
      app.save(record);
    } catch (err) {
      // two fans taking one nickname at once: the unique index decides
      if (String(err).indexOf('username') >= 0) {
        throw fieldErrors({ username: MSG.nicknameTaken }, 'validation_not_unique');
      }
      throw err;
    }
  }
  return {
    name: record.getString('name'),
    username: record.getString('username'),
    phoneNumber: record.getString('phoneNumber'),
    birth: record.getString('birth'),
  };
}

/** '팬' and 6 random digits that no account has yet (sign-ups, social logins, the migration). */
function randomNickname(app) {
  for (let digits = 6; digits <= 8; digits++) {
    for (let i = 0; i < 20; i++) {
      const n = Math.floor(Math.random() * Math.pow(10, digits));
      const name = '팬' + String(n).padStart(digits, '0');
      if (!nicknameTaken(app, name, '')) return name;
    }
  }
  throw new BadRequestError('Could not find a free nickname.');
}

/**
 * Whether `username` was made from the email's local part (the old sign-up's pick: the local
 * part's allowed characters, 'fan' before a short one, random digits after a taken one).
 */
function derivedFromEmail(username, email) {
  const u = String(username || '').toLowerCase();
  const local = String(email || '')
    .toLowerCase()
    .split('@')[0];
  if (!u || !local) return false;
  let base = local.replace(/[^0-9a-z_.]/g, '').slice(0, 14);
  if (base.length < 2) base = 'fan' + base;
  if (u === base || u === local) return true;
  return u.indexOf(base) === 0 && /^\d{4,6}$/.test(u.slice(base.length));
}

module.exports = {
  MSG,
  NICKNAME,
  fieldErrors,
  nicknameTaken,
  nicknameError,
  updateOwnProfile,
  randomNickname,
  derivedFromEmail,
};
