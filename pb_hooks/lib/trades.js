/**
 * The rules of have/want lists, new trade proposals, completed trades and reviews (used by
 * pb_hooks/trades.pb.js; the design is in docs/trades.md). A side's change of a proposal (the
 * transition table, shipping, accepting) is lib/trade-changes.js, which checks changed cards and
 * messages with the same rules as here. Every refusal is a 400 with a Korean message
 * (lib/errors.js) before anything is written; the transaction-bound checks run inside the write's
 * transaction (lib/records.js inTransaction), where no other write can interleave.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord, toArray } = require(`${__hooks}/lib/records.js`);
const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
const common = require(`${__hooks}/lib/trade-common.js`);

/** Items on one fan's have and want lists together. */
const ITEMS_MAX = 2000;
/** Proposals a fan may have waiting for an answer (status `proposed`). */
const OPEN_MAX = 20;
/** Cards on each side of a proposal. */
const CARDS_MAX = 20;
const SPARE_MAX = 99;
const TRADE_MESSAGE_MAX = 300;
const REVIEW_MAX = 100;
/** Review tags (docs/trades.md, `reviews`): the good ones go with 좋았어요, the others with 아쉬워요. */
const GOOD_TAGS = ['packing', 'fast', 'reply', 'asDescribed', 'kind'];
const BAD_TAGS = ['late', 'notAsDescribed', 'poorPacking', 'slowReply'];

const MSG_HAVE_SPARE = '교환 가능한 카드는 여분이 1장 이상이어야 해요.';
const MSG_WANT_SPARE = '구하는 카드에는 여분 수량을 정할 수 없어요.';
const MSG_SPARE_RANGE = `여분 수량은 0~${SPARE_MAX}장 사이로 정해주세요.`;
const MSG_BOOK = '내 콜렉트북에서만 교환 목록에 담을 수 있어요.';
const MSG_ITEMS_MAX = '교환 목록에는 카드를 2,000장까지 담을 수 있어요.';
const MSG_NEW_STATUS = '새 교환 제안은 제안 상태로만 만들 수 있어요.';
const MSG_SELF_TRADE = '자기 자신에게는 교환을 제안할 수 없어요.';
const MSG_NO_RECEIVER = '교환을 제안할 상대를 찾을 수 없어요.';
const MSG_NO_CARDS = '주거나 받을 카드를 한 장 이상 골라주세요.';
const MSG_TOO_MANY_CARDS = '한 번에 주고받는 카드는 각각 20장까지 고를 수 있어요.';
const MSG_OVERLAP = '같은 카드를 주면서 받을 수는 없어요.';
const MSG_UNKNOWN_CARD = '카탈로그에 없는 포토카드가 포함되어 있어요.';
const MSG_TRADE_MESSAGE_TOO_LONG = '제안 메시지는 300자까지 쓸 수 있어요.';
const MSG_TRADE_CONVERSATION = '두 사람의 대화가 아니에요.';
const MSG_OPEN_MAX =
  '답을 기다리는 교환 제안은 20개까지 둘 수 있어요. 지난 제안을 정리한 뒤 다시 시도해주세요.';
const MSG_COUNTER_NOT_YOURS = '내가 받은 교환 제안에만 역제안할 수 있어요.';
const MSG_COUNTER_CLOSED = '이미 답했거나 끝난 교환 제안에는 역제안할 수 없어요.';
const MSG_SHIPPING_EARLY = '배송 정보는 교환 제안이 수락된 뒤에 정할 수 있어요.';
/** A side's shipping fields (docs/trades.md, Shipping), each set only by that side. */
const SHIPPING = ['Ship', 'Address', 'Carrier', 'Tracking', 'Received'];
/** Days a completed trade keeps its addresses. */
const ADDRESS_KEEP_DAYS = 30;
/** Photos of the real card and its packing a proposal carries (docs/trades.md, `trades`). */
const PHOTOS_MAX = 3;
const MSG_PHOTOS_MAX = `사진은 ${PHOTOS_MAX}장까지 올릴 수 있어요.`;
const MSG_REVIEW_NOT_MINE = '내가 참여한 거래에만 후기를 남길 수 있어요.';
const MSG_REVIEW_NOT_DONE = '완료된 거래에만 후기를 남길 수 있어요.';
const MSG_RATING = '좋았어요 또는 아쉬워요를 골라주세요.';
const MSG_REVIEW_TOO_LONG = '후기는 100자까지 쓸 수 있어요.';
const MSG_REVIEW_TAGS = '고른 평가가 좋았어요/아쉬워요와 맞지 않아요.';

