/**
 * The rules of 1:1 chat, blocks and chat reports (used by pb_hooks/trades-chat.pb.js; the design
 * is docs/trades.md). Each check refuses with a 400 and a Korean message (lib/errors.js) before
 * anything is written; the per-fan limits answer 429 so the outbox sends the change again later.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);
const { findRecord, changedFields } = require(`${__hooks}/lib/records.js`);
const { MSG_PROTECTED } = require(`${__hooks}/lib/protected-fields.js`);
const common = require(`${__hooks}/lib/trade-common.js`);

/** New conversations a fan may open in CONVERSATION_WINDOW_MS. */
const CONVERSATIONS_MAX = 10;
const CONVERSATION_WINDOW_MS = 10 * 60 * 1000;
/** Messages a fan may send in MESSAGE_WINDOW_MS (each message of a batch counts). */
const MESSAGES_MAX = 60;
const MESSAGE_WINDOW_MS = 60 * 1000;
const MESSAGE_MAX = 1000;
const LAST_MESSAGE_MAX = 80;
const REASON_MAX = 300;
/** What `lastMessage` says for a message that is only a photo. */
const PHOTO = '사진';
/** What `lastMessage` says for a message an admin hid (docs/operators.md, Moderation). */
const HIDDEN = '운영 정책에 따라 가려진 메시지예요.';

const MSG_SELF_CONVERSATION = '자기 자신과는 대화할 수 없어요.';
const MSG_PAIR_ORDER = '대화 상대의 순서가 올바르지 않아요. (a는 b보다 앞선 ID여야 해요.)';
const MSG_CONVERSATIONS_RATE =
  '새 대화는 10분에 10개까지 시작할 수 있어요. 잠시 후 다시 시도해주세요.';
const MSG_TRADE_CONTEXT = '이 대화의 두 사람 사이의 교환 제안이 아니에요.';
const MSG_MESSAGE_EMPTY = '메시지를 입력하거나 사진을 골라주세요.';
const MSG_MESSAGE_TOO_LONG = '메시지는 1,000자까지 보낼 수 있어요.';
const MSG_MESSAGES_RATE = '메시지를 너무 빠르게 보내고 있어요. 잠시 후 다시 시도해주세요.';
const MSG_SELF_BLOCK = '자기 자신은 차단할 수 없어요.';
const MSG_SELF_REPORT = '자기 자신은 신고할 수 없어요.';
const MSG_REASON_EMPTY = '신고 사유를 입력해주세요.';
const MSG_REASON_TOO_LONG = '신고 사유는 300자까지 쓸 수 있어요.';
const MSG_REPORT_MESSAGE = '신고할 메시지를 찾을 수 없어요. 내 대화의 메시지만 신고할 수 있어요.';
const MSG_REPORT_SENDER = '신고 대상이 보낸 메시지만 함께 신고할 수 있어요.';

/** Fields of a conversation only the hooks write (`starter` may be sent as the fan's own id). */
const CONVERSATION_KEPT = ['lastMessage', 'lastMessageAt', 'lastSender'];
/** Fields either side may set: what the conversation is about. */
const CONVERSATION_CONTEXT = ['photoCard', 'post', 'trade'];

function protectedField(fields) {
  return badRequest(MSG_PROTECTED, fields, 'validation_protected_field');
}

/** `me`'s own read mark in a conversation of a and b ('' when not a participant). */
function ownReadField(record, me) {
  if (record.getString('a') === me) return 'aReadAt';
  if (record.getString('b') === me) return 'bReadAt';
  return '';
}

/** The trade a conversation points at must be between its two fans. */
function checkTradeContext(app, record) {
  const tradeId = record.getString('trade');
  if (!tradeId) return;
  const trade = findRecord(app, 'trades', tradeId);
  // a missing trade is left to PocketBase's relation check (its own message)
  if (!trade) return;
  const pair = [record.getString('a'), record.getString('b')].sort().join('|');
  const sides = [trade.getString('proposer'), trade.getString('receiver')].sort().join('|');
  if (pair !== sides) throw badRequest(MSG_TRADE_CONTEXT, ['trade']);
}

/** A read mark no later than now (a device's clock may run ahead) and never moving back. */
function settleReadAt(record, field, stored) {
  const value = record.getString(field);
  if (!value) return;
  const now = common.pbTime(Date.now());
  if (value > now) record.set(field, now);
  if (stored && record.getString(field) < stored) record.set(field, stored);
}

// ---------------------------------------------------------------- conversations

