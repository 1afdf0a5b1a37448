/// <reference path="../pb_data/types.d.ts" />
/**
 * The one router middleware of the app, kept to one because each JS middleware costs every
 * request a hook VM (measured: a second one took about 30% off small requests' throughput).
 *
 * - Gzip for API responses: record lists are JSON that compresses about 6:1 (a first sync of
 *   5,000 cards is 2.3 MB raw, about 0.35 MB gzipped), which matters on a phone's data plan at an
 *   event. Files (/api/files/, images that are compressed already) and the realtime stream are
 *   left alone.
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
 * Priority -1035 puts this outside the rate limiter (-1000), body limit (-990), auth token loader
 * (-1020) and panic recovery (-1030), so their answers are translated too, and inside the activity
 * logger (-1040), which therefore logs the Korean message next to the raw error.
 */
routerUse(
  new Middleware(
    (e) => {
      try {
        const path = e.request.url.path;
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
        if (
          path.indexOf('/api/') !== 0 ||
          path.indexOf('/api/files/') === 0 ||
          path === '/api/realtime'
        ) {
          return e.next();
        }
        return $apis.gzip().func(e);
      } catch (err) {
        const lib = require(`${__hooks}/lib/errors-ko.js`);
        let superuser = false;
        try {
          superuser = e.hasSuperuserAuth();
        } catch (_) {
          superuser = false;
        }
        throw lib.koreanError(err, superuser);
      }
    },
    -1035,
    'pocamarketApi',
  ),
);
