/**
 * The trade routes' reads (pb_hooks/trades-routes.pb.js; docs/trades.md, Routes): fans whose
 * public lists match the caller's, how many fans publicly have and want a card, and a fan's trust
 * (completed trades, latest reviews, public lists).
 *
 * Other fans' items are read only when public: the fan turned on `users.tradePublic`, or the
 * item's book (the fan's own) is `collectBook.isPublic`. Fans with a block between them and the
 * caller, either way, are left out. Each read is one SQL query (`?card=` counts the card first)
 * on the indexes of the migration (`tradeItems` by (user, photoCard) and (photoCard, kind),
 * `blocks` by (user, blocked) and (blocked), `reviews` by (subject, created)), bounded by a LIMIT
 * or by the caller's own list (at most 2,000 items).
 */

const MATCH_FANS = 30;
const MATCH_CARDS = 20;
const TRUST_REVIEWS = 20;
const LIST_MAX = 2000;
/** Fans listing a card above which `?card=` reads the lists by card (bench/README.md, Trades). */
const CARD_FANS_BY_USER = 200;
const RECORD_ID = /^[0-9A-Za-z_-]{1,100}$/;

const MSG_SIGN_IN = '로그인이 필요합니다.';
const MSG_NO_CARD = '포토카드를 찾을 수 없어요.';
const MSG_NO_FAN = '사용자를 찾을 수 없어요.';

/**
 * SQL: the item aliased `t` is public (its fan's lists, or its book, the fan's own). Correlated
 * lookups by primary key rather than joins, so the query plan starts from the item index whatever
 * the planner's statistics say: with `users` joined, statistics taken while the table was nearly
 * empty (PocketBase's `PRAGMA optimize` keeps them until the table grows enough) made SQLite read
 * every fan's whole list for one match request (bench/README.md, Trades).
 */
const IS_PUBLIC = (t) =>
  `((SELECT pu.\`tradePublic\` FROM \`users\` pu WHERE pu.\`id\` = ${t}.\`user\`) = 1 ` +
  `OR EXISTS (SELECT 1 FROM \`collectBook\` pb WHERE pb.\`id\` = ${t}.\`book\` ` +
  `AND pb.\`users\` = ${t}.\`user\` AND pb.\`isPublic\` = 1))`;
/** SQL: the other list's kind of the item aliased `t` (an equality the (photoCard, kind) index serves). */
const OTHER_KIND = (t) => `(CASE ${t}.\`kind\` WHEN 'have' THEN 'want' ELSE 'have' END)`;
/** SQL: no block between the caller ({:me}) and the fan in column `fan`, either way. */
const NOT_BLOCKED = (fan) =>
  `NOT EXISTS (SELECT 1 FROM \`blocks\` k1 WHERE k1.\`user\` = {:me} AND k1.\`blocked\` = ${fan}) ` +
  `AND NOT EXISTS (SELECT 1 FROM \`blocks\` k2 WHERE k2.\`user\` = ${fan} AND k2.\`blocked\` = {:me})`;

function signedIn(e) {
  if (!e.auth || e.auth.collection().name !== 'users') throw new UnauthorizedError(MSG_SIGN_IN, {});
  return e.auth.id;
}

function findCard(app, id) {
  if (!RECORD_ID.test(id)) throw new NotFoundError(MSG_NO_CARD, {});
  try {
    return app.findRecordById('photoCards', id);
  } catch {
    throw new NotFoundError(MSG_NO_CARD, {});
  }
}

function rowsOf(app, sql, params, shape) {
  const rows = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).bind(params).all(rows);
  const out = [];
  for (let i = 0; i < rows.length; i++) {
    const r = {};
    for (const k of Object.keys(shape)) r[k] = rows[i][k];
    out.push(r);
  }
  return out;
}

/**
 * GET /api/pocamarket/matches[?card=<id>]: up to 30 fans whose public `have` items hold cards on
 * the caller's `want` list or whose public `want` items hold cards on the caller's `have` list.
 * Two-way matches first, then by the number of matching cards, then by the latest change among
 * those items. With `card`, only fans who publicly have or want that card.
 */
