/**
 * 1:1 chat, blocks and chat reports (rules in lib/chat.js, the design in docs/trades.md).
 * Requests of superusers skip the checks; the last-message fields are kept on every save.
 *
 *  - conversations: `a` < `b`, not oneself, no block either way, at most 10 new ones per fan in
 *    10 minutes (a pair that has one already is left to the unique index: "already exists");
 *    each side changes only its own `…ReadAt` (never back, never past now) and the context
 *    (`photoCard`, `post`, `trade`; not across a block); `lastMessage`, `lastMessageAt`,
 *    `lastSender` are the hook's.
 *  - messages: text or a photo; text trimmed, 1,000 characters at most, no profanity; no block
 *    either way; at most 60 per fan a minute (429). After a message is stored its conversation's
 *    last message, time and sender are set in the same transaction.
 *  - blocks: not oneself. chatReports: a reason, not oneself, a message from one of the
 *    reporter's conversations sent by the reported fan, copied as evidence by the hook.
 *  - notification rows (lib/push.js) for the other side of a new message.
 *
 * Loaded after guards.pb.js (file order), so a replayed create with a taken id is answered first,
 * and before uploads.pb.js, whose file checks run inside these hooks' transactions.
 */

onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const lib = require(`${__hooks}/lib/chat.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const me = e.auth.id;
  lib.checkNewConversation(e.app, e.record, me);
  inTransaction(e, null, (txApp) => lib.checkNewConversationInTx(txApp, e.record, me));
}, 'conversations');

onRecordUpdateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const lib = require(`${__hooks}/lib/chat.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const me = e.auth.id;
  inTransaction(e, null, (txApp) => lib.checkConversationUpdate(txApp, e.record, me));
}, 'conversations');

// ---------------------------------------------------------------- messages

onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const lib = require(`${__hooks}/lib/chat.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const me = e.auth.id;
  lib.checkMessageText(e.record);
  inTransaction(e, null, (txApp) => lib.checkMessageInTx(txApp, e.record, me));
}, 'messages');

onRecordCreate((e) => {
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  inTransaction(e, (txApp) => require(`${__hooks}/lib/chat.js`).noteLastMessage(txApp, e.record));
}, 'messages');

onRecordAfterCreateSuccess((e) => {
  e.next();
  const push = require(`${__hooks}/lib/push.js`);
  push.safely(e.app, 'chat', e.record, push.fanOutMessage);
}, 'messages');

// ---------------------------------------------------------------- blocks and reports

onRecordCreateRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/chat.js`).checkBlock(e.record);
  e.next();
}, 'blocks');

onRecordCreateRequest((e) => {
  const me = e.hasSuperuserAuth() || !e.auth ? '' : e.auth.id;
  require(`${__hooks}/lib/chat.js`).checkChatReport(e.app, e.record, me);
  e.next();
}, 'chatReports');
