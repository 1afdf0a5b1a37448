/**
 * Bounds on realtime clients (pb_hooks/realtime.pb.js; SECURITY.md, Limits; docs/scaling.md,
 * Realtime). PocketBase checks every subscribed client's access rule for every event before the
 * write that caused it returns, so idle subscribed clients tax every write:
 *
 * - a guest is not subscribed to a topic whose rule needs a signed-in caller (their events could
 *   never reach a guest, but each would still be checked for them): such topics are left out of
 *   the request, and a request of nothing else is refused (403);
 * - an address keeps at most MAX_PER_ADDRESS subscribed connections (a venue's Wi-Fi or a
 *   carrier's NAT puts many fans behind one, so it is generous), an account MAX_PER_ACCOUNT (tabs
 *   and devices), and the server MAX_TOTAL connections (429, 429 and 503); each bound is counted
 *   from the places its address or account holds in the app store, never by walking every
 *   client, so a subscription costs the same whatever the number of connections;
 * - a collection only its owner can list is taken by `<name>/*` alone: its events are sent to
 *   the owner's connections, found from the places their account holds (lib/owner-events.js);
 * - a connection that subscribes to nothing is closed after IDLE_SECONDS (the app subscribes as
 *   soon as it connects and disconnects when it needs nothing; PocketBase itself would keep it
 *   for 5 minutes). The rate limit on GET /api/realtime bounds how many one address opens.
 *
 * All of it is checked when a connection subscribes, never when it opens: a hook on the
 * connection would hold a hook VM for the connection's whole life (api.pb.js).
 *
 * Addresses in the rate limiter's `excludedIPs` (the operator's own, the tests' loopback) are not
 * checked. REALTIME_MAX_PER_ADDRESS, REALTIME_MAX_PER_ACCOUNT, REALTIME_MAX_TOTAL and
 * REALTIME_IDLE_SECONDS set other bounds.
 */

const MAX_PER_ADDRESS = 100;
const MAX_PER_ACCOUNT = 10;
const MAX_TOTAL = 10000;
const IDLE_SECONDS = 60;

/** PocketBase's client store key of the client's address (apis/realtime.go). */
const IP_KEY = 'pbRealtimeClientIP';
/** Ours: whether the client's last subscription request named a topic, and when a sweep first
 * found it subscribed to nothing (ms). */
const SUBSCRIBED_KEY = 'pocamarketSubscribed';
const IDLE_SINCE_KEY = 'pocamarketIdleSince';

const MSG_TOTAL = '지금은 실시간 연결이 많습니다. 잠시 후 다시 연결됩니다.';
const MSG_ADDRESS = '이 네트워크에서 실시간 연결이 너무 많습니다. 잠시 후 다시 시도해주세요.';
const MSG_ACCOUNT =
  '이 계정의 실시간 연결이 너무 많습니다. 다른 탭이나 기기에서 앱을 닫고 다시 시도해주세요.';
const MSG_GUEST = '로그인한 사용자만 구독할 수 있는 항목입니다.';
const MSG_FORM = '이 항목은 목록 전체(컬렉션 이름/*)로만 구독할 수 있습니다.';

function bound(name, fallback) {
  const n = parseInt(String($os.getenv(name) || ''), 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Whether `ip` is one the operator exempted from rate limits (lib/limits.js). */
function exempt(app, ip) {
  return require(`${__hooks}/lib/limits.js`).isExcluded(app, ip);
}

/** The app store's keys: the subscribed connections held per address or account, and when
 * connections were last walked for the sweep. */
const HOLD_PREFIX = 'pocamarket.realtime|';
const WALKED_KEY = 'pocamarket.realtimeWalked';

/**
 * Closes the connections subscribed to nothing for IDLE_SECONDS (a client is marked the first
 * time a walk finds it so), and forgets the held places of connections that are gone. Walks
 * every client: the cron's sweep each minute (realtime.pb.js), and a subscription request's when
 * the last walk is older than a few seconds (so the cost stays one walk per few seconds however
 * many requests come).
 */
function sweepIdle(app) {
  const broker = app.subscriptionsBroker();
  const map = broker.clients();
  const now = Date.now();
  const idleMs = bound('REALTIME_IDLE_SECONDS', IDLE_SECONDS) * 1000;
  for (const id in map) {
    const c = map[id];
    if (c.get(SUBSCRIBED_KEY)) continue;
    const since = c.get(IDLE_SINCE_KEY);
    if (!since) c.set(IDLE_SINCE_KEY, now);
    else if (now - since >= idleMs) broker.unregister(id);
  }
  const store = app.store();
  const all = store.getAll();
  for (const key in all) {
    if (key.indexOf(HOLD_PREFIX) !== 0) continue;
    store.setFunc(key, (old) => liveIds(app, old, '').join(','));
    if (!store.get(key)) store.remove(key);
  }
  store.set(WALKED_KEY, now);
}

/** Sweeps when the last walk is older than a few seconds (one request of many does it). */
function sweepNowAndThen(app) {
  const every = Math.min(5000, (bound('REALTIME_IDLE_SECONDS', IDLE_SECONDS) * 1000) / 2);
  let due = false;
  app.store().setFunc(WALKED_KEY, (old) => {
    const now = Date.now();
    due = !old || now - old >= every;
    return due ? now : old;
  });
  if (due) sweepIdle(app);
}

/** The ids in `held` (comma-separated) of connections still open and subscribed, `own` aside. */
function liveIds(app, held, own) {
  const broker = app.subscriptionsBroker();
  const out = [];
  const ids = String(held || '').split(',');
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (!id || id === own) continue;
    let c;
    try {
      c = broker.clientById(id);
    } catch {
      c = null;
    }
    if (c && c.get(SUBSCRIBED_KEY)) out.push(id);
  }
  return out;
}

/**
 * Takes a place for connection `own` among those held under `key` (an address, an account):
 * false when `max` others hold theirs. Counts only that key's connections, under the app store's
 * lock, so a request costs the same with 10 connections open or 10,000.
 */
function claim(app, key, own, max) {
  let ok = true;
  app.store().setFunc(HOLD_PREFIX + key, (old) => {
    const live = liveIds(app, old, own);
    ok = live.length < max;
    if (ok) live.push(own);
    return live.join(',');
  });
  return ok;
}

/**
 * The connection bounds for a subscription request that names a topic: the server's (503), the
 * address's (429) and, signed in, the account's (429), this client aside.
 */
function checkBounds(e) {
  sweepNowAndThen(e.app);
  const own = e.client.id();
  if (e.app.subscriptionsBroker().totalClients() > bound('REALTIME_MAX_TOTAL', MAX_TOTAL)) {
    throw new ApiError(503, MSG_TOTAL);
  }
  const ip = e.client.get(IP_KEY) || e.realIP();
  if (!claim(e.app, `ip|${ip}`, own, bound('REALTIME_MAX_PER_ADDRESS', MAX_PER_ADDRESS))) {
    throw new TooManyRequestsError(MSG_ADDRESS);
  }
  if (
    e.auth &&
    !claim(e.app, `user|${e.auth.id}`, own, bound('REALTIME_MAX_PER_ACCOUNT', MAX_PER_ACCOUNT))
  ) {
    throw new TooManyRequestsError(MSG_ACCOUNT);
  }
}

/**
 * A rule no guest can pass: none (superusers only), or one that starts with
 * `@request.auth.id != "" &&` and has no `||` outside parentheses after it (which could let a
 * guest through on its own).
 */
function needsAuth(rule) {
  if (rule === null || rule === undefined) return true;
  const m = /^\s*@request\.auth\.id\s*!=\s*(""|'')\s*&&/.exec(String(rule));
  if (!m) return false;
  const rest = String(rule).slice(m[0].length);
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '"' || c === "'") {
      const end = rest.indexOf(c, i + 1);
      if (end < 0) return false;
      i = end;
    } else if (depth === 0 && c === '|' && rest[i + 1] === '|') return false;
  }
  return true;
}

