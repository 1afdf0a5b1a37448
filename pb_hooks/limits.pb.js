/// <reference path="../pb_data/types.d.ts" />
/**
 * Request limits outside the router middleware (see lib/limits.js for the limits and reasons):
 *
 * - each request inside /api/batch gets the same query limits as a direct one, and no expand;
 * - a realtime subscription's options (`?options={"query":{...}}`) get them too, since each
 *   message to that client runs its query again, and a client has at most MAX_SUBSCRIPTIONS;
 * - every record write counts against the app's rate-limit rules in one counter for direct and
 *   batched requests (PocketBase counts a batch's requests apart from direct ones).
 */

onBatchRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const limits = require(`${__hooks}/lib/limits.js`);
    for (let i = 0; i < e.batch.length; i++) {
      const url = String(e.batch[i].url || '');
      const q = url.indexOf('?');
      if (q < 0) continue;
      const collection = limits.collectionOf(url.slice(0, q));
      const problem = limits.queryProblem(collection, limits.queryGetter(url.slice(q + 1)), true);
      if (problem) throw limits.refusal(problem);
    }
  }
  e.next();
});

onRealtimeSubscribeRequest((e) => {
  if (!e.hasSuperuserAuth()) {
    const limits = require(`${__hooks}/lib/limits.js`);
    const subs = e.subscriptions || [];
    if (subs.length > limits.MAX_SUBSCRIPTIONS) throw limits.refusal(limits.MSG_SUBSCRIPTIONS);
    for (let i = 0; i < subs.length; i++) {
      const topic = String(subs[i]);
      const q = topic.indexOf('?');
      if (q < 0) continue;
      let query = {};
      try {
        const options = JSON.parse(limits.queryGetter(topic.slice(q + 1))('options') || '{}');
        query = (options && options.query) || {};
      } catch (_) {
        throw limits.refusal(limits.MSG_OPTIONS);
      }
      const get = (name) => (query[name] == null ? '' : String(query[name]));
      const problem = limits.queryProblem(topic.slice(0, q).split('/')[0], get, false);
      if (problem) throw limits.refusal(problem);
    }
  }
  e.next();
});

onRecordCreateRequest((e) => {
  require(`${__hooks}/lib/limits.js`).countRequest(e, e.collection.name, 'create');
  e.next();
});

onRecordUpdateRequest((e) => {
  require(`${__hooks}/lib/limits.js`).countRequest(e, e.collection.name, 'update');
  e.next();
});

onRecordDeleteRequest((e) => {
  require(`${__hooks}/lib/limits.js`).countRequest(e, e.collection.name, 'delete');
  e.next();
});

cronAdd('pocamarketRateSweep', '7 * * * *', () => {
  require(`${__hooks}/lib/limits.js`).sweepCounters($app);
});
