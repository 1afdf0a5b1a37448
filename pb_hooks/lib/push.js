/**
 * Push alerts, server half (pb_hooks/push.pb.js calls these, and for chat messages and proposals
 * trades.pb.js and trades-chat.pb.js): who gets a `notifications` row for an event, and what it
 * says. docs/push.md describes the whole design; what a push subscription may contain is
 * lib/push-subscriptions.js.
 *
 * Opt-in is per device: a user has opted into a topic when any of their `pushSubscriptions` lists
 * it. Each event writes one row per recipient; server/push-dispatcher.ts sends the rows and sets
 * `sentAt`. Recipients are picked with one SQL query per event (json_each over the JSON fields),
 * so a card liked by thousands costs one query and one transaction, not one request per user.
 */

/** How much of a comment or post the alert body quotes (code points). */
const EXCERPT = 40;

/** Collapsed whitespace, at most `max` code points, '…' when cut. */
function excerpt(text, max) {
  const s = String(text == null ? '' : text)
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}

// A JSON column read as a list even when it holds null or junk (json_each fails on invalid JSON).
const jsonList = (column) =>
  `json_each(CASE WHEN json_valid(${column}) THEN ${column} ELSE '[]' END)`;

/**
 * Ids of the users, other than `actor`, who have a subscription listing `topic` and who match
 * `audienceSql` (a subquery selecting user ids, with its own {:params}).
 */
function optedInUsers(app, topic, actor, audienceSql, params) {
  const sql =
    'SELECT DISTINCT s.`user` AS `user` FROM `pushSubscriptions` s ' +
    "WHERE s.`user` != {:actor} AND s.`user` != '' " +
    `AND EXISTS (SELECT 1 FROM ${jsonList('s.`topics`')} t WHERE t.value = {:topic}) ` +
    `AND s.\`user\` IN (${audienceSql})`;
  const rows = arrayOf(new DynamicModel({ user: '' }));
  app
    .db()
    .newQuery(sql)
    .bind(Object.assign({ actor: actor || '', topic: topic }, params))
    .all(rows);
  const out = [];
  for (let i = 0; i < rows.length; i++) out.push(rows[i].user);
  return out;
}

/** One `notifications` row per recipient, in one transaction. */
function writeNotifications(app, recipients, note) {
  if (!recipients.length) return 0;
  const collection = app.findCollectionByNameOrId('notifications');
  app.runInTransaction((txApp) => {
    for (const user of recipients) {
      const r = new Record(collection);
      r.set('user', user);
      r.set('topic', note.topic);
      r.set('title', note.title);
      r.set('body', note.body);
      r.set('url', note.url);
      // the fan the alert quotes: it goes with their account (the relation cascades)
      if (note.actor) r.set('actor', note.actor);
      r.set('read', false);
      txApp.save(r);
    }
  });
  return recipients.length;
}

