/**
 * Request limits outside the router middleware (see lib/limits.js for the limits and reasons):
 *
 * - each request inside /api/batch gets the same query limits as a direct one, and no expand;
 * - a realtime subscription's options (`?options={"query":{...}}`) may not filter or expand
 *   (each message to that client would run its query or fetch again, per client), and a client
 *   has at most MAX_SUBSCRIPTIONS;
 * - a batch with a replayed like create (an id taken or used and deleted) is refused whole, with
 *   the answer a replayed create gets (lib/tombstones.js, REPLAY_CHECKED);
 * - each write inside a batch counts against the app's rate-limit rule of the direct request it
 *   stands for, in the counter api.pb.js keeps for direct writes (PocketBase counts a batch's
 *   requests apart from direct ones); a batch that would pass a limit is refused whole (429)
 *   before it takes the write lock.
 */

onBatchRequest((e) => {
  // replayed like creates, all of the batch's in one query (lib/tombstones.js, REPLAY_CHECKED):
  // the batch is refused whole, and the app then sends its rows one by one
  const tomb = require(`${__hooks}/lib/tombstones.js`);
  const likeIds = [];
  for (let i = 0; i < e.batch.length; i++) {
    const r = e.batch[i];
    if (String(r.method || '').toUpperCase() !== 'POST') continue;
    const url = String(r.url || '');
    const q = url.indexOf('?');
    if ((q < 0 ? url : url.slice(0, q)) !== tomb.LIKE_CREATE_PATH) continue;
    const body = r.body || {};
    if (body.id) likeIds.push(String(body.id));
  }
  if (likeIds.length && tomb.takenLikeIds(e.app, likeIds).length) throw tomb.replayRefusal();
  if (!e.hasSuperuserAuth()) {
    const limits = require(`${__hooks}/lib/limits.js`);
    const writes = {}; // "collection:action" -> how many
    for (let i = 0; i < e.batch.length; i++) {
      const url = String(e.batch[i].url || '');
      const q = url.indexOf('?');
      const path = q < 0 ? url : url.slice(0, q);
      if (q >= 0) {
        const collection = limits.collectionOf(path);
        const problem = limits.queryProblem(collection, limits.queryGetter(url.slice(q + 1)), true);
        if (problem) throw limits.refusal(problem);
      }
      const w = limits.writeOf(String(e.batch[i].method || '').toUpperCase(), path);
      if (w)
        writes[`${w.collection}:${w.action}`] = (writes[`${w.collection}:${w.action}`] || 0) + 1;
    }
    // every write counts as the direct request it stands for, before the batch takes the lock
    const ip = e.realIP();
    const counters = [];
    for (const key of Object.keys(writes)) {
      const [collection, action] = key.split(':');
      const counter = limits.writeCounter(e.app, ip, collection, action);
      if (counter && !counter.fits(writes[key])) throw limits.tooMany();
      if (counter) counters.push([counter, writes[key]]);
    }
    for (const [counter, n] of counters) counter.add(n, false);
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
      } catch {
        throw limits.refusal(limits.MSG_OPTIONS);
      }
      const get = (name) => (query[name] == null ? '' : String(query[name]));
      // a realtime filter is a query and an expand a fetch, per client, on every event
      if (get('filter') || get('expand')) throw limits.refusal(limits.MSG_REALTIME_QUERY);
      const problem = limits.queryProblem(topic.slice(0, q).split('/')[0], get, false);
      if (problem) throw limits.refusal(problem);
    }
  }
  e.next();
});

cronAdd('pocamarketRateSweep', '7 * * * *', () => {
  require(`${__hooks}/lib/limits.js`).sweepCounters($app);
});
