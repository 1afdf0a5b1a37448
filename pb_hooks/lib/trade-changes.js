/**
 * A side's change of a trade proposal (used by pb_hooks/trades.pb.js; the design and the
 * transition table are in docs/trades.md): which fields each side may change from each status,
 * the shipping steps of an accepted trade (docs/trades.md, Shipping), an accept checked against
 * the terms the receiver saw (docs/trades.md, Accepting what you saw), and completion once both
 * sides mark 완료. The rules of a new proposal, and the card and message checks a change shares
 * with it, are lib/trades.js. Every refusal is a 400 with a Korean message (lib/errors.js); the
 * checks run inside the write's transaction (lib/records.js inTransaction), where no other write
 * can interleave.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord, changedFields, valueKey } = require(`${__hooks}/lib/records.js`);
const common = require(`${__hooks}/lib/trade-common.js`);
const { checkCards, checkTradeMessage, shippingFields } = require(`${__hooks}/lib/trades.js`);

const ADDRESS_MAX = 200;

const MSG_TRADE_CLOSED = '이미 끝난 교환 제안이라 바꿀 수 없어요.';
const MSG_TRADE_FIELDS = '지금 이 교환 제안에서 바꿀 수 없는 항목이 포함되어 있어요.';
const MSG_TRADE_STATUS = '지금은 교환 제안을 이 상태로 바꿀 수 없어요.';
const MSG_TERMS_CHANGED =
  '상대가 교환 제안 내용을 바꿨어요. 바뀐 카드와 메시지를 확인한 뒤 다시 수락해주세요.';
/** What an accept must carry and match: the proposal's terms (docs/trades.md). */
const TERMS = ['give', 'get', 'message'];
const MSG_DONE_BACK = '완료 표시는 되돌릴 수 없어요.';
const MSG_RECEIVED_BACK = '받았어요 표시는 되돌릴 수 없어요.';
const MSG_TRACKING = '송장 번호는 숫자·영문·하이픈으로 6~30자예요.';
const MSG_CARRIER = '송장 번호를 적으려면 택배사를 골라주세요.';
const MSG_ADDRESS_TOO_LONG = `받을 곳은 ${ADDRESS_MAX}자까지 쓸 수 있어요.`;
const TRACKING_RE = /^[0-9A-Za-z-]{6,30}$/;
const MSG_PHOTOS_FIXED =
  '교환 제안의 사진은 제안을 보낼 때만 올릴 수 있어요. 나중에 바꾸거나 지울 수 없어요.';

/**
 * Which fields `role` may change, and to which statuses, from status `now` (docs/trades.md).
 * Null when the proposal is closed.
 */
function allowedChanges(now, role) {
  if (now === 'proposed' && role === 'proposer') {
    return { fields: ['give', 'get', 'message', 'status'], statuses: ['cancelled'] };
  }
  if (now === 'proposed' && role === 'receiver') {
    return { fields: ['status'], statuses: ['accepted', 'declined'] };
  }
  if (now === 'accepted') {
    return {
      fields: ['status', `${role}Done`].concat(shippingFields(role)),
      statuses: ['cancelled'],
    };
  }
  return null;
}

/**
 * A side's shipping fields as asked: the address trimmed (at most 200 characters), a tracking
 * number of 6–30 letters, digits and hyphens with its carrier, 받았어요 never taken back. 완료
 * implies 받았어요 (a fan who marks it has the cards). Returns the step the other side is told
 * of: 'received', 'tracking', 'address' or ''.
 */
function checkShipping(record, fresh, role, asked) {
  const f = (name) => `${role}${name}`;
  if (record.getBool(f('Done'))) record.set(f('Received'), true);
  if (fresh.getBool(f('Received')) && !record.getBool(f('Received'))) {
    throw badRequest(MSG_RECEIVED_BACK, [f('Received')], 'validation_invalid_transition');
  }
  const rules = require(`${__hooks}/lib/input-rules.js`);
  const rawAddress = record.getString(f('Address'));
  const address = rules.normalizeText(rawAddress) === '' ? '' : rawAddress.trim();
  if (rules.codePointLength(address) > ADDRESS_MAX) {
    throw badRequest(MSG_ADDRESS_TOO_LONG, [f('Address')], 'validation_max_text_constraint');
  }
  if (address !== rawAddress) record.set(f('Address'), address);
  const tracking = record.getString(f('Tracking')).trim().replace(/\s+/g, '');
  if (tracking && !TRACKING_RE.test(tracking)) {
    throw badRequest(MSG_TRACKING, [f('Tracking')], 'validation_tracking');
  }
  if (tracking && !record.getString(f('Carrier'))) {
    throw badRequest(MSG_CARRIER, [f('Carrier')], 'validation_required');
  }
  record.set(f('Tracking'), tracking);
  const has = (name) => asked.indexOf(f(name)) >= 0;
  if (has('Received') && record.getBool(f('Received'))) return 'received';
  if ((has('Tracking') || has('Carrier')) && tracking) return 'tracking';
  if (has('Address') && address) return 'address';
  return '';
}

