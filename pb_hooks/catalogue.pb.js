/**
 * The public catalogue for CDNs (lib/catalogue.js, docs/scaling.md, The catalogue behind a CDN):
 *
 *   GET /api/pocamarket/catalogue            → { version, path, now, collections }, cached 30 s
 *   GET /api/pocamarket/catalogue/{version}  → the snapshot itself, immutable (a year); an
 *                                              unknown version is a 404 nobody caches
 *
 * Both answer from memory; neither takes a query string. They count against the rate limiter's
 * `/api/` bucket like any other read.
 */
routerAdd('GET', '/api/pocamarket/catalogue', (e) => {
  const lib = require(`${__hooks}/lib/catalogue.js`);
  const snap = lib.current(e);
  e.response.header().set('Cache-Control', lib.INDEX_CACHE);
  return e.json(200, {
    version: snap.version,
    path: `/api/pocamarket/catalogue/${snap.version}`,
    now: snap.now,
    collections: lib.SNAPSHOT_COLLECTIONS,
  });
});

routerAdd('GET', '/api/pocamarket/catalogue/{version}', (e) => {
  const lib = require(`${__hooks}/lib/catalogue.js`);
  const version = e.request.pathValue('version');
  const snap = /^[0-9a-f]{32}$/.test(version) ? lib.byVersion(e.app, version) : null;
  if (!snap) {
    e.response.header().set('Cache-Control', 'no-store');
    throw new NotFoundError('이 카탈로그 버전은 더 이상 없습니다.');
  }
  const header = e.response.header();
  header.set('Cache-Control', lib.SNAPSHOT_CACHE);
  header.set('Content-Type', 'application/json; charset=utf-8');
  header.set('ETag', `"${snap.version}"`);
  e.set('__skipSuccessActivityLogger', true);
  return e.string(200, snap.body);
});

// The catalogue's own list and view answers to a guest may be kept by a CDN for 30 s: set by
// api.pb.js's router middleware (lib/catalogue.js, cacheForGuests), since the record request
// events don't expose the response's headers.