/** What a fan's new conversation may hold: a < b, not with oneself, no hook-kept values. */
function checkNewConversation(app, record, me) {
  const a = record.getString('a');
  const b = record.getString('b');
  if (a === b) throw badRequest(MSG_SELF_CONVERSATION, ['b']);
  if (a > b) throw badRequest(MSG_PAIR_ORDER, ['a', 'b']);
  const bad = CONVERSATION_KEPT.filter((f) => record.getString(f) !== '');
  const other = a === me ? 'bReadAt' : 'aReadAt';
  if (record.getString(other) !== '') bad.push(other);
  const starter = record.getString('starter');
  if (starter !== '' && starter !== me) bad.push('starter');
  if (bad.length) throw protectedField(bad);
  record.set('starter', me);
  settleReadAt(record, ownReadField(record, me), '');
  checkTradeContext(app, record);
}

/**
 * Inside the create's transaction: a pair that has its conversation already is left to the unique
 * index (the outbox takes "already exists" as done), before the block and the rate are looked at.
 */
function checkNewConversationInTx(app, record, me) {
  const a = record.getString('a');
  const b = record.getString('b');
  const n = common.countOf(
    app,
    'SELECT COUNT(*) AS n FROM `conversations` WHERE `a` = {:a} AND `b` = {:b}',
    { a: a, b: b },
  );
  if (n > 0) return;
  common.refuseIfBlocked(app, me, a === me ? b : a, a === me ? 'b' : 'a');
  const recent = common.countOf(
    app,
    'SELECT COUNT(*) AS n FROM `conversations` WHERE `starter` = {:me} AND `created` >= {:since}',
    { me: me, since: common.pbTime(Date.now() - CONVERSATION_WINDOW_MS) },
  );
  common.refuseIfOver(recent, CONVERSATIONS_MAX, MSG_CONVERSATIONS_RATE);
}

/**
 * A participant's update, inside its transaction: only their own read mark and the context may
 * change, the context not across a block (either way). Fields the request leaves alone take the stored values (read inside the transaction),
 * so a read mark saved from a stale copy never undoes the other side's read or the last message.
 */
function checkConversationUpdate(app, record, me) {
  const fresh = findRecord(app, 'conversations', record.id);
  if (!fresh) return;
  const fields = dataFields(record);
  const changed = changedFields(record, fields);
  for (const f of fields) if (changed.indexOf(f) < 0) record.set(f, fresh.get(f));
  const own = ownReadField(fresh, me);
  const bad = changed.filter((f) => f !== own && CONVERSATION_CONTEXT.indexOf(f) < 0);
  if (bad.length) throw protectedField(bad);
  if (changed.indexOf(own) >= 0) settleReadAt(record, own, fresh.getString(own));
  // the context (a card, a post, a trade) is shown in the thread: a block closes that way in too
  const context = changed.filter((f) => CONVERSATION_CONTEXT.indexOf(f) >= 0);
  if (context.length) {
    const a = fresh.getString('a');
    common.refuseIfBlocked(app, me, a === me ? fresh.getString('b') : a, context[0]);
  }
  if (changed.indexOf('trade') >= 0) checkTradeContext(app, record);
}

/** The names of a record's own fields (not id or the autodates). */
function dataFields(record) {
  return record
    .collection()
    .fields.fieldNames()
    .filter((f) => f !== 'id' && f !== 'created' && f !== 'updated');
}

// ---------------------------------------------------------------- messages

function hasImage(record) {
  const files = record.getUnsavedFiles('image') || [];
  return files.length > 0 || record.getString('image') !== '';
}

/** Text or a photo; the text trimmed, at most 1,000 characters, no profanity. */
function checkMessageText(record) {
  const rules = require(`${__hooks}/lib/input-rules.js`);
  const raw = record.getString('text');
  if (rules.normalizeText(raw) === '') {
    if (!hasImage(record)) throw badRequest(MSG_MESSAGE_EMPTY, ['text'], 'validation_required');
    if (raw !== '') record.set('text', '');
    return;
  }
  const text = raw.trim();
  if (rules.codePointLength(text) > MESSAGE_MAX) {
    throw badRequest(MSG_MESSAGE_TOO_LONG, ['text'], 'validation_max_text_constraint');
  }
  if (rules.findProfanity(text)) {
    throw badRequest(rules.MSG_PROFANITY, ['text'], 'validation_profanity');
  }
  if (text !== raw) record.set('text', text);
}

/** Inside the create's transaction: no block between the two, and the sender's rate. */
function checkMessageInTx(app, record, me) {
  const conversation = findRecord(app, 'conversations', record.getString('conversation'));
  if (!conversation) return; // left to PocketBase's relation check
  const a = conversation.getString('a');
  common.refuseIfBlocked(app, me, a === me ? conversation.getString('b') : a, 'conversation');
  const recent = common.countOf(
    app,
    'SELECT COUNT(*) AS n FROM `messages` WHERE `sender` = {:me} AND `created` >= {:since}',
    { me: me, since: common.pbTime(Date.now() - MESSAGE_WINDOW_MS) },
  );
  common.refuseIfOver(recent, MESSAGES_MAX, MSG_MESSAGES_RATE);
}