/**
 * A side's change of a proposal, inside its transaction. The stored proposal (read here, so a
 * concurrent change is seen) decides what may change; fields the request leaves alone take their
 * stored values, so a stale copy never undoes the other side's change. When both sides have
 * marked 완료, the proposal becomes `completed`. Returns { from, to } when the status changed,
 * { edited: true } when the proposer changed the terms, else null.
 *
 * An accept must carry the terms the receiver accepts (`give`, `get`, `message` of the request
 * `body`, as their device showed them) and they must be the proposal's now: a proposer who
 * changed them while the accept was on its way (or queued offline) gets no accept of terms the
 * receiver never saw (400 `validation_terms_changed`).
 */
function checkTradeUpdate(app, record, me, body) {
  const fresh = findRecord(app, 'trades', record.id);
  if (!fresh) return null;
  const fields = record
    .collection()
    .fields.fieldNames()
    .filter((f) => f !== 'id' && f !== 'created' && f !== 'updated');
  const changed = changedFields(record, fields);
  for (const f of fields) if (changed.indexOf(f) < 0) record.set(f, fresh.get(f));
  // what the request changes compared with what is stored now (a repeat of a change is none)
  const asked = changedAgainst(record, fresh, fields);
  const from = fresh.getString('status');
  if (!asked.length) return null;
  // the photos are what the proposer showed when proposing: never added, swapped or taken out
  // later (a request without them leaves the stored ones, above)
  if (asked.indexOf('photos') >= 0) {
    throw badRequest(MSG_PHOTOS_FIXED, ['photos'], 'validation_trade_photos_fixed');
  }

  const role = fresh.getString('proposer') === me ? 'proposer' : 'receiver';
  if (role === 'receiver' && from === 'proposed' && record.getString('status') === 'accepted') {
    const sent = body || {};
    const stale = TERMS.filter((f) => sent[f] === undefined || asked.indexOf(f) >= 0);
    if (stale.length) throw badRequest(MSG_TERMS_CHANGED, stale, 'validation_terms_changed');
  }
  const allowed = allowedChanges(from, role);
  if (!allowed) throw badRequest(MSG_TRADE_CLOSED, asked, 'validation_trade_closed');
  const bad = asked.filter((f) => allowed.fields.indexOf(f) < 0);
  if (bad.length) throw badRequest(MSG_TRADE_FIELDS, bad, 'validation_protected_field');
  const to = record.getString('status');
  if (asked.indexOf('status') >= 0 && allowed.statuses.indexOf(to) < 0) {
    throw badRequest(MSG_TRADE_STATUS, ['status'], 'validation_invalid_transition');
  }
  const doneField = `${role}Done`;
  if (asked.indexOf(doneField) >= 0 && !record.getBool(doneField)) {
    throw badRequest(MSG_DONE_BACK, [doneField], 'validation_invalid_transition');
  }
  const step = from === 'accepted' ? checkShipping(record, fresh, role, asked) : '';
  // a block stops every change but ending the proposal, and finishing an accepted trade (its
  // cards may already be in the mail: each side can still mark 받았어요 and 완료)
  const closing = asked.length === 1 && (to === 'cancelled' || to === 'declined');
  const finishing =
    from === 'accepted' && asked.every((f) => f === doneField || f === `${role}Received`);
  if (!closing && !finishing) {
    const other = role === 'proposer' ? fresh.getString('receiver') : fresh.getString('proposer');
    common.refuseIfBlocked(app, me, other, 'status');
  }
  if (asked.indexOf('give') >= 0 || asked.indexOf('get') >= 0) checkCards(app, record);
  if (asked.indexOf('message') >= 0) checkTradeMessage(record);
  if (
    record.getString('status') === 'accepted' &&
    record.getBool('proposerDone') &&
    record.getBool('receiverDone')
  ) {
    record.set('status', 'completed');
    record.set('completedAt', new DateTime());
  }
  const now = record.getString('status');
  // a trade called off keeps no address
  if (now === 'cancelled')
    for (const side of ['proposer', 'receiver']) record.set(`${side}Address`, '');
  if (now !== from) return { from: from, to: now };
  if (asked.indexOf(doneField) >= 0) return { done: true };
  if (step) return { step: step };
  return TERMS.some((f) => asked.indexOf(f) >= 0) ? { edited: true } : null;
}

/** Names of `fields` whose value in `record` differs from `stored`. */
function changedAgainst(record, stored, fields) {
  return fields.filter((f) => valueKey(record.get(f)) !== valueKey(stored.get(f)));
}

module.exports = {
  checkTradeUpdate,
};
