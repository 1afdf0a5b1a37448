/**
 * The one router middleware of the app, and it must stay one: each JS middleware holds a hook VM
 * for as long as its request runs. Everything that must see a request is dispatched from here:
 *
 * - Outside /api/ and /_/: the built app and its server-rendered first screens (lib/static.js).
 * - GET /api/oauth2-redirect with our state: on to the app's screen (lib/social.js).
 * - A `?thumb=` of a file: never decoded from an original over the size bound (lib/thumbs.js).
 * - A guest's catalogue lists and views: cacheable by a CDN for 30 s (lib/catalogue.js).
 * - PocketBase's security headers on every answer (its own middleware runs after this one, and a
 *   page or file answered here would not get them).
 *
 * - Gzip for API responses: record lists are JSON that compresses about 6:1 (a first sync of
 *   5,000 cards is 2.3 MB raw, about 0.35 MB gzipped), which matters on a phone's data plan at an
 *   event. Files (/api/files/, images that are compressed already) are left alone.
 * - A direct like create is checked for a replayed client id (lib/tombstones.js, checkLikeReplay).
 * - Direct record writes count in the rate-limit counter that writes inside batches share
 *   (lib/limits.js writeCounter, limits.pb.js), so batches cannot double a client's limit.
 * - The cost limits of lib/limits.js on `expand`, `filter`, `sort` and `perPage` of every
 *   /api/collections/ request (lists, views, auth), checked before any query runs: a request that
 *   breaks one gets a fast 400 with a Korean message; a larger page than the limit is served at
 *   the limit's size (also for superusers, as PocketBase clamps). The parameters are only parsed when the
 *   query names one of them, so the app's own requests (which never do) pay nothing.
 * - PocketBase's own error answers in Korean, for anyone calling the API directly (the app keys
 *   on statuses and field codes, never on English text). Every request's error passes through
 *   here on its way to PocketBase's error writer; the wording lives in lib/errors-ko.js.
 *
 * The realtime connection (GET /api/realtime) is the one route this middleware never sees (the
 * split at the end of this file): it runs for minutes, and a VM held that long per idle client
 * took the server down (docs/scaling.md, Realtime). Its bounds are checked when it subscribes
 * (lib/realtime.js), in a hook that ends with the request.
 *
 * Priority -1035 puts this outside the rate limiter (-1000), body limit (-990), auth token loader
 * (-1020) and panic recovery (-1030), so their answers are translated too, and inside the activity
 * logger (-1040), which therefore logs the Korean message next to the raw error.
 */
routerUse(
  new Middleware(
    (e) => {
      try {
        const path = e.request.url.path;
        const header = e.response.header();
        header.set('X-XSS-Protection', '1; mode=block');
        header.set('X-Content-Type-Options', 'nosniff');
        header.set('X-Frame-Options', 'SAMEORIGIN');
        if (path.indexOf('/api/') !== 0) {
          if (path.indexOf('/_/') === 0) return e.next();
          return require(`${__hooks}/lib/static.js`).serve(e);
        }
        if (e.request.method === 'GET') {
          if (path === '/api/oauth2-redirect') {
            const back = require(`${__hooks}/lib/social.js`).redirectBack(e);
            if (back !== undefined) return back;
          } else if (path.indexOf('/api/files/') === 0) {
            if (e.request.url.query().get('thumb')) {
              return require(`${__hooks}/lib/thumbs.js`).thumbMiddleware(e);
            }
          } else if (path.indexOf('/api/collections/') === 0) {
            require(`${__hooks}/lib/catalogue.js`).cacheForGuests(e);
          }
        }
        const query = e.request.url.rawQuery;
        if (
          query &&
          path.indexOf('/api/collections/') === 0 &&
          /(?:^|&)(?:expand|filter|sort|perPage)=/.test(query)
        ) {
          const limits = require(`${__hooks}/lib/limits.js`);
          const problem = limits.queryProblem(
            limits.collectionOf(path),
            limits.queryGetter(query),
            false,
          );
          // the request's auth is loaded later (-1020): a superuser's token is checked only here
          if (problem && !limits.bearsSuperuserToken(e)) throw limits.refusal(problem);
          const clamped = limits.clampedPerPage(query);
          if (clamped) e.request.url.rawQuery = clamped;
        }
        // a direct record write: checked against, then added to, the counter that writes inside
        // batches count in too (limits.pb.js); PocketBase's own limiter counts it apart as well
        const method = e.request.method;
        if (method === 'POST' && path === '/api/collections/likes/records') {
          require(`${__hooks}/lib/tombstones.js`).checkLikeReplay(e);
        }
        if (method !== 'GET' && path.indexOf('/api/collections/') === 0) {
          const limits = require(`${__hooks}/lib/limits.js`);
          const w = limits.writeOf(method, path);
          const counter = w && limits.writeCounter(e.app, e.realIP(), w.collection, w.action);
          if (counter) {
            if (!counter.fits(1) && !limits.bearsSuperuserToken(e)) throw limits.tooMany();
            try {
              return $apis.gzip().func(e);
            } finally {
              if (!e.hasSuperuserAuth()) counter.add(1, false);
            }
          }
        }
        if (path.indexOf('/api/files/') === 0) return e.next();
        return $apis.gzip().func(e);
      } catch (err) {
        const lib = require(`${__hooks}/lib/errors-ko.js`);
        let superuser;
        try {
          superuser = e.hasSuperuserAuth();
        } catch {
          superuser = false;
        }
        throw lib.koreanError(err, superuser);
      }
    },
    -1035,
    'pocamarketApi',
  ),
);

/**
 * The realtime connection without this middleware. PocketBase's JS hooks can't leave one route
 * out of a router middleware, so once the server has built its request router (with every route
 * and middleware) a second one is built from the same routes without `pocamarketApi`, and the
 * server answers GET /api/realtime from that one and everything else from the first. Both keep
 * PocketBase's own middlewares (activity log, rate limits, auth, security headers).
 *
 * This runs once, while the server starts and before it takes a request, in the VM that loaded
 * the hooks (PocketBase gives JS no `onServe` hook of its own; `$app`'s is the one Go binds to).
 */
$app.onServe().bindFunc((e) => {
  e.next();
  const all = e.server.handler;
  e.router.unbind('pocamarketApi');
  const bare = e.router.buildMux();
  // a router of no route but PocketBase's not-found: the top of the two (the more specific
  // pattern wins, so GET /api/realtime goes to `bare`)
  e.router.routerGroup = e.router.group('');
  const top = e.router.buildMux();
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
    top.handle(`${method} /`, all);
  }
  top.handle('GET /api/realtime', bare);
  e.server.handler = top;
});
