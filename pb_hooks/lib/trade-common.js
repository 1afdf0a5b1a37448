/**
 * What the trade and chat hooks share (pb_hooks/trades.pb.js, trades-chat.pb.js, and the routes
 * in trades-routes.pb.js): blocks between two fans, counting a fan's recent rows for the per-fan
 * limits, and PocketBase's timestamp format. docs/trades.md describes the rules.
 */

const { badRequest } = require(`${__hooks}/lib/errors.js`);

const MSG_BLOCKED_BY_ME = '차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.';
const MSG_BLOCKED_BY_THEM = '이 사용자와는 대화하거나 교환할 수 없어요.';

/** A time as PocketBase stores datetimes ("2026-01-02 03:04:05.678Z"), for comparisons in SQL. */
function pbTime(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

/** One number from a query (`SELECT COUNT(*) AS n ...`). */
function countOf(app, sql, params) {
  const row = new DynamicModel({ n: 0 });
  app.db().newQuery(sql).bind(params).one(row);
  return row.n;
}

/**
 * Who blocked whom between two fans: 'mine' (`me` blocked `other`), 'theirs' (`other` blocked
 * `me`), or '' (neither). One indexed query.
 */
function blockBetween(app, me, other) {
  if (!me || !other) return '';
  const rows = arrayOf(new DynamicModel({ user: '' }));
  app
    .db()
    .newQuery(
      'SELECT `user` FROM `blocks` WHERE (`user` = {:me} AND `blocked` = {:other}) ' +
        'OR (`user` = {:other} AND `blocked` = {:me}) LIMIT 2',
    )
    .bind({ me: me, other: other })
    .all(rows);
  let theirs = false;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i].user === me) return 'mine';
    theirs = true;
  }
  return theirs ? 'theirs' : '';
}

/** Refuses (400, on `field`) when a block stands between `me` and `other`, either way. */
function refuseIfBlocked(app, me, other, field) {
  const block = blockBetween(app, me, other);
  if (!block) return;
  throw badRequest(
    block === 'mine' ? MSG_BLOCKED_BY_ME : MSG_BLOCKED_BY_THEM,
    [field],
    'validation_blocked',
  );
}

/**
 * A per-fan limit over a time window: 429 with the Korean message (the outbox sends it again
 * later, the change is not lost) when `count` rows in the window already reach `max`.
 */
function refuseIfOver(count, max, message) {
  if (count >= max) throw new TooManyRequestsError(message, {});
}

module.exports = {
  MSG_BLOCKED_BY_ME,
  MSG_BLOCKED_BY_THEM,
  pbTime,
  countOf,
  blockBetween,
  refuseIfBlocked,
  refuseIfOver,
};