// ---------------------------------------------------------------- have and want lists

/** An item's kind, spare copies and book, as they will be stored. */
function checkItem(app, record, me) {
  const kind = record.getString('kind');
  const spare = record.getFloat('spare');
  if (spare < 0 || spare > SPARE_MAX || spare !== Math.floor(spare)) {
    throw badRequest(MSG_SPARE_RANGE, ['spare']);
  }
  if (kind === 'have' && spare < 1) throw badRequest(MSG_HAVE_SPARE, ['spare']);
  if (kind === 'want' && spare !== 0) throw badRequest(MSG_WANT_SPARE, ['spare']);
  const bookId = record.getString('book');
  if (bookId) {
    const book = findRecord(app, 'collectBook', bookId);
    if (!book || book.getString('users') !== me) throw badRequest(MSG_BOOK, ['book']);
  }
}

/**
 * Inside the create's transaction: a card already on the fan's lists is left to the unique index
 * (the outbox takes "already exists" as done); otherwise the fan's lists must have room.
 */
function checkItemRoom(app, record) {
  const user = record.getString('user');
  const same = common.countOf(
    app,
    'SELECT COUNT(*) AS n FROM `tradeItems` WHERE `user` = {:u} AND `photoCard` = {:c}',
    { u: user, c: record.getString('photoCard') },
  );
  if (same > 0) return;
  const n = common.countOf(app, 'SELECT COUNT(*) AS n FROM `tradeItems` WHERE `user` = {:u}', {
    u: user,
  });
  if (n >= ITEMS_MAX) throw badRequest(MSG_ITEMS_MAX, ['photoCard'], 'validation_max_items');
}

// ---------------------------------------------------------------- proposals

/**
 * The cards of a proposal: at least one card in all, at most 20 a side, none on both sides, all
 * in the catalogue. Repeats within a side are dropped.
 */
function checkCards(app, record) {
  const unique = (list) => list.filter((id, i) => list.indexOf(id) === i);
  const give = unique(toArray(record.getStringSlice('give')));
  const get = unique(toArray(record.getStringSlice('get')));
  if (!give.length && !get.length) {
    throw badRequest(MSG_NO_CARDS, ['give', 'get'], 'validation_required');
  }
  if (give.length > CARDS_MAX || get.length > CARDS_MAX) {
    const fields = [];
    if (give.length > CARDS_MAX) fields.push('give');
    if (get.length > CARDS_MAX) fields.push('get');
    throw badRequest(MSG_TOO_MANY_CARDS, fields, 'validation_too_many_values');
  }
  if (give.some((id) => get.indexOf(id) >= 0)) throw badRequest(MSG_OVERLAP, ['give', 'get']);
  const all = give.concat(get);
  const params = {};
  const names = all.map((id, i) => {
    params[`c${i}`] = id;
    return `{:c${i}}`;
  });
  const found = common.countOf(
    app,
    `SELECT COUNT(*) AS n FROM \`photoCards\` WHERE \`id\` IN (${names.join(', ')})`,
    params,
  );
  if (found !== all.length) {
    throw badRequest(MSG_UNKNOWN_CARD, ['give', 'get'], 'validation_missing_rel_records');
  }
  record.set('give', give);
  record.set('get', get);
}

