/**
 * The operator's dashboard (docs/operators.md, The dashboard): the day's figures, each one
 * indexed COUNT, for admins (`users.role = "admin"`); and the count of dead letters devices
 * report (POST /api/pocamarket/dead-letters), which the server has no other record of: a dead
 * letter is a change a device set aside in its own store (docs/sync.md, Guarantees).
 *
 * "Today" is the Korean calendar day (KST, no daylight saving), like the upload quotas'.
 */

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An alert still unsent this long after it was written met an error (the dispatcher polls every 3 s). */
const PUSH_STALE_MS = 5 * 60 * 1000;
/** Distinct kinds counted per day; past it a report counts under OTHER. */
const KINDS_PER_DAY_MAX = 100;
const OTHER = 'other';
/** Days of dead-letter counts kept. */
const KEEP_DAYS = 90;
const KIND = /^[a-zA-Z]{1,20}(\.[a-zA-Z]{1,20}){1,2}$/;

const MSG_LOGIN = '로그인이 필요해요.';
const MSG_KIND = '변경 종류(kind)가 올바르지 않아요.';

/** The start of the Korean day holding `now` (ms), as PocketBase's date text, and the day. */
function kstDay(now) {
  const start = Math.floor((now + KST_OFFSET_MS) / DAY_MS) * DAY_MS - KST_OFFSET_MS;
  return { since: stamp(start), day: new Date(start + KST_OFFSET_MS).toISOString().slice(0, 10) };
}

/** PocketBase's stored date text ("2026-01-02 03:04:05.678Z") of a time in ms. */
function stamp(ms) {
  return new Date(ms).toISOString().replace('T', ' ');
}

function count(app, sql, params) {
  const row = new DynamicModel({ n: 0 });
  app
    .db()
    .newQuery(`SELECT COUNT(*) AS n ${sql}`)
    .bind(params || {})
    .one(row);
  return row.n;
}

/** Whether `collection` exists and has a field named `field`. */
function hasField(app, collection, field) {
  try {
    return !!app.findCachedCollectionByNameOrId(collection).fields.getByName(field);
  } catch {
    return false;
  }
}

/** The stale bound of unsent alerts, changeable for tests (DASHBOARD_PUSH_STALE_MS). */
function pushStaleMs() {
  const raw = $os.getenv('DASHBOARD_PUSH_STALE_MS');
  return /^[0-9]{1,9}$/.test(raw) ? Number(raw) : PUSH_STALE_MS;
}

/**
 * GET /api/pocamarket/admin/dashboard: `{ day, since, at, newFans, posts, tradesCompleted,
 * openReports: { informUs, chatReports, total }, pushesFailing, deadLetters: { total, byKind } }`.
 */
function dashboard(e) {
  require(`${__hooks}/lib/admin-catalogue.js`).requireAdmin(e);
  const app = e.app;
  const now = Date.now();
  const { since, day } = kstDay(now);
  const p = { since };
  // (signupPending, created): completed sign-ups only, a pending one is not a fan yet
  const newFans = count(
    app,
    'FROM {{users}} WHERE [[signupPending]] = FALSE AND [[created]] >= {:since}',
    p,
  );
  // (created), pb_migrations/1765110000_report_queue.js
  const posts = count(app, 'FROM {{exchangeList}} WHERE [[created]] >= {:since}', p);
  // (status, completedAt)
  const tradesCompleted = count(
    app,
    "FROM {{trades}} WHERE [[status]] = 'completed' AND [[completedAt]] >= {:since}",
    p,
  );
  // (status, created) on both: a 제보 waiting in the queue; a 신고 not yet acted on (its status
  // is the moderation's, pb_migrations/1765120000_moderation.js; without one, every 신고 waits)
  const informUs = count(app, "FROM {{informUs}} WHERE [[status]] IN ('open', '')");
  const chatReports = hasField(app, 'chatReports', 'status')
    ? count(app, "FROM {{chatReports}} WHERE [[status]] IN ('open', '')")
    : count(app, 'FROM {{chatReports}}');
  // (sentAt, created): alerts a device should have had by now; the dispatcher keeps its errors in
  // memory, so an unsent row past the bound is the server's sign of a failing push (docs/push.md)
  const pushesFailing = count(
    app,
    "FROM {{notifications}} WHERE [[sentAt]] = '' AND [[created]] < {:stale}",
    {
      stale: stamp(now - pushStaleMs()),
    },
  );
  const rows = arrayOf(new DynamicModel({ kind: '', n: 0 }));
  app
    .db()
    .newQuery(
      'SELECT [[kind]], [[n]] FROM `deadLetterCounts` WHERE [[day]] = {:day} ORDER BY [[n]] DESC, [[kind]]',
    )
    .bind({ day })
    .all(rows);
  const byKind = {};
  let total = 0;
  for (const r of rows) {
    byKind[r.kind] = r.n;
    total += r.n;
  }
  return {
    day,
    since,
    at: stamp(now),
    newFans,
    posts,
    tradesCompleted,
    openReports: { informUs, chatReports, total: informUs + chatReports },
    pushesFailing,
    deadLetters: { total, byKind },
  };
}

/**
 * POST /api/pocamarket/dead-letters `{ kind }` (signed in): one more dead letter of that outbox
 * kind (`like.set`, `post.create`, ...) today. Answers `{ counted: true }`.
 */
function countDeadLetter(e) {
  if (!e.auth) throw new UnauthorizedError(MSG_LOGIN);
  const body = e.requestInfo().body || {};
  const kind = typeof body.kind === 'string' ? body.kind : '';
  if (!KIND.test(kind)) {
    throw require(`${__hooks}/lib/errors.js`).badRequest(MSG_KIND, ['kind']);
  }
  const app = e.app;
  const { day } = kstDay(Date.now());
  app.runInTransaction((tx) => {
    const known = count(
      tx,
      'FROM `deadLetterCounts` WHERE [[day]] = {:day} AND [[kind]] = {:kind}',
      {
        day,
        kind,
      },
    );
    const kinds = known ? 0 : count(tx, 'FROM `deadLetterCounts` WHERE [[day]] = {:day}', { day });
    const counted = known || kinds < KINDS_PER_DAY_MAX ? kind : OTHER;
    tx.db()
      .newQuery(
        'INSERT INTO `deadLetterCounts` (`day`, `kind`, `n`) VALUES ({:day}, {:kind}, 1) ' +
          'ON CONFLICT (`day`, `kind`) DO UPDATE SET `n` = `n` + 1',
      )
      .bind({ day, kind: counted })
      .execute();
    if (!known && !kinds) {
      // the first of a day: the days past KEEP_DAYS go
      const old = new Date(Date.now() - KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
      tx.db()
        .newQuery('DELETE FROM `deadLetterCounts` WHERE [[day]] < {:old}')
        .bind({ old })
        .execute();
    }
  });
  return { counted: true };
}

module.exports = { PUSH_STALE_MS, KINDS_PER_DAY_MAX, kstDay, dashboard, countDeadLetter };
