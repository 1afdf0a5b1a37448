/**
 * The public catalogue as a versioned snapshot (docs/scaling.md, The catalogue behind a CDN).
 *
 * A first visit used to pull every public record from SQLite (5,000 cards in ten pages, each a
 * query and an enrich). Now its device asks `GET /api/pocamarket/catalogue` (an index a CDN keeps
 * for 30 s) and then the snapshot it names, `GET /api/pocamarket/catalogue/<version>`, whose body
 * never changes for that version (a CDN and the browser keep it for a year). The version is the
 * SHA-256 of the body, so the same catalogue is the same address on every server.
 *
 * The body is what a guest's first pull would bring for SNAPSHOT_COLLECTIONS (lib/pull.js, with
 * no auth): per collection its records in (`updated`, `id`) order and the cursor after the last,
 * and `now`, the server's clock read before the first query. The client stores those as its
 * checkpoints and goes on with the ordinary delta pull from there, so what changed after the
 * snapshot (or was beyond MAX_ROWS) arrives as it always did; see src/data/sync/snapshot.ts.
 *
 * It is built in memory (PocketBase's app store, shared by every hook VM) when first asked for, and
 * again when asked for at least 30 s (rebuildAfterMs) after the last build and the catalogue changed
 * since (a fingerprint of each collection's newest `updated`, row count, and the newest
 * tombstone). One build at a time; the others meanwhile answer with the snapshot there is. The
 * previous version stays readable, so a CDN that still holds the old index finds its snapshot.
 */

// Cards and posts are pulled by scope (docs/sync.md, Pull by scope): a guest's device keeps only
// the groups list and what it opens, so the snapshot holds what every device keeps whole, and its
// size does not grow with the catalogue's cards.
const SNAPSHOT_COLLECTIONS = ['groups', 'meetUps', 'comments'];
/** Rows per collection in a snapshot at most (bounds its size and build; the pull does the rest). */
const MAX_ROWS = 20000;
/** CATALOGUE_REBUILD_MS overrides it (the tests use a short one). */
function rebuildAfterMs() {
  const n = parseInt(String($os.getenv('CATALOGUE_REBUILD_MS') || ''), 10);
  return isNaN(n) || n < 0 ? 30 * 1000 : n;
}
/** A build that has not finished after this long is taken to have failed. */
const BUILD_STALE_MS = 60 * 1000;
const KEY = 'pocamarket.catalogue';
const BUILDING = 'pocamarket.catalogue.building';
const PAGE = 500;

const INDEX_CACHE = 'public, max-age=30, stale-while-revalidate=60';
const SNAPSHOT_CACHE = 'public, max-age=31536000, immutable';

/** One string that changes with any write to a snapshot collection (or a delete). */
function fingerprint(app) {
  const parts = [];
  for (const name of SNAPSHOT_COLLECTIONS.concat(['tombstones'])) {
    const row = new DynamicModel({ newest: '', rows: 0 });
    app
      .db()
      .newQuery(
        `SELECT COALESCE(MAX([[updated]]), '') AS newest, COUNT(*) AS rows FROM {{${name}}}`,
      )
      .one(row);
    parts.push(`${name}:${row.newest}:${row.rows}`);
  }
  return parts.join('|');
}

/** A guest's view of the snapshot collections, read now: the body and its version. */
function build(e) {
  const { pullCollection } = require(`${__hooks}/lib/pull.js`);
  const app = e.app;
  const print = fingerprint(app);
  const now = new DateTime().string();
  // read as a guest whoever asked: the snapshot is the same for everyone
  const auth = e.auth;
  e.auth = null;
  const out = {};
  try {
    const info = e.requestInfo();
    for (const name of SNAPSHOT_COLLECTIONS) {
      const collection = app.findCachedCollectionByNameOrId(name);
      const items = [];
      let after = null;
      let cursor = null;
      let more = true;
      while (more && items.length < MAX_ROWS) {
        const page = pullCollection(
          e,
          info,
          collection,
          null,
          after,
          Math.min(PAGE, MAX_ROWS - items.length),
        );
        for (const r of page.items) items.push(r);
        more = page.more;
        if (page.cursor) {
          cursor = page.cursor;
          after = { updated: cursor.updated, id: cursor.id };
        }
        if (!page.scanned) break;
      }
      out[name] = { items, more, cursor };
    }
  } finally {
    e.auth = auth;
  }
  const body = JSON.stringify({ now, collections: out });
  return {
    version: $security.sha256(body).slice(0, 32),
    now,
    body,
    fingerprint: print,
    builtAt: Date.now(),
  };
}

/** The snapshot to name in the index, building one first when there is none or it is stale. */
function current(e) {
  const store = e.app.store();
  const have = store.get(KEY);
  if (have && Date.now() - have.builtAt < rebuildAfterMs()) return have;
  // one build at a time: the first caller takes the flag, the others serve what there is
  let mine = false;
  store.setFunc(BUILDING, (since) => {
    if (since && Date.now() - since < BUILD_STALE_MS) return since;
    mine = true;
    return Date.now();
  });
  if (!mine && have) return have;
  try {
    if (have && fingerprint(e.app) === have.fingerprint) {
      const same = Object.assign({}, have, { builtAt: Date.now() });
      store.set(KEY, same);
      return same;
    }
    const next = build(e);
    if (have && have.version !== next.version) store.set(`${KEY}.previous`, have);
    store.set(KEY, next);
    return next;
  } finally {
    if (mine) store.remove(BUILDING);
  }
}

/** The snapshot of `version`, if it is the current or the previous one. */
function byVersion(app, version) {
  const store = app.store();
  for (const key of [KEY, `${KEY}.previous`]) {
    const s = store.get(key);
    if (s && s.version === version) return s;
  }
  return null;
}

/**
 * The catalogue's own list and view answers, to a guest, may be kept by a CDN for 30 s (a caller
 * that sends a token gets answers of its own, never cached). Called by api.pb.js's router
 * middleware for GET requests, before the request's auth is loaded: a request without an
 * Authorization header is a guest's.
 */
function cacheForGuests(e) {
  if (e.request.header.get('Authorization')) return;
  if (
    /^\/api\/collections\/(groups|photoCards|meetUps)\/records(\/[^/]+)?$/.test(e.request.url.path)
  ) {
    e.response.header().set('Cache-Control', INDEX_CACHE);
    e.response.header().add('Vary', 'Authorization');
  }
}

module.exports = {
  cacheForGuests,
  current,
  byVersion,
  SNAPSHOT_COLLECTIONS,
  MAX_ROWS,
  INDEX_CACHE,
  SNAPSHOT_CACHE,
};