function matches(e) {
  const me = signedIn(e);
  const card = String(e.request.url.query().get('card') || '');
  const params = { me: me };
  let cardFilter = '';
  if (card) {
    findCard(e.app, card);
    params.card = card;
    // a card few fans list: read just their lists (p by (user, photoCard)); a popular card: read
    // the lists by card as without it, the fans a probe (`+` keeps SQLite from the first way,
    // which costs a lookup per fan for every item of mine)
    const listed = rowsOf(
      e.app,
      'SELECT COUNT(*) AS n FROM `tradeItems` WHERE `photoCard` = {:card}',
      { card: card },
      { n: 0 },
    )[0].n;
    cardFilter =
      `AND ${listed > CARD_FANS_BY_USER ? '+' : ''}p.\`user\` IN (SELECT c.\`user\` FROM \`tradeItems\` c ` +
      `WHERE c.\`photoCard\` = {:card} AND ${IS_PUBLIC('c')}) `;
  }
  // mine (m) against the others' public items (p) of the same card on the other list; CROSS JOIN
  // keeps that order (SQLite never reorders it): my list by its index, theirs by (photoCard, kind)
  const from =
    'FROM `tradeItems` m CROSS JOIN `tradeItems` p ' +
    `ON p.\`photoCard\` = m.\`photoCard\` AND p.\`kind\` = ${OTHER_KIND('m')} ` +
    `WHERE m.\`user\` = {:me} AND p.\`user\` != {:me} AND ${IS_PUBLIC('p')} `;
  const fans = rowsOf(
    e.app,
    'SELECT p.`user` AS fan, ' +
      "SUM(CASE WHEN p.`kind` = 'have' THEN 1 ELSE 0 END) AS theyHaveCount, " +
      "SUM(CASE WHEN p.`kind` = 'want' THEN 1 ELSE 0 END) AS theyWantCount, " +
      'MAX(p.`updated`) AS latest ' +
      from +
      `AND ${NOT_BLOCKED('p.`user`')} ` +
      cardFilter +
      'GROUP BY p.`user` ' +
      'ORDER BY (theyHaveCount > 0 AND theyWantCount > 0) DESC, ' +
      '(theyHaveCount + theyWantCount) DESC, latest DESC, p.`user` ' +
      `LIMIT ${MATCH_FANS}`,
    params,
    { fan: '', theyHaveCount: 0, theyWantCount: 0, latest: '' },
  );
  if (!fans.length) return { items: [] };

  // the matching cards of those fans only, newest first: their lists (p) by index, then mine (m)
  const names = fans.map((f, i) => {
    params[`f${i}`] = f.fan;
    return `{:f${i}}`;
  });
  const cards = rowsOf(
    e.app,
    'SELECT p.`user` AS fan, p.`photoCard` AS card, p.`kind` AS kind ' +
      'FROM `tradeItems` p CROSS JOIN `tradeItems` m ' +
      `ON m.\`user\` = {:me} AND m.\`photoCard\` = p.\`photoCard\` AND m.\`kind\` = ${OTHER_KIND('p')} ` +
      `WHERE p.\`user\` IN (${names.join(', ')}) AND ${IS_PUBLIC('p')} ` +
      'ORDER BY p.`updated` DESC, p.`id`',
    params,
    { fan: '', card: '', kind: '' },
  );
  const byFan = {};
  for (const f of fans) {
    byFan[f.fan] = {
      user: f.fan,
      twoWay: f.theyHaveCount > 0 && f.theyWantCount > 0,
      theyHave: [],
      theyWant: [],
      theyHaveCount: f.theyHaveCount,
      theyWantCount: f.theyWantCount,
      latest: f.latest,
    };
  }
  for (const c of cards) {
    const entry = byFan[c.fan];
    const list = c.kind === 'have' ? entry.theyHave : entry.theyWant;
    if (list.length < MATCH_CARDS) list.push(c.card);
  }
  return { items: fans.map((f) => byFan[f.fan]) };
}

/**
 * GET /api/pocamarket/cards/<id>/traders: how many fans publicly have and want the card (the
 * caller and fans with a block between them and the caller left out).
 */