/** At most `max` code points of the text on one line, '…' when cut. */
function excerpt(text, max) {
  const chars = Array.from(
    String(text || '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** What a conversation's list row shows for a message. */
function lastMessageOf(message) {
  if (message.getBool('hidden')) return HIDDEN;
  const text = excerpt(message.getString('text'), LAST_MESSAGE_MAX);
  return text || (message.getString('image') ? PHOTO : '');
}

/** After a message is stored (same transaction): its conversation's last message, time, sender. */
function noteLastMessage(app, message) {
  const conversation = findRecord(app, 'conversations', message.getString('conversation'));
  if (!conversation) return;
  const at = message.getString('created') || common.pbTime(Date.now());
  if (conversation.getString('lastMessageAt') > at) return;
  conversation.set('lastMessage', lastMessageOf(message));
  conversation.set('lastMessageAt', at);
  conversation.set('lastSender', message.getString('sender'));
  app.saveNoValidate(conversation);
}

/**
 * A message hidden or shown again (same transaction): when it is its conversation's last one,
 * the list row's excerpt follows (the notice, or its text again).
 */
function refreshLastMessage(app, message) {
  const conversation = findRecord(app, 'conversations', message.getString('conversation'));
  if (!conversation) return;
  if (conversation.getString('lastMessageAt') !== message.getString('created')) return;
  conversation.set('lastMessage', lastMessageOf(message));
  app.saveNoValidate(conversation);
}

// ---------------------------------------------------------------- blocks and reports

function checkBlock(record) {
  if (record.getString('user') === record.getString('blocked')) {
    throw badRequest(MSG_SELF_BLOCK, ['blocked']);
  }
}

/** The evidence kept with a report: the message's text and its photo's file name. */
function evidenceOf(message) {
  const parts = [];
  if (message.getString('text')) parts.push(message.getString('text'));
  if (message.getString('image')) parts.push(`[${PHOTO}] ${message.getString('image')}`);
  return parts.join('\n');
}

/**
 * A chat report: a reason of 1–300 characters, not about oneself, and a message (when named)
 * from one of the reporter's conversations, sent by the reported fan; the hook copies the
 * message as evidence. `me` is '' for superusers, who skip the checks but get the evidence too.
 */
function checkChatReport(app, record, me) {
  const messageId = record.getString('message');
  if (me) {
    const rules = require(`${__hooks}/lib/input-rules.js`);
    rules.checkText(record, 'reason', {
      max: REASON_MAX,
      empty: MSG_REASON_EMPTY,
      tooLong: MSG_REASON_TOO_LONG,
    });
    if (record.getString('target') === me) throw badRequest(MSG_SELF_REPORT, ['target']);
    // the hook's own fields: the evidence and whom it was about, as the server knows them
    const kept = ['evidence', 'targetId', 'targetName'].filter((f) => record.getString(f) !== '');
    if ((record.getUnsavedFiles('evidencePhoto') || []).length) kept.push('evidencePhoto');
    if (kept.length) throw protectedField(kept);
  }
  // whom it was about, kept when their account goes (the relation then empties)
  const target = findRecord(app, 'users', record.getString('target'));
  if (target) {
    record.set('targetId', target.id);
    record.set('targetName', target.getString('username'));
  }
  if (!messageId) return;
  const message = findRecord(app, 'messages', messageId);
  const conversation =
    message && findRecord(app, 'conversations', message.getString('conversation'));
  if (me) {
    if (
      !conversation ||
      (conversation.getString('a') !== me && conversation.getString('b') !== me)
    ) {
      throw badRequest(MSG_REPORT_MESSAGE, ['message']);
    }
    if (message.getString('sender') !== record.getString('target')) {
      throw badRequest(MSG_REPORT_SENDER, ['message']);
    }
  }
  if (message && record.getString('evidence') === '') record.set('evidence', evidenceOf(message));
  if (message && message.getString('image')) copyPhoto(app, message, record);
}

/**
 * A copy of the reported message's photo on the report (`evidencePhoto`): the message and its
 * photo go with their conversation, the copy stays for the admins (protected, like the original).
 */
function copyPhoto(app, message, report) {
  const name = message.getString('image');
  const key = `${message.collection().id}/${message.id}/${name}`;
  const fsys = app.newFilesystem();
  try {
    if (!fsys.exists(key)) return;
    const reader = fsys.getReader(key);
    let bytes;
    try {
      bytes = toBytes(reader);
    } finally {
      reader.close();
    }
    report.set('evidencePhoto', $filesystem.fileFromBytes(bytes, name));
  } finally {
    fsys.close();
  }
}

module.exports = {
  CONVERSATIONS_MAX,
  MESSAGES_MAX,
  PHOTO,
  checkNewConversation,
  checkNewConversationInTx,
  checkConversationUpdate,
  checkMessageText,
  checkMessageInTx,
  noteLastMessage,
  refreshLastMessage,
  checkBlock,
  checkChatReport,
};
