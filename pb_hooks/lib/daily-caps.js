/**
 * How many exchange posts and meetup comments one fan may write in a day (Korean calendar day),
 * used by pb_hooks/daily-caps.pb.js (SECURITY.md, Limits). Without a cap one account put 180
 * posts on one card in 30 s; each went into the card's page, the snapshot and every device's
 * pull. The per-address rate limits bound the pace, not the total.
 *
 * Counted in `uploadLog` (the uploads' per-day log, superusers only: lib/uploads.js), one row per
 * record, written in the transaction that stores the record, so a refused or rolled-back request
 * counts nothing, parallel requests can't all slip under the cap, and deleting a post gives
 * nothing back (a fan can't post, delete and post again without end).
 */

/**
 * Per collection: the field naming the writer, the day's cap (an operator may set another with the
 * environment variable named in `env`, e.g. a load test's fans writing thousands), and the
 * message. Chat reports are capped too: each lands in the admins' queue (60 went in 0.4 s from one
 * account), and a fan with more than 20 to make in a day is better served by a block. (제보,
 * `informUs`, each carry an image: the daily upload quota bounds them, lib/uploads.js.)
 */
const CAPS = {
  exchangeList: { writer: 'writer', perDay: 30, env: 'DAILY_POST_CAP', message: written('교환글') },
  comments: { writer: 'name', perDay: 100, env: 'DAILY_COMMENT_CAP', message: written('댓글') },
  chatReports: {
    writer: 'reporter',
    perDay: 20,
    env: 'DAILY_CHAT_REPORT_CAP',
    message: (n) =>
      `오늘은 더 신고할 수 없어요. 신고는 하루에 ${n}번까지 할 수 있어요. 계속 불편하다면 차단해주세요.`,
  },
};

/** The message of a cap on something written (both nouns end in ㄹ: particles 을 and 은). */
function written(what) {
  return (n) =>
    `오늘 쓸 수 있는 ${what}을 모두 썼어요. ${what}은 하루에 ${n}개까지 쓸 수 있어요. 내일 다시 시도해주세요.`;
}

/** The cap in force: the environment's whole number when it sets one, else the default. */
function perDayOf(cap) {
  const set = parseInt(String($os.getenv(cap.env) || ''), 10);
  return Number.isFinite(set) && set > 0 ? set : cap.perDay;
}

function capMessage(cap, perDay) {
  return cap.message(perDay);
}

/**
 * Counts this create against its writer's day, refusing it (400, the Korean message, field code
 * `validation_daily_cap` on the writer field) when the day's cap is reached. Superusers are
 * exempt. Runs the rest of the request in the same transaction as the count and the log row.
 */
function handleCreate(e) {
  const cap = CAPS[e.collection.name];
  if (!cap || !e.auth || e.hasSuperuserAuth()) return e.next();
  // a replay of a create that landed (the outbox's retry) is answered by guards.pb.js as such,
  // never as over the cap: it counted when it landed
  if (require(`${__hooks}/lib/tombstones.js`).idTaken(e.app, e.collection.name, e.record.id)) {
    return e.next();
  }
  const userId = e.auth.id;
  const bucket = `write:${e.collection.name}`;
  require(`${__hooks}/lib/records.js`).inTransaction(e, null, (txApp) => {
    // the Korean calendar day, as the upload quotas count it
    const { dayStart, pbTime } = require(`${__hooks}/lib/uploads.js`);
    const since = pbTime(dayStart(Date.now()));
    const row = new DynamicModel({ n: 0 });
    txApp
      .db()
      .newQuery(
        'SELECT COUNT(*) AS n FROM uploadLog ' +
          'WHERE user = {:user} AND bucket = {:bucket} AND created >= {:since}',
      )
      .bind({ user: userId, bucket: bucket, since: since })
      .one(row);
    const perDay = perDayOf(cap);
    if (row.n >= perDay) {
      const message = capMessage(cap, perDay);
      throw new BadRequestError(message, {
        [cap.writer]: new ValidationError('validation_daily_cap', message),
      });
    }
    const log = new Record(txApp.findCollectionByNameOrId('uploadLog'));
    log.set('user', userId);
    log.set('bucket', bucket);
    log.set('record', e.record.id);
    log.set('size', 0);
    txApp.save(log);
  });
}

module.exports = { CAPS, handleCreate, capMessage, perDayOf };