function traders(e, cardId) {
  findCard(e.app, cardId);
  const me = e.auth && e.auth.collection().name === 'users' ? e.auth.id : '';
  const params = { card: cardId, me: me };
  const rows = rowsOf(
    e.app,
    "SELECT COALESCE(SUM(CASE WHEN t.`kind` = 'have' THEN 1 ELSE 0 END), 0) AS have, " +
      "COALESCE(SUM(CASE WHEN t.`kind` = 'want' THEN 1 ELSE 0 END), 0) AS want " +
      'FROM `tradeItems` t ' +
      `WHERE t.\`photoCard\` = {:card} AND ${IS_PUBLIC('t')} ` +
      (me ? `AND t.\`user\` != {:me} AND ${NOT_BLOCKED('t.`user`')}` : ''),
    params,
    { have: 0, want: 0 },
  );
  return { card: cardId, have: rows[0].have, want: rows[0].want };
}

/** A review's `tags` as stored (a JSON array of tag names). */
function parseTags(raw) {
  try {
    const list = JSON.parse(raw || '[]');
    return Array.isArray(list) ? list.filter((t) => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * GET /api/pocamarket/fans/<id>/trust: the fan's completed trades, latest 20 reviews (newest
 * first, with their tags), how many reviews carry each tag and each rating (all of the fan's
 * reviews), and public have and want lists (card ids; empty when a block stands between the
 * fan and the caller).
 */
function trust(e, fanId) {
  let fan = null;
  if (RECORD_ID.test(fanId)) {
    try {
      fan = e.app.findRecordById('users', fanId);
    } catch {
      fan = null;
    }
  }
  if (!fan || fan.getBool('signupPending')) throw new NotFoundError(MSG_NO_FAN, {});
  const me = e.auth && e.auth.collection().name === 'users' ? e.auth.id : '';
  const reviews = rowsOf(
    e.app,
    "SELECT `id`, `author`, `rating`, `text`, `created`, COALESCE(`tags`, '[]') AS tags " +
      'FROM `reviews` ' +
      `WHERE \`subject\` = {:fan} ORDER BY \`created\` DESC, \`id\` DESC LIMIT ${TRUST_REVIEWS}`,
    { fan: fanId },
    { id: '', author: '', rating: '', text: '', created: '', tags: '' },
  ).map((r) => Object.assign(r, { tags: parseTags(r.tags) }));
  // every review's tags counted (the subject index bounds it to the fan's own reviews)
  const tagRows = rowsOf(
    e.app,
    'SELECT j.`value` AS tag, COUNT(*) AS n FROM `reviews` r, json_each(' +
      "CASE WHEN json_valid(r.`tags`) THEN r.`tags` ELSE '[]' END) j " +
      'WHERE r.`subject` = {:fan} GROUP BY j.`value`',
    { fan: fanId },
    { tag: '', n: 0 },
  );
  const ratings = rowsOf(
    e.app,
    'SELECT `rating`, COUNT(*) AS n FROM `reviews` WHERE `subject` = {:fan} GROUP BY `rating`',
    { fan: fanId },
    { rating: '', n: 0 },
  );
  const tagCounts = {};
  for (const row of tagRows) tagCounts[row.tag] = row.n;
  const ratingCounts = { good: 0, bad: 0 };
  for (const row of ratings) ratingCounts[row.rating] = row.n;
  const have = [];
  const want = [];
  const { blockBetween } = require(`${__hooks}/lib/trade-common.js`);
  if (!me || me === fanId || !blockBetween(e.app, me, fanId)) {
    const items = rowsOf(
      e.app,
      'SELECT t.`photoCard` AS card, t.`kind` AS kind FROM `tradeItems` t ' +
        `WHERE t.\`user\` = {:fan} AND ${IS_PUBLIC('t')} ORDER BY t.\`updated\` DESC, t.\`id\` ` +
        `LIMIT ${LIST_MAX}`,
      { fan: fanId },
      { card: '', kind: '' },
    );
    for (const it of items) (it.kind === 'have' ? have : want).push(it.card);
  }
  return {
    user: fanId,
    tradesCompleted: fan.getInt('tradesCompleted'),
    reviews: reviews,
    tagCounts: tagCounts,
    ratingCounts: ratingCounts,
    have: have,
    want: want,
  };
}

module.exports = { matches, traders, trust, IS_PUBLIC, MATCH_FANS, MATCH_CARDS, TRUST_REVIEWS };
