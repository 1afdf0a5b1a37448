/**
 * POST /api/pocamarket/pull: one request brings every collection's changes since the client's
 * checkpoints (the sync layer's pull round, src/data/sync/pull.ts), instead of one list request
 * per collection and page.
 *
 * Body: `{ collections: [{ name, updated?, id? }, ...], limit? }`, in the order the client wants
 * them filled (catalogues first). Answer: `{ now, collections: { [name]: { items, more, cursor } } }`
 * with each collection's records in (`updated`, `id`) order, exactly as its list API shows them
 * to this caller (list rule, hidden fields, emails, enrich hooks); see lib/pull.js. `now` is the
 * server's clock when the reads began, for the client's safety window.
 *
 * It counts against the rate limiter's `/api/` bucket like any other read, and an account makes
 * at most PULLS_PER_MINUTE of them (lib/pull.js).
 */
routerAdd('POST', '/api/pocamarket/pull', (e) => {
  const lib = require(`${__hooks}/lib/pull.js`);
  lib.checkRate(e);
  return e.json(200, lib.pull(e));
});
