/**
 * What one request may cost. PocketBase lets any caller ask for nested `expand`s, filters and
 * sorts that walk relations, and pages of up to 1,000 records; one anonymous request could then
 * run for the whole query timeout and build hundreds of megabytes of JSON. The app itself reads
 * through the pull route (pb_hooks/lib/pull.js) and never expands, so these limits cost it
 * nothing. They apply to everyone but superusers, wherever a query can be given: list, view and
 * auth requests (pb_hooks/api.pb.js), each request of a batch (pb_hooks/limits.pb.js) and the
 * options of a realtime subscription (same file). SECURITY.md lists them with their reasons.
 *
 * - `expand`: one level, only the relations in EXPAND (those a client of the public catalogue
 *   or a post page reads; each is bounded by the page size), at most MAX_EXPANDS of them; never
 *   inside a batch (a batch holds the database's one write lock while it runs).
 * - `filter` and `sort`: at most MAX_FILTER characters; a field path may cross one relation
 *   (`group.groupName`), never more, never a back-relation (`x_via_y`) nor `@collection`; at
 *   most MAX_JOINS relation paths in one request; `@request.auth.<field>` without a further hop.
 * - `perPage`: at most PER_PAGE (the page size the sync and the original client used); a larger
 *   page is served PER_PAGE records, as PocketBase itself clamps at 1,000, so the SDK's
 *   `getFullList` (1,000 by default) still pages through everything.
 *
 * Besides these, PocketBase runs with a query timeout of a few seconds (server/pocketbase.ts).
 */

const PER_PAGE = 500;
const MAX_FILTER = 512;
const MAX_JOINS = 3;
const MAX_EXPANDS = 2;
const MAX_SUBSCRIPTIONS = 30;

/** Relations that may be expanded, one level deep, per collection. */
const EXPAND = {
  photoCards: ['group', 'exchangeList'],
  exchangeList: ['writer', 'photoCard'],
  comments: ['name', 'meetUp'],
  collectBook: ['group'],
  users: ['collectBook'],
  // trades (docs/trades.md): the fans and the card of a row, each a single relation
  tradeItems: ['photoCard'],
  conversations: ['a', 'b'],
  trades: ['proposer', 'receiver'],
  reviews: ['author', 'subject'],
  blocks: ['blocked'],
  chatReports: ['target'],
  // the liked card, one record: a like sent alone gets the card's new count in its answer
  // (docs/sync.md, Read-back)
  likes: ['photoCard'],
};

const MSG_EXPAND = '요청한 연결 항목(expand)은 불러올 수 없습니다.';
const MSG_EXPAND_BATCH = '여러 요청을 묶어 보낼 때는 연결 항목(expand)을 불러올 수 없습니다.';
const MSG_FILTER = '검색 조건이 너무 복잡합니다. 조건을 줄여서 다시 시도해주세요.';
const MSG_SORT = '정렬 조건이 너무 복잡합니다. 조건을 줄여서 다시 시도해주세요.';
const MSG_SUBSCRIPTIONS = '실시간 구독이 너무 많습니다.';
const MSG_REALTIME_QUERY = '실시간 구독에는 filter와 expand를 쓸 수 없습니다.';
const MSG_OPTIONS = '실시간 구독 옵션 형식이 올바르지 않습니다.';
const MSG_RATE = '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.';

// names a filter may use besides field paths: literals and PocketBase's date macros
const WORDS =
  /^(true|false|null|@now|@second|@minute|@hour|@weekday|@day|@month|@year|@yesterday|@tomorrow|@todayStart|@todayEnd|@monthStart|@monthEnd|@yearStart|@yearEnd|@random|@rowid)$/;

/** A field path's relation hops, or -1 for one that is never allowed. */
function hops(ident) {
  const path = ident.split(':')[0]; // modifiers: :length, :each, :lower, :isset, :changed
  if (WORDS.test(path)) return 0;
  if (path.indexOf('@request.') === 0) {
    // @request.auth.x, @request.query.x, @request.body.x, @request.method: no further hop
    return path.split('.').length <= 3 ? 0 : -1;
  }
  if (path.charAt(0) === '@') return -1; // @collection.* joins any table
  if (path.indexOf('_via_') >= 0) return -1;
  return path.split('.').length - 1;
}

