/**
 * The rules of 만난 팬 (`encounters`, docs/encounters.md), used by pb_hooks/encounters.pb.js. The
 * client checks the same (src/data/writes/encounters.ts) with the same Korean messages; every
 * refusal is a 400 before anything is written. The cap is counted inside the create's
 * transaction (lib/records.js inTransaction), where no other write can interleave.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { toArray } = require(`${__hooks}/lib/records.js`);
const common = require(`${__hooks}/lib/trade-common.js`);

/** Encounters one fan may keep. */
const ENCOUNTERS_MAX = 2000;
/** Cards on each side of an encounter. */
const CARDS_MAX = 200;
const NOTE_MAX = 200;
/** How far ahead of the server's clock `metAt` may be (a device clock running fast). */
const FUTURE_SLACK_MS = 24 * 60 * 60 * 1000;

const MSG_SELF = '나 자신은 만난 팬으로 저장할 수 없어요.';
const MSG_FAN_MISSING = 'QR 코드의 팬을 찾을 수 없어요. 상대의 QR 코드를 다시 읽어주세요.';
/** How the app names a fan without a nickname (src/i18n/ko.ts, common.noNickname). */
const NO_NICKNAME = '닉네임 없는 팬';
const MSG_NOTE_TOO_LONG = '메모는 200자까지 쓸 수 있어요.';
const MSG_TOO_MANY_CARDS = '카드 목록은 각각 200장까지 저장할 수 있어요.';
const MSG_UNKNOWN_CARD = '카탈로그에 없는 포토카드가 포함되어 있어요.';
const MSG_MET_AT = '만난 시간이 올바르지 않아요.';
const MSG_MAX = '만난 팬은 2,000명까지 저장할 수 있어요. 지난 기록을 정리한 뒤 다시 시도해주세요.';
const MSG_FIELDS = '만난 팬 기록에서는 메모만 바꿀 수 있어요.';

/** The fields fixed at creation: only the note changes afterwards. */
const FIXED = ['user', 'fan', 'fanName', 'meetup', 'theyHave', 'theyWant', 'metAt'];

/** One side's cards: repeats dropped, at most 200, all in the catalogue. */
function checkCards(app, record, field) {
  const list = toArray(record.getStringSlice(field));
  const ids = list.filter((id, i) => list.indexOf(id) === i);
  if (ids.length > CARDS_MAX) {
    throw badRequest(MSG_TOO_MANY_CARDS, [field], 'validation_too_many_values');
  }
  if (ids.length) {
    const params = {};
    const names = ids.map((id, i) => {
      params[`c${i}`] = id;
      return `{:c${i}}`;
    });
    const found = common.countOf(
      app,
      `SELECT COUNT(*) AS n FROM \`photoCards\` WHERE \`id\` IN (${names.join(', ')})`,
      params,
    );
    if (found !== ids.length) {
      throw badRequest(MSG_UNKNOWN_CARD, [field], 'validation_missing_rel_records');
    }
  }
  if (ids.length !== list.length) record.set(field, ids);
}

/** The note: trimmed, at most 200 characters, no profanity (as on posts). */
function checkNote(record) {
  const rules = require(`${__hooks}/lib/input-rules.js`);
  const raw = record.getString('note');
  const text = rules.normalizeText(raw) === '' ? '' : raw.trim();
  if (rules.codePointLength(text) > NOTE_MAX) {
    throw badRequest(MSG_NOTE_TOO_LONG, ['note'], 'validation_max_text_constraint');
  }
  if (text && rules.findProfanity(text)) {
    throw badRequest(rules.MSG_PROFANITY, ['note'], 'validation_profanity');
  }
  if (text !== raw) record.set('note', text);
}

/** A new encounter of `me`, before the transaction. */
function checkNew(app, record, me) {
  if (record.getString('fan') === me) throw badRequest(MSG_SELF, ['fan']);
  // the name kept is the fan's nickname as the server knows it, never the code's (a code may say
  // anything, 포카마켓 운영자 included); a fan without one is stored as the app shows them
  let fan;
  try {
    fan = app.findRecordById('users', record.getString('fan'));
  } catch {
    fan = null;
  }
  if (!fan || fan.getBool('signupPending')) throw badRequest(MSG_FAN_MISSING, ['fan']);
  record.set('fanName', fan.getString('username').trim() || NO_NICKNAME);
  const metAt = Date.parse(record.getString('metAt').replace(' ', 'T'));
  if (!isFinite(metAt) || metAt > Date.now() + FUTURE_SLACK_MS) {
    throw badRequest(MSG_MET_AT, ['metAt'], 'validation_required');
  }
  checkCards(app, record, 'theyHave');
  checkCards(app, record, 'theyWant');
  checkNote(record);
}

/** Inside the create's transaction: the fan's encounters must have room. */
function checkRoom(app, record) {
  const n = common.countOf(app, 'SELECT COUNT(*) AS n FROM `encounters` WHERE `user` = {:u}', {
    u: record.getString('user'),
  });
  if (n >= ENCOUNTERS_MAX) throw badRequest(MSG_MAX, ['user'], 'validation_max_items');
}

/** A change of an encounter: only the note, under the note's rules. */
function checkUpdate(record) {
  const { changedFields } = require(`${__hooks}/lib/records.js`);
  const bad = changedFields(record, FIXED);
  if (bad.length) throw badRequest(MSG_FIELDS, bad, 'validation_protected_field');
  if (changedFields(record, ['note']).length) checkNote(record);
}

module.exports = {
  ENCOUNTERS_MAX,
  CARDS_MAX,
  checkNew,
  checkRoom,
  checkUpdate,
};