/**
 * The access rule a topic is checked against: a record's view rule (`coll/id`), the list rule
 * (`coll/*`, or the older bare `coll`); undefined for a topic that names no collection.
 */
function topicRule(app, topic) {
  const name = String(topic).split('?')[0];
  const slash = name.indexOf('/');
  const collectionName = slash < 0 ? name : name.slice(0, slash);
  const rest = slash < 0 ? '*' : name.slice(slash + 1);
  let collection;
  try {
    collection = app.findCachedCollectionByNameOrId(collectionName);
  } catch {
    return undefined;
  }
  if (!collection) return undefined;
  return rest === '*' ? collection.listRule : collection.viewRule;
}

/**
 * Checks a subscription request: a guest's topics (those only signed-in fans can read left out;
 * 403 when nothing else was asked for), then the connection bounds. Marks the client subscribed
 * or not for the bounds and the sweep; the caller runs it after PocketBase applied the request.
 */
function checkSubscribe(e) {
  // an owner-only collection's events go to its owner's connections by `<name>/*` alone
  // (lib/owner-events.js): its other topic forms are left out, as a guest's below
  const asked = e.subscriptions || [];
  const ownerEvents = require(`${__hooks}/lib/owner-events.js`);
  const taken = [];
  for (let i = 0; i < asked.length; i++) {
    if (ownerEvents.topicTaken(e.app, asked[i])) taken.push(asked[i]);
  }
  if (!taken.length && asked.length) throw new ForbiddenError(MSG_FORM);
  if (taken.length !== asked.length) e.subscriptions = taken;
  if (!e.auth) {
    const topics = e.subscriptions || [];
    // the topics a guest can never be sent are left out (an app whose token the server no longer
    // takes asks for its private collections as a guest); a request of nothing else is refused
    const open = [];
    for (let i = 0; i < topics.length; i++) {
      const rule = topicRule(e.app, topics[i]);
      if (rule === undefined || !needsAuth(rule)) open.push(topics[i]);
    }
    if (!open.length && topics.length) throw new ForbiddenError(MSG_GUEST);
    if (open.length !== topics.length) e.subscriptions = open;
  }
  if (!(e.subscriptions || []).length) return;
  if (!exempt(e.app, e.realIP())) checkBounds(e);
  // an exempt address is not bounded, but its connections are still found by account
  else if (e.auth) claim(e.app, `user|${e.auth.id}`, e.client.id(), Infinity);
}

/**
 * The connections an account holds (subscribed when last seen; the caller checks each is still
 * open and signed in as that account), for its own rows' events (lib/owner-events.js). Reads one
 * store key: the cost doesn't grow with the connections open.
 */
function accountClients(app, userId) {
  const held = app.store().get(`${HOLD_PREFIX}user|${userId}`);
  return held ? String(held).split(',').filter(Boolean) : [];
}

/** Marks the client by what it is subscribed to now (after the request was applied). */
function markSubscribed(e) {
  if ((e.subscriptions || []).length) {
    e.client.set(SUBSCRIBED_KEY, true);
    e.client.unset(IDLE_SINCE_KEY);
  } else {
    e.client.unset(SUBSCRIBED_KEY);
  }
}

module.exports = {
  MAX_PER_ADDRESS,
  MAX_PER_ACCOUNT,
  MAX_TOTAL,
  IDLE_SECONDS,
  checkSubscribe,
  markSubscribed,
  sweepIdle,
  needsAuth,
  accountClients,
};