/** The proposal's message: trimmed, at most 300 characters, no profanity. */
function checkTradeMessage(record) {
  const rules = require(`${__hooks}/lib/input-rules.js`);
  const raw = record.getString('message');
  const text = rules.normalizeText(raw) === '' ? '' : raw.trim();
  if (rules.codePointLength(text) > TRADE_MESSAGE_MAX) {
    throw badRequest(MSG_TRADE_MESSAGE_TOO_LONG, ['message'], 'validation_max_text_constraint');
  }
  if (text && rules.findProfanity(text)) {
    throw badRequest(rules.MSG_PROFANITY, ['message'], 'validation_profanity');
  }
  if (text !== raw) record.set('message', text);
}

/** The shipping fields of one side (`proposerShip`, …). */
function shippingFields(role) {
  return SHIPPING.map((f) => `${role}${f}`);
}

/** What a fan's new proposal may hold, before the transaction. */
function checkNewTrade(app, record, me) {
  const status = record.getString('status');
  if (status === '') record.set('status', 'proposed');
  else if (status !== 'proposed') throw badRequest(MSG_NEW_STATUS, ['status']);
  const done = ['proposerDone', 'receiverDone'].filter((f) => record.getBool(f));
  if (done.length) throw badRequest(MSG_PROTECTED, done, 'validation_protected_field');
  if (record.getString('completedAt')) {
    throw badRequest(MSG_PROTECTED, ['completedAt'], 'validation_protected_field');
  }
  const shipping = shippingFields('proposer')
    .concat(shippingFields('receiver'))
    .filter((f) => !!record.get(f));
  if (shipping.length) throw badRequest(MSG_SHIPPING_EARLY, shipping, 'validation_shipping_early');
  const receiver = record.getString('receiver');
  if (receiver === me) throw badRequest(MSG_SELF_TRADE, ['receiver']);
  if (!findRecord(app, 'users', receiver)) throw badRequest(MSG_NO_RECEIVER, ['receiver']);
  checkCards(app, record);
  checkTradeMessage(record);
  // its photos (a file field's value holds the uploads here): at most three
  if (toArray(record.get('photos')).length > PHOTOS_MAX) {
    throw badRequest(MSG_PHOTOS_MAX, ['photos'], 'validation_too_many_files');
  }
  const conversationId = record.getString('conversation');
  if (conversationId) {
    const c = findRecord(app, 'conversations', conversationId);
    const pair = [me, receiver].sort().join('|');
    if (!c || [c.getString('a'), c.getString('b')].join('|') !== pair) {
      throw badRequest(MSG_TRADE_CONVERSATION, ['conversation']);
    }
  }
}

/**
 * Inside the create's transaction: no block between the two, room among the proposer's open
 * proposals, and for a counter-proposal, an open proposal the proposer received from the same
 * fan. Returns that proposal (to be marked `countered` once the counter is stored) or null.
 */
function checkNewTradeInTx(app, record, me) {
  const receiver = record.getString('receiver');
  common.refuseIfBlocked(app, me, receiver, 'receiver');
  const open = common.countOf(
    app,
    "SELECT COUNT(*) AS n FROM `trades` WHERE `proposer` = {:me} AND `status` = 'proposed'",
    { me: me },
  );
  if (open >= OPEN_MAX) throw badRequest(MSG_OPEN_MAX, ['proposer'], 'validation_max_open');
  const counterOf = record.getString('counterOf');
  if (!counterOf) return null;
  const old = findRecord(app, 'trades', counterOf);
  if (!old || old.getString('receiver') !== me || old.getString('proposer') !== receiver) {
    throw badRequest(MSG_COUNTER_NOT_YOURS, ['counterOf']);
  }
  if (old.getString('status') !== 'proposed') throw badRequest(MSG_COUNTER_CLOSED, ['counterOf']);
  return old;
}

/** After the counter-proposal is stored (same transaction): the proposal it answers. */
function markCountered(app, old) {
  if (!old) return;
  old.set('status', 'countered');
  app.save(old);
}

// ---------------------------------------------------------------- completed trades