function findRecord(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/** A comment: the other commenters of that meetup. */
function fanOutComment(app, comment) {
  const meetUpId = comment.getString('meetUp');
  const meetUp = findRecord(app, 'meetUps', meetUpId);
  if (!meetUp) return 0;
  const recipients = optedInUsers(
    app,
    'comment',
    comment.getString('name'),
    'SELECT c.`name` FROM `comments` c WHERE c.`meetUp` = {:meetUp}',
    { meetUp: meetUpId },
  );
  const ment = excerpt(comment.getString('ment'), EXCERPT);
  const where = meetUp.getString('eventTitle') || '밋업';
  return writeNotifications(app, recipients, {
    actor: comment.getString('name'),
    topic: 'comment',
    title: '새 댓글',
    body: ment ? `${where}에 새 댓글이 달렸어요: ${ment}` : `${where}에 새 댓글이 달렸어요`,
    url: `/meetupDetail/${meetUpId}`,
  });
}

/** A new exchange post: users who liked the card or keep it in a collect book. */
function fanOutExchange(app, post) {
  const cardId = post.getString('photoCard');
  const card = findRecord(app, 'photoCards', cardId);
  if (!card) return 0;
  const recipients = optedInUsers(
    app,
    'exchange',
    post.getString('writer'),
    'SELECT l.`user` FROM `likes` l WHERE l.`photoCard` = {:card} ' +
      'UNION SELECT b.`users` FROM `collectBook` b ' +
      `WHERE EXISTS (SELECT 1 FROM ${jsonList('b.`cardInfo`')} ci WHERE ci.value = {:card})`,
    { card: cardId },
  );
  const name = [card.getString('memberName'), card.getString('title')].filter(Boolean).join(' ');
  const text = excerpt(post.getString('description'), EXCERPT);
  return writeNotifications(app, recipients, {
    actor: post.getString('writer'),
    topic: 'exchange',
    title: '새 교환 글',
    body: `${name || '관심 포토카드'}에 새 교환 글이 올라왔어요: ${text}`,
    url: `/exchangeDetail/${cardId}`,
  });
}

/** A new meetup: fans whose favourite group (biasGroup) it is. */
function fanOutMeetUp(app, meetUp) {
  const groupId = meetUp.getString('group');
  if (!groupId) return 0;
  const group = findRecord(app, 'groups', groupId);
  // meetups are created by admins (superusers): there is no actor to leave out
  const recipients = optedInUsers(
    app,
    'meetup',
    '',
    'SELECT u.`id` FROM `users` u WHERE u.`biasGroup` = {:group}',
    { group: groupId },
  );
  const groupName = group ? group.getString('groupName') : '';
  const title = excerpt(meetUp.getString('eventTitle'), EXCERPT);
  return writeNotifications(app, recipients, {
    topic: 'meetup',
    title: '새 밋업',
    body: groupName ? `${groupName}의 새 밋업이 열려요: ${title}` : `새 밋업이 열려요: ${title}`,
    url: `/meetupDetail/${meetUp.id}`,
  });
}

// ---------------------------------------------------------------- chat and trades

/** A fan's nickname for an alert ('상대' when there is none). */
function nicknameOf(app, userId) {
  const user = findRecord(app, 'users', userId);
  // the nickname only: an alert is read by another fan (a fan's name is private)
  return (user && user.getString('username')) || '상대';
}

/**
 * One alert in `recipient`'s inbox (/alerts) about something `actor` did, whatever their push
 * settings (docs/push.md, The inbox): never to the actor, never across a block (either way).
 * `topic` only decides whether it also buzzes a phone: a recipient with no device listing it gets
 * the row with `sentAt` already set, so the dispatcher has nothing to send.
 *
 * `collapse`: an unread alert of the same topic and address is brought up to date instead of a
 * new one, `title(n)` told how many events it now stands for (a chat's messages while the fan is
 * away are one alert, not one per message). Updated, not replaced: a device marking the old one
 * read at that moment still finds it. Its `sentAt` is cleared again for a device to be buzzed.
 */
function notifyOne(app, topic, actor, recipient, note) {
  if (!recipient || recipient === actor) return 0;
  const { blockBetween } = require(`${__hooks}/lib/trade-common.js`);
  if (blockBetween(app, actor, recipient)) return 0;
  const pushed = optedInUsers(app, topic, actor, 'SELECT {:recipient}', { recipient: recipient });
  app.runInTransaction((txApp) => {
    let r = null;
    if (note.collapse) {
      const earlier = txApp.findRecordsByFilter(
        'notifications',
        'user = {:user} && topic = {:topic} && url = {:url} && read = false',
        '-created',
        1,
        0,
        { user: recipient, topic: topic, url: note.url },
      );
      if (earlier.length) r = earlier[0];
    }
    const count = r ? Math.max(1, r.getInt('count')) + 1 : 1;
    if (!r) {
      r = new Record(txApp.findCollectionByNameOrId('notifications'));
      r.set('user', recipient);
      r.set('topic', topic);
      r.set('url', note.url);
      r.set('read', false);
    }
    r.set('title', typeof note.title === 'function' ? note.title(count) : note.title);
    r.set('body', note.body);
    r.set('count', count);
    r.set('at', new DateTime());
    // the fan the alert quotes: it goes with their account (the relation cascades)
    if (actor) r.set('actor', actor);
    // no device listing the topic: nothing for the dispatcher to send
    r.set('sentAt', pushed.length ? '' : new DateTime());
    txApp.save(r);
  });
  return 1;
}

/** A new message: the other side of the conversation. */
function fanOutMessage(app, message) {
  const conversationId = message.getString('conversation');
  const conversation = findRecord(app, 'conversations', conversationId);
  if (!conversation) return 0;
  const sender = message.getString('sender');
  const a = conversation.getString('a');
  const text = excerpt(message.getString('text'), EXCERPT);
  const nick = nicknameOf(app, sender);
  return notifyOne(app, 'chat', sender, a === sender ? conversation.getString('b') : a, {
    title: (n) => (n > 1 ? `새 메시지 ${n}개` : '새 메시지'),
    collapse: true,
    body: text ? `${nick}: ${text}` : `${nick}님이 사진을 보냈어요`,
    url: `/chatting/${conversationId}`,
  });
}

/** A new proposal (or counter-proposal): its receiver. */
function fanOutNewTrade(app, trade) {
  if (trade.getString('status') !== 'proposed') return 0;
  const proposer = trade.getString('proposer');
  const nick = nicknameOf(app, proposer);
  const message = excerpt(trade.getString('message'), EXCERPT);
  const counter = trade.getString('counterOf') !== '';
  const what = counter ? '역제안을 보냈어요' : '교환을 제안했어요';
  return notifyOne(app, 'trade', proposer, trade.getString('receiver'), {
    title: counter ? '교환 역제안' : '새 교환 제안',
    body: message ? `${nick}님이 ${what}: ${message}` : `${nick}님이 ${what}`,
    url: `/trades/${trade.id}`,
  });
}

const STATUS_NOTES = {
  accepted: ['교환 제안 수락', (nick) => `${nick}님이 교환 제안을 수락했어요`],
  declined: ['교환 제안 거절', (nick) => `${nick}님이 교환 제안을 거절했어요`],
  cancelled: ['교환 취소', (nick) => `${nick}님이 교환을 취소했어요`],
  completed: ['교환 완료', (nick) => `${nick}님과의 교환이 완료됐어요. 후기를 남겨주세요`],
};

/** A proposal's status changed by `actor`: the other side. */
function fanOutTradeStatus(app, trade, actor) {
  const note = STATUS_NOTES[trade.getString('status')];
  if (!note) return 0;
  const proposer = trade.getString('proposer');
  const other = actor === proposer ? trade.getString('receiver') : proposer;
  return notifyOne(app, 'trade', actor, other, {
    title: note[0],
    body: note[1](nicknameOf(app, actor)),
    url: `/trades/${trade.id}`,
  });
}

/** One side marked an accepted trade 완료 (the other has not yet): the other side. */
function fanOutTradeDone(app, trade, actor) {
  if (trade.getString('status') !== 'accepted') return 0;
  const proposer = trade.getString('proposer');
  return notifyOne(
    app,
    'trade',
    actor,
    actor === proposer ? trade.getString('receiver') : proposer,
    {
      title: '교환 완료 확인',
      body: `${nicknameOf(app, actor)}님이 교환을 완료로 표시했어요. 카드를 받았다면 완료를 눌러주세요`,
      url: `/trades/${trade.id}`,
    },
  );
}

const STEP_NOTES = {
  address: ['배송지 공유', (nick) => `${nick}님이 받을 곳을 알려줬어요`],
  tracking: ['송장 번호 등록', (nick) => `${nick}님이 카드를 보냈어요. 송장 번호를 확인해보세요`],
  received: ['카드 도착', (nick) => `${nick}님이 카드를 받았어요`],
};

/** A shipping step of an accepted trade (docs/trades.md, Shipping): the other side. */
function fanOutTradeStep(app, trade, actor, step) {
  const note = STEP_NOTES[step];
  if (!note || trade.getString('status') !== 'accepted') return 0;
  const proposer = trade.getString('proposer');
  return notifyOne(
    app,
    'trade',
    actor,
    actor === proposer ? trade.getString('receiver') : proposer,
    {
      title: note[0],
      body: note[1](nicknameOf(app, actor)),
      url: `/trades/${trade.id}`,
    },
  );
}

/** The proposer changed a proposal's cards or message: its receiver, so no accept is blind. */
function fanOutTradeEdit(app, trade) {
  if (trade.getString('status') !== 'proposed') return 0;
  const proposer = trade.getString('proposer');
  return notifyOne(app, 'trade', proposer, trade.getString('receiver'), {
    title: '교환 제안 수정',
    body: `${nicknameOf(app, proposer)}님이 교환 제안 내용을 바꿨어요. 수락하기 전에 확인해주세요`,
    url: `/trades/${trade.id}`,
  });
}

/** A review of a finished trade: the fan it is about. */
function fanOutReview(app, review) {
  const author = review.getString('author');
  const text = excerpt(review.getString('text'), EXCERPT);
  const nick = nicknameOf(app, author);
  return notifyOne(app, 'trade', author, review.getString('subject'), {
    title: '새 교환 후기',
    body: text ? `${nick}님이 교환 후기를 남겼어요: ${text}` : `${nick}님이 교환 후기를 남겼어요`,
    url: `/trades/${review.getString('trade')}`,
  });
}

/** Runs a fan-out after the triggering save; a failure is logged, never the user's error. */
function safely(app, what, record, fn) {
  try {
    fn(app, record);
  } catch (err) {
    console.log(`[push] ${what} fan-out for ${record.id} failed: ${err}`);
    try {
      app
        .logger()
        .error('push fan-out failed', 'event', what, 'record', record.id, 'error', `${err}`);
    } catch {
      // logging must not fail the request either
    }
  }
}

module.exports = {
  excerpt,
  optedInUsers,
  nicknameOf,
  fanOutComment,
  fanOutExchange,
  fanOutMeetUp,
  fanOutMessage,
  fanOutNewTrade,
  fanOutTradeStatus,
  fanOutTradeEdit,
  fanOutTradeDone,
  fanOutTradeStep,
  fanOutReview,
  safely,
};
