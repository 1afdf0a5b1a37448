/**
 * GET /api/pocamarket/search (docs/product-rules.md, Search; docs/data-model.md, Search keys):
 * photo cards whose search key holds the folded query, in one of the grid's sorts, a page at a
 * time. Anyone may ask (the catalogue is public); the cards are shown as the record API shows
 * them (`$apis.enrichRecords`, so the hidden `searchKey` never leaves the server). Hidden cards
 * (`photoCards.hidden`) are left out.
 *
 * Cost per request is bounded: the query is at most MAX_QUERY characters, a page at most
 * MAX_PER_PAGE cards and at most MAX_PAGE pages deep; the cards are found by the index of
 * the keys (lib/search-key.js), then sorted. Bad input is a 400 with a Korean message before any
 * query.
 */

const { fold, matchQuery } = require(`${__hooks}/lib/search-key.js`);

const MAX_QUERY = 50;
const MAX_PER_PAGE = 60;
const DEFAULT_PER_PAGE = 30;
const MAX_PAGE = 100;
const RECORD_ID = /^[a-z0-9]{15}$/;

const SORTS = {
  latest: 'p.[[created]] DESC, p.[[id]] DESC',
  likesDesc: 'p.[[likeCount]] DESC, p.[[created]] DESC, p.[[id]] DESC',
  likesAsc: 'p.[[likeCount]] ASC, p.[[created]] DESC, p.[[id]] DESC',
};

const MSG_EMPTY = '검색어를 입력해주세요.';
const MSG_LONG = `검색어는 ${MAX_QUERY}자까지 입력할 수 있어요.`;
const MSG_SORT = '정렬 방식이 올바르지 않아요. 최신순, 찜높은순, 찜낮은순 중에서 골라주세요.';
const MSG_GROUP = '그룹을 찾을 수 없어요.';
const MSG_PAGE = `페이지는 1부터 ${MAX_PAGE}까지예요.`;
const MSG_PER_PAGE = `한 번에 ${MAX_PER_PAGE}장까지 볼 수 있어요.`;

/** A positive integer parameter, `fallback` when absent, or NaN when malformed. */
function intParam(raw, fallback) {
  if (raw === '') return fallback;
  return /^[0-9]{1,6}$/.test(raw) ? Number(raw) : NaN;
}

/**
 * The request's parameters, checked: { q, group, sort, page, perPage } with `q` folded, or
 * throws a 400 with a Korean message.
 */
function readParams(get) {
  const raw = get('q');
  // counted before folding, in characters (code points), as the search box counts them
  if (Array.from(raw.trim()).length > MAX_QUERY) throw new BadRequestError(MSG_LONG, {});
  const q = fold(raw);
  if (!q) throw new BadRequestError(MSG_EMPTY, {});
  const group = get('group');
  if (group && !RECORD_ID.test(group)) throw new BadRequestError(MSG_GROUP, {});
  const sort = get('sort') || 'latest';
  if (!Object.prototype.hasOwnProperty.call(SORTS, sort)) throw new BadRequestError(MSG_SORT, {});
  const page = intParam(get('page'), 1);
  if (!(page >= 1 && page <= MAX_PAGE)) throw new BadRequestError(MSG_PAGE, {});
  const perPage = intParam(get('perPage'), DEFAULT_PER_PAGE);
  if (!(perPage >= 1 && perPage <= MAX_PER_PAGE)) throw new BadRequestError(MSG_PER_PAGE, {});
  return { q, group, sort, page, perPage };
}

/** The answer: { items, page, perPage, totalItems, more }. */
function search(e) {
  const info = e.requestInfo();
  const query = info.query || {};
  const get = (name) => (query[name] == null ? '' : String(query[name]));
  const p = readParams(get);
  const app = e.app;
  const params = { match: matchQuery(p.q), q: p.q, group: p.group };
  // the cards whose key holds the query, found by the index (lib/search-key.js) and only
  // then joined to their rows: CROSS JOIN keeps SQLite to that order, rather than walking every
  // card and asking the index about each
  const from =
    '(SELECT rowid AS rid FROM photoCardsSearch WHERE photoCardsSearch MATCH {:match}) f ' +
    'CROSS JOIN photoCardsSearchIds m ON m.rid = f.rid ' +
    'CROSS JOIN {{photoCards}} p ON p.[[id]] = m.[[id]] ' +
    // the index narrows, the key decides (lib/search-key.js, matchQuery); a hidden card (taken
    // out of the catalogue by an admin, or merged into another: docs/operators.md, Catalogue
    // management) is never found
    'WHERE instr(p.[[searchKey]], {:q}) > 0 AND NOT p.[[hidden]]' +
    (p.group ? ' AND p.[[group]] = {:group}' : '');

  // the page and the count in one pass (COUNT(*) OVER: every match counted before the LIMIT)
  const offset = (p.page - 1) * p.perPage;
  const rows = arrayOf(new DynamicModel({ id: '', n: 0 }));
  app
    .db()
    .newQuery(
      `SELECT p.[[id]] AS id, COUNT(*) OVER () AS n FROM ${from} ORDER BY ${SORTS[p.sort]}
       LIMIT ${p.perPage} OFFSET ${offset}`,
    )
    .bind(params)
    .all(rows);
  const ids = rows.map((r) => r.id);
  let totalItems = rows.length ? rows[0].n : 0;
  if (!rows.length && offset > 0) {
    // past the last page: the count alone
    const total = new DynamicModel({ n: 0 });
    app.db().newQuery(`SELECT COUNT(*) AS n FROM ${from}`).bind(params).one(total);
    totalItems = total.n;
  }
  const found = ids.length ? app.findRecordsByIds('photoCards', ids) : [];
  const byId = {};
  for (const r of found) byId[r.id] = r;
  const items = [];
  for (const id of ids) if (byId[id]) items.push(byId[id]);
  if (items.length) $apis.enrichRecords(e, items);
  // superusers' answers too: the key is the server's own, even for the dashboard's users
  for (const r of items) r.hide('searchKey');
  return {
    items,
    page: p.page,
    perPage: p.perPage,
    totalItems,
    more: offset + ids.length < totalItems,
  };
}

module.exports = {
  MAX_QUERY,
  MAX_PER_PAGE,
  MAX_PAGE,
  MSG_EMPTY,
  MSG_LONG,
  MSG_SORT,
  MSG_GROUP,
  MSG_PAGE,
  MSG_PER_PAGE,
  readParams,
  search,
};