/** `users.tradesCompleted` of one fan, counted again from their completed trades. */
function recountCompleted(app, userId) {
  const user = findRecord(app, 'users', userId);
  if (!user) return;
  const n = common.countOf(
    app,
    "SELECT COUNT(*) AS n FROM `trades` WHERE `status` = 'completed' AND " +
      '(`proposer` = {:u} OR `receiver` = {:u})',
    { u: userId },
  );
  if (user.getInt('tradesCompleted') === n) return;
  user.set('tradesCompleted', n);
  app.saveNoValidate(user);
}

/** After a trade is saved or deleted (same transaction), when completion may have changed. */
function afterTradeChange(app, trade, statusBefore) {
  if (trade.getString('status') !== 'completed' && statusBefore !== 'completed') return;
  recountCompleted(app, trade.getString('proposer'));
  recountCompleted(app, trade.getString('receiver'));
}

/**
 * Clears the addresses of trades completed more than 30 days ago (docs/trades.md, Shipping), at
 * most `limit` a run, each saved as a change so both sides' devices drop their copies in the
 * next pull. Returns how many it cleared. `nowMs` is the clock (a test may pass a later one).
 */
function sweepAddresses(app, nowMs, limit) {
  const before = common.pbTime(nowMs - ADDRESS_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const rows = app.findRecordsByFilter(
    'trades',
    "status = 'completed' && completedAt != '' && completedAt < {:before} && " +
      "(proposerAddress != '' || receiverAddress != '')",
    'completedAt',
    limit,
    0,
    { before: before },
  );
  for (const trade of rows) {
    trade.set('proposerAddress', '');
    trade.set('receiverAddress', '');
    app.saveNoValidate(trade);
  }
  return rows.length;
}

// ---------------------------------------------------------------- reviews

/**
 * A review: of a completed trade the author was part of, about the other side (`subject` is set
 * here whatever the client sent), with a rating and at most 100 characters without profanity.
 * `me` is '' for superusers, who skip the checks but get the subject set too.
 */
function checkReview(app, record, me) {
  const trade = findRecord(app, 'trades', record.getString('trade'));
  const author = record.getString('author');
  const proposer = trade ? trade.getString('proposer') : '';
  const receiver = trade ? trade.getString('receiver') : '';
  if (trade && (author === proposer || author === receiver)) {
    record.set('subject', author === proposer ? receiver : proposer);
  }
  if (!me) return;
  if (!trade || (me !== proposer && me !== receiver)) {
    throw badRequest(MSG_REVIEW_NOT_MINE, ['trade']);
  }
  if (trade.getString('status') !== 'completed') throw badRequest(MSG_REVIEW_NOT_DONE, ['trade']);
  const rating = record.getString('rating');
  if (rating === '') {
    throw badRequest(MSG_RATING, ['rating'], 'validation_required');
  }
  const allowedTags = rating === 'good' ? GOOD_TAGS : BAD_TAGS;
  const tags = toArray(record.getStringSlice('tags'));
  if (tags.some((tag) => allowedTags.indexOf(tag) < 0)) {
    throw badRequest(MSG_REVIEW_TAGS, ['tags'], 'validation_review_tags');
  }
  const rules = require(`${__hooks}/lib/input-rules.js`);
  const raw = record.getString('text');
  const text = rules.normalizeText(raw) === '' ? '' : raw.trim();
  if (rules.codePointLength(text) > REVIEW_MAX) {
    throw badRequest(MSG_REVIEW_TOO_LONG, ['text'], 'validation_max_text_constraint');
  }
  if (text && rules.findProfanity(text)) {
    throw badRequest(rules.MSG_PROFANITY, ['text'], 'validation_profanity');
  }
  if (text !== raw) record.set('text', text);
}

module.exports = {
  ITEMS_MAX,
  OPEN_MAX,
  CARDS_MAX,
  checkItem,
  checkItemRoom,
  checkCards,
  checkTradeMessage,
  shippingFields,
  checkNewTrade,
  checkNewTradeInTx,
  markCountered,
  afterTradeChange,
  recountCompleted,
  checkReview,
  sweepAddresses,
  ADDRESS_KEEP_DAYS,
};
