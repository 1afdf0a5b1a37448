/**
 * Wantlist alerts (pb_hooks/wanted.pb.js; docs/trades.md, Wantlist alerts): when a card on a fan's
 * 구함 list gets a new exchange or sell post, or shows up on another fan's public have list, that
 * fan gets one alert in the inbox (/alerts) whatever their push settings; the `wanted` topic only
 * decides whether a device also buzzes (docs/push.md, The inbox).
 *
 * - At most one alert an hour per card per fan, posts and have lists sharing the slot: an
 *   appearance within the hour of the fan's last `wanted` alert about that card writes nothing
 *   (no row, no update, no push). The slot is counted from the alert's `created`, so a steady
 *   stream of posts still alerts once an hour.
 * - Batched by the fan who caused them: a recipient's unread alert of the same kind from the same
 *   fan within the hour takes the next card (its count raised, its body saying how many, its
 *   address the posts or the matches), so a have list of twenty wanted cards is one alert.
 * - Never to the fan who posted or listed it, never across a block (either way).
 * - At most MAX_RECIPIENTS (500) fans per event, the longest-standing wants first; the fans alerted
 *   within the hour are skipped before the cap, so the next appearance reaches the next ones.
 *   One indexed query picks them (`tradeItems` by (photoCard, kind), `blocks` by (user, blocked),
 *   `notifications` by (user, url)), and every row is written in one transaction, where the
 *   hourly check is made again so two posts at once cannot both alert a fan.
 */

const TOPIC = 'wanted';
/** Fans alerted per event at most (an operator may set another with WANTED_ALERT_CAP). */
const MAX_RECIPIENTS = 500;
/** One alert per card per fan within this long. */
const SLOT_MS = 60 * 60 * 1000;
/** Post types that offer the card (`exchangeList.postType`; empty is an exchange). */
const OFFERING = ['exchange', 'sell'];

const TITLE_POST = '구함 카드가 올라왔어요';
const TITLE_HAVE = '구함 카드를 가진 팬이 있어요';

/** Where an alert about a post of `card` opens: the card's posts. */
const postUrl = (card) => `/exchangeDetail/${card}`;
/** Where an alert about a have list with `card` opens: the fans who publicly have or want it. */
const matchUrl = (card) => `/matching?card=${card}`;
/** Where a batched alert about several posts opens: the posts, newest first. */
const POSTS_URL = '/exchange';
/** Where a batched alert about several cards on one have list opens: the fan's matches. */
const MATCHES_URL = '/matching';

/** The cap in force: the environment's whole number when it sets one, else MAX_RECIPIENTS. */
function recipientCap() {
  const set = parseInt(String($os.getenv('WANTED_ALERT_CAP') || ''), 10);
  return Number.isFinite(set) && set > 0 ? set : MAX_RECIPIENTS;
}