/** The field paths of a filter or sort expression, outside its string literals. */
function identifiers(expr) {
  const bare = String(expr).replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
  return bare.match(/[@A-Za-z_][A-Za-z0-9_.:@]*/g) || [];
}

/** A problem message for a filter or sort expression, or '' when it is within the limits. */
function expressionProblem(expr, message) {
  if (String(expr).length > MAX_FILTER) return message;
  let joins = 0;
  for (const ident of identifiers(expr)) {
    const h = hops(ident);
    if (h < 0 || h > 1) return message;
    joins += h;
  }
  return joins > MAX_JOINS ? message : '';
}

/**
 * The first limit a request's query breaks, as a Korean message, or ''. `get(name)` reads a query
 * parameter ('' when absent); `inBatch` for a request inside /api/batch.
 */
function queryProblem(collection, get, inBatch) {
  const expand = get('expand');
  if (expand) {
    if (inBatch) return MSG_EXPAND_BATCH;
    const allowed = EXPAND[collection] || [];
    const wanted = expand.split(',').map((s) => s.trim());
    if (wanted.length > MAX_EXPANDS) return MSG_EXPAND;
    for (const name of wanted) if (allowed.indexOf(name) < 0) return MSG_EXPAND;
  }
  const filter = get('filter');
  if (filter) {
    const p = expressionProblem(filter, MSG_FILTER);
    if (p) return p;
  }
  const sort = get('sort');
  if (sort) {
    const p = expressionProblem(sort, MSG_SORT);
    if (p) return p;
  }
  return '';
}

