/// <reference path="../../pb_data/types.d.ts" />
/**
 * Bounds on realtime clients (pb_hooks/realtime.pb.js, api.pb.js; SECURITY.md, Limits; docs/
 * scaling.md, Realtime). Idle realtime clients tax every write twice:
 *
 * - a connection holds a hook VM for its whole life (the router middleware's, api.pb.js); past
 *   the VM pool PocketBase builds a fresh VM for every hook call of every request, so the whole
 *   server slows down (296 idle clients took a batch of 50 likes from 45 ms to 928 ms);
 * - PocketBase checks every subscribed client's access rule for every event before the write
 *   that caused it returns.
 *
 * So:
 *
 * - all connections together stay within the VM pool, leaving REQUEST_HEADROOM VMs for requests
 *   (the pool is PocketBase's --hooksPool, set by server/pocketbase.ts; REALTIME_MAX_TOTAL sets
 *   another bound); past it a new connection is told to come back later (503);
 *
 * - a guest is not subscribed to a topic whose rule needs a signed-in caller (their events could
 *   never reach a guest, but each would still be checked for them): such topics are left out of
 *   the request, and a request of nothing else is refused (403);
 * - an address keeps at most MAX_PER_ADDRESS connections (a venue's Wi-Fi or a carrier's NAT puts
 *   many fans behind one, so it is generous);
 * - an account keeps at most MAX_PER_ACCOUNT subscribed connections (tabs and devices).
 *
 * Addresses in the rate limiter's `excludedIPs` (the operator's own, the tests' loopback) are not
 * checked. REALTIME_MAX_PER_ADDRESS and REALTIME_MAX_PER_ACCOUNT set other bounds.
 */

const MAX_PER_ADDRESS = 100;
const MAX_PER_ACCOUNT = 10;
/** Hook VMs of the pool kept for requests: connections may hold the rest. */
const REQUEST_HEADROOM = 64;

/** PocketBase's client store keys (apis/realtime.go). */
const IP_KEY = 'pbRealtimeClientIP';
const AUTH_KEY = 'auth';

const MSG_TOTAL = '지금은 실시간 연결이 많습니다. 잠시 후 다시 연결됩니다.';
const MSG_ADDRESS = '이 네트워크에서 실시간 연결이 너무 많습니다. 잠시 후 다시 시도해주세요.';
const MSG_ACCOUNT =
  '이 계정의 실시간 연결이 너무 많습니다. 다른 탭이나 기기에서 앱을 닫고 다시 시도해주세요.';
const MSG_GUEST = '로그인한 사용자만 구독할 수 있는 항목입니다.';

function bound(name, fallback) {
  const n = parseInt(String($os.getenv(name) || ''), 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** PocketBase's hook VM pool size (its --hooksPool flag; its default is 15). */
function hooksPool() {
  const args = $os.args;
  for (let i = 1; i < args.length; i++) {
    const arg = String(args[i]);
    if (arg === '--hooksPool') return parseInt(String(args[i + 1]), 10) || 15;
    if (arg.indexOf('--hooksPool=') === 0) return parseInt(arg.slice(12), 10) || 15;
  }
  return 15;
}

/** How many connections may be open at once (not counting exempt addresses' checks). */
function totalBound() {
  return bound('REALTIME_MAX_TOTAL', Math.max(0, hooksPool() - REQUEST_HEADROOM));
}

/** Whether `ip` is one the operator exempted from rate limits (lib/limits.js). */
function exempt(app, ip) {
  return require(`${__hooks}/lib/limits.js`).isExcluded(app, ip);
}

/** Every connected client, as an array. */
function clients(app) {
  const map = app.subscriptionsBroker().clients();
  const out = [];
  for (const id in map) out.push(map[id]);
  return out;
}

/**
 * Refuses a new connection when the server holds all it can (503) or its address holds its share
 * already (429).
 */
function checkConnect(e) {
  const ip = e.realIP();
  if (!ip || exempt(e.app, ip)) return;
  if (e.app.subscriptionsBroker().totalClients() >= totalBound()) {
    throw new ApiError(503, MSG_TOTAL);
  }
  const max = bound('REALTIME_MAX_PER_ADDRESS', MAX_PER_ADDRESS);
  let n = 0;
  const all = clients(e.app);
  for (let i = 0; i < all.length; i++) {
    if (all[i].get(IP_KEY) === ip && ++n >= max) throw new TooManyRequestsError(MSG_ADDRESS);
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
  } catch (_) {
    return undefined;
  }
  if (!collection) return undefined;
  return rest === '*' ? collection.listRule : collection.viewRule;
}

/**
 * Checks a subscription request: a guest's topics (those only signed-in fans can read left out;
 * 403 when nothing else was asked for) and
 * the account's connections (429 when it holds its share already, this one aside).
 */
function checkSubscribe(e) {
  const topics = e.subscriptions || [];
  if (!e.auth) {
    // the topics a guest can never be sent are left out (an app whose token the server no longer
    // takes asks for its private collections as a guest); a request of nothing else is refused
    const open = [];
    for (let i = 0; i < topics.length; i++) {
      const rule = topicRule(e.app, topics[i]);
      if (rule === undefined || !needsAuth(rule)) open.push(topics[i]);
    }
    if (open.length === topics.length) return;
    if (!open.length) throw new ForbiddenError(MSG_GUEST);
    e.subscriptions = open;
    return;
  }
  if (!topics.length || exempt(e.app, e.realIP())) return;
  const max = bound('REALTIME_MAX_PER_ACCOUNT', MAX_PER_ACCOUNT);
  const me = e.auth.id;
  const own = e.client.id();
  let n = 0;
  const all = clients(e.app);
  for (let i = 0; i < all.length; i++) {
    const c = all[i];
    if (c.id() === own || !Object.keys(c.subscriptions()).length) continue;
    const auth = c.get(AUTH_KEY);
    if (auth && auth.id === me && ++n >= max) throw new TooManyRequestsError(MSG_ACCOUNT);
  }
}

module.exports = {
  MAX_PER_ADDRESS,
  MAX_PER_ACCOUNT,
  REQUEST_HEADROOM,
  checkConnect,
  checkSubscribe,
  needsAuth,
};