function findRecord(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

/** A card as the trade screens name it: member and title, else its label or group. */
function cardName(card) {
  const name = [card.getString('memberName'), card.getString('title')].filter(Boolean).join(' ');
  return name || card.getString('label') || card.getString('groupName') || '포토카드';
}

/**
 * Fans other than `actor` with `card` on their want list, with no block between them and the
 * actor (either way) and no `wanted` alert about the card since `since`; at most the cap
 * (recipientCap), the longest-standing wants first.
 */
function wantersOf(app, card, actor, since) {
  const rows = arrayOf(new DynamicModel({ user: '' }));
  app
    .db()
    .newQuery(
      'SELECT t.`user` AS `user` FROM `tradeItems` t ' +
        "WHERE t.`photoCard` = {:card} AND t.`kind` = 'want' AND t.`user` != {:actor} " +
        'AND NOT EXISTS (SELECT 1 FROM `blocks` k1 WHERE k1.`user` = {:actor} AND k1.`blocked` = t.`user`) ' +
        'AND NOT EXISTS (SELECT 1 FROM `blocks` k2 WHERE k2.`user` = t.`user` AND k2.`blocked` = {:actor}) ' +
        'AND NOT EXISTS (SELECT 1 FROM `notifications` n WHERE n.`user` = t.`user` ' +
        'AND n.`url` IN ({:postUrl}, {:matchUrl}) AND n.`topic` = {:topic} AND n.`created` >= {:since}) ' +
        `ORDER BY t.\`created\`, t.\`id\` LIMIT ${recipientCap()}`,
    )
    .bind({
      card: card,
      actor: actor,
      postUrl: postUrl(card),
      matchUrl: matchUrl(card),
      topic: TOPIC,
      since: since,
    })
    .all(rows);
  const out = [];
  for (let i = 0; i < rows.length; i++) out.push(rows[i].user);
  return out;
}

/**
 * The unread `wanted` alerts of the kind `title` that `actor` caused within the slot, by
 * recipient among `recipients`: the rows a new appearance from the same fan joins (see
 * alertWanters).
 */
function openAlertsFrom(app, recipients, actor, title, since) {
  const rows = arrayOf(new DynamicModel({ id: '', user: '' }));
  app
    .db()
    .newQuery(
      'SELECT n.`id` AS `id`, n.`user` AS `user` FROM `notifications` n ' +
        'WHERE n.`user` IN (SELECT j.`value` FROM json_each({:recipients}) j) ' +
        'AND n.`topic` = {:topic} AND n.`actor` = {:actor} AND n.`title` = {:title} ' +
        'AND n.`read` = FALSE AND n.`created` >= {:since} ORDER BY n.`created`',
    )
    .bind({
      recipients: JSON.stringify(recipients),
      topic: TOPIC,
      actor: actor,
      title: title,
      since: since,
    })
    .all(rows);
  const out = {};
  for (let i = 0; i < rows.length; i++) out[rows[i].user] = rows[i].id;
  return out;
}

/**
 * One `wanted` alert for each fan who wants `card` and was not alerted about it within the hour
 * (see the top of this file), in one transaction. A fan with no device listing the topic gets the
 * row with `sentAt` already set. Answers how many fans were alerted.
 *
 * Batched by the fan who caused it: when the recipient still has an unread alert of the same kind
 * (`note.title`) from the same fan within the hour, that alert is brought up to date instead
 * (its `count` raised, `note.many(count)` its body, `note.manyUrl` its address), so a have list
 * of twenty wanted cards, or a batch of offline posts, is one alert and not twenty.
 */
function alertWanters(app, card, actor, note) {
  const push = require(`${__hooks}/lib/push.js`);
  const { pbTime } = require(`${__hooks}/lib/trade-common.js`);
  let written = 0;
  app.runInTransaction((txApp) => {
    const since = pbTime(Date.now() - SLOT_MS);
    const recipients = wantersOf(txApp, card, actor, since);
    if (!recipients.length) return;
    const pushed = push.optedInUsers(
      txApp,
      TOPIC,
      actor,
      'SELECT j.`value` FROM json_each({:recipients}) j',
      { recipients: JSON.stringify(recipients) },
    );
    const open = openAlertsFrom(txApp, recipients, actor, note.title, since);
    const collection = txApp.findCollectionByNameOrId('notifications');
    const now = new DateTime();
    for (const user of recipients) {
      let r = open[user] ? txApp.findRecordById('notifications', open[user]) : null;
      if (r) {
        const count = Math.max(1, r.getInt('count')) + 1;
        r.set('count', count);
        r.set('body', note.many(count));
        r.set('url', note.manyUrl);
      } else {
        r = new Record(collection);
        r.set('user', user);
        r.set('topic', TOPIC);
        r.set('title', note.title);
        r.set('body', note.body);
        r.set('url', note.url);
        // the fan the alert quotes: it goes with their account (the relation cascades)
        r.set('actor', actor);
        r.set('read', false);
        r.set('count', 1);
      }
      r.set('at', now);
      // no device listing the topic: nothing for the dispatcher to send
      r.set('sentAt', pushed.indexOf(user) >= 0 ? '' : now);
      txApp.save(r);
      written += 1;
    }
  });
  return written;
}

/** A new exchange or sell post (not a 구함 post): the fans who want its card. */
function fanOutWantedPost(app, post) {
  // a post saved before post types existed, or without one, is an exchange
  const type = post.getString('postType') || 'exchange';
  if (OFFERING.indexOf(type) < 0) return 0;
  const cardId = post.getString('photoCard');
  const card = findRecord(app, 'photoCards', cardId);
  const writer = post.getString('writer');
  if (!card || !writer) return 0;
  const push = require(`${__hooks}/lib/push.js`);
  const nick = push.nicknameOf(app, writer);
  const what = type === 'sell' ? '양도' : '교환';
  const text = push.excerpt(post.getString('description'), 40);
  return alertWanters(app, cardId, writer, {
    title: TITLE_POST,
    body: text
      ? `${nick}님이 ${cardName(card)} ${what} 글을 올렸어요: ${text}`
      : `${nick}님이 ${cardName(card)} ${what} 글을 올렸어요`,
    url: postUrl(cardId),
    many: (n) => `${nick}님이 구함 카드 ${n}장의 교환·양도 글을 올렸어요`,
    manyUrl: POSTS_URL,
  });
}

/** Whether the `tradeItems` row `id` is public (lib/matches.js's rule: the fan's lists or its book). */
function isPublicItem(app, id) {
  const { IS_PUBLIC } = require(`${__hooks}/lib/matches.js`);
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(
      `SELECT COUNT(*) AS n FROM \`tradeItems\` t WHERE t.\`id\` = {:id} AND ${IS_PUBLIC('t')}`,
    )
    .bind({ id: id })
    .one(row);
  return row.n > 0;
}

/**
 * A have-list item created, or moved from the want list (`before` is the kind it had, '' for a
 * new one): the fans who want its card, when the item is public. A fan turning their lists
 * public, or a book becoming public, alerts nobody (it would be up to 2,000 cards at once).
 */
function fanOutWantedHave(app, item, before) {
  if (item.getString('kind') !== 'have' || before === 'have') return 0;
  const owner = item.getString('user');
  const cardId = item.getString('photoCard');
  const card = findRecord(app, 'photoCards', cardId);
  if (!owner || !card || !isPublicItem(app, item.id)) return 0;
  const push = require(`${__hooks}/lib/push.js`);
  const nick = push.nicknameOf(app, owner);
  return alertWanters(app, cardId, owner, {
    title: TITLE_HAVE,
    body: `${nick}님이 ${cardName(card)} 카드를 갖고 있어요`,
    url: matchUrl(cardId),
    many: (n) => `${nick}님이 구함 카드 ${n}장을 갖고 있어요`,
    manyUrl: MATCHES_URL,
  });
}

module.exports = {
  TOPIC,
  MAX_RECIPIENTS,
  SLOT_MS,
  TITLE_POST,
  TITLE_HAVE,
  fanOutWantedPost,
  fanOutWantedHave,
};