/** The collection named by an /api/collections/{name}/… path, or ''. */
function collectionOf(path) {
  const m = /^\/api\/collections\/([^/?]+)/.exec(path);
  if (!m) return '';
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** A query string (`a=1&b=2`, no `?`) as a getter. */
function queryGetter(raw) {
  const values = {};
  for (const part of String(raw || '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    const decode = (s) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    const k = decode(key);
    if (!(k in values)) values[k] = decode(value);
  }
  return (name) => values[name] || '';
}

/** The query string with `perPage` clamped to PER_PAGE, or '' when it is within it already. */
function clampedPerPage(raw) {
  let changed = false;
  const out = String(raw)
    .split('&')
    .map((part) => {
      const m = /^perPage=(.*)$/.exec(part);
      if (!m || Number(m[1]) <= PER_PAGE) return part;
      changed = true;
      return `perPage=${PER_PAGE}`;
    })
    .join('&');
  return changed ? out : '';
}

/** The Korean refusal for a broken limit: a fast 400, before any work is done. */
function refusal(message) {
  return new BadRequestError(message, {});
}

/**
 * Whether the request carries a superuser's token. Only asked when a request breaks a limit,
 * from the router middleware, which runs before PocketBase loads the request's auth.
 */
function bearsSuperuserToken(e) {
  const header = String(e.request.header.get('Authorization') || '');
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (!token) return false;
  try {
    return e.app.findAuthRecordByToken(token, 'auth').isSuperuser();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- rate limits shared with batch

const STORE_PREFIX = 'pocamarket.rate|';

/** The app's rate-limit rule for `collection:action` (then `*:action`) and this caller. */
function findRule(app, collection, action, isAuth) {
  const limits = app.settings().rateLimits;
  if (!limits.enabled) return null;
  const labels = [`${collection}:${action}`, `*:${action}`];
  for (const label of labels) {
    for (let i = 0; i < limits.rules.length; i++) {
      const rule = limits.rules[i];
      if (rule.label !== label) continue;
      if (rule.audience === '@guest' && isAuth) continue;
      if (rule.audience === '@auth' && !isAuth) continue;
      return rule;
    }
  }
  return null;
}

/** Whether `ip` is one of the settings' excluded addresses (exact, or an IPv4 /n subnet). */
function isExcluded(app, ip) {
  const list = app.settings().rateLimits.excludedIPs || [];
  const toInt = (s) => s.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  for (let i = 0; i < list.length; i++) {
    const item = String(list[i]);
    if (item === ip) return true;
    const m = /^(\d+\.\d+\.\d+\.\d+)\/(\d+)$/.exec(item);
    if (m && /^\d+\.\d+\.\d+\.\d+$/.test(ip)) {
      const size = Math.pow(2, 32 - Number(m[2]));
      if (Math.floor(toInt(ip) / size) === Math.floor(toInt(m[1]) / size)) return true;
    }
  }
  return false;
}

/**
 * The counter of one `action` on `collection` for the client at `ip`, shared by direct requests
 * (pb_hooks/api.pb.js) and requests inside batches (pb_hooks/limits.pb.js): PocketBase keeps a
 * batch's requests in rate-limit counters of their own, so without this one a client could send
 * a full limit directly and another in batches. A fixed window per (rule, collection, client IP)
 * in the app store, changed under the store's lock; null when no rule applies or the address is
 * excluded. Rules with an audience are read as for a guest: this runs before the auth is loaded.
 */
function writeCounter(app, ip, collection, action) {
  if (!ip || isExcluded(app, ip)) return null;
  const rule = findRule(app, collection, action, false);
  if (!rule) return null;
  const key = `${STORE_PREFIX}${rule.label}|${collection}|${ip}`;
  const windowMs = rule.duration * 1000;
  const max = rule.maxRequests;
  const parse = (value, now) => {
    const [start, count] = String(value || '0:0')
      .split(':')
      .map(Number);
    return now - start >= windowMs ? { start: now, count: 0 } : { start, count };
  };
  return {
    /** Whether `n` more requests fit in the current window. */
    fits(n) {
      return parse(app.store().get(key), Date.now()).count + n <= max;
    },
    /** Counts `n` requests; with `strict`, only if they all fit (returns whether they did). */
    add(n, strict) {
      let ok = true;
      app.store().setFunc(key, (old) => {
        const now = Date.now();
        const w = parse(old, now);
        if (strict && w.count + n > max) {
          ok = false;
          return old;
        }
        return `${w.start}:${w.count + n}`;
      });
      return ok;
    },
  };
}

/** The collection and action of a record write (`POST /api/collections/x/records`...), or null. */
function writeOf(method, path) {
  const m = /^\/api\/collections\/([^/?]+)\/records(\/[^/?]+)?\/?$/.exec(path);
  if (!m) return null;
  const action =
    method === 'POST' || method === 'PUT'
      ? 'create'
      : method === 'PATCH'
        ? 'update'
        : method === 'DELETE'
          ? 'delete'
          : '';
  if (!action || (action === 'create') === !!m[2]) return null;
  let collection = m[1];
  try {
    collection = decodeURIComponent(collection);
  } catch {
    // kept as sent
  }
  return { collection, action };
}

function tooMany() {
  return new TooManyRequestsError(MSG_RATE, {});
}

/** Drops counters whose window has passed (run by a cron job). */
function sweepCounters(app) {
  const now = Date.now();
  const all = app.store().getAll();
  for (const key of Object.keys(all)) {
    if (key.indexOf(STORE_PREFIX) !== 0) continue;
    const start = Number(String(all[key]).split(':')[0]);
    if (now - start > 3600 * 1000) app.store().remove(key);
  }
}

module.exports = {
  isExcluded,
  MAX_SUBSCRIPTIONS,
  MSG_SUBSCRIPTIONS,
  MSG_REALTIME_QUERY,
  MSG_OPTIONS,
  queryProblem,
  collectionOf,
  queryGetter,
  clampedPerPage,
  refusal,
  bearsSuperuserToken,
  writeCounter,
  writeOf,
  tooMany,
  sweepCounters,
};
