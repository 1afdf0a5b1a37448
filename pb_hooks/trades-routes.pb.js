/**
 * The trade routes (docs/trades.md, Routes; reads in lib/matches.js). Other fans' lists are never
 * synced to a device: these are the only ways to see them, and only their public items.
 *
 *  - GET /api/pocamarket/matches[?card=<id>] (signed in, else 401): up to 30 fans whose public
 *    lists match the caller's, two-way first: `{ items: [{ user, twoWay, theyHave, theyWant,
 *    theyHaveCount, theyWantCount, latest }] }`.
 *  - GET /api/pocamarket/cards/<id>/traders: `{ card, have, want }`, how many fans publicly have
 *    and want the card (404 for a card that doesn't exist).
 *  - GET /api/pocamarket/fans/<id>/trust: `{ user, tradesCompleted, reviews, have, want }`.
 *
 * They count against the rate limiter's `/api/` bucket like any other read.
 */

routerAdd('GET', '/api/pocamarket/matches', (e) => {
  return e.json(200, require(`${__hooks}/lib/matches.js`).matches(e));
});

routerAdd('GET', '/api/pocamarket/cards/{id}/traders', (e) => {
  const lib = require(`${__hooks}/lib/matches.js`);
  return e.json(200, lib.traders(e, e.request.pathValue('id')));
});

routerAdd('GET', '/api/pocamarket/fans/{id}/trust', (e) => {
  const lib = require(`${__hooks}/lib/matches.js`);
  return e.json(200, lib.trust(e, e.request.pathValue('id')));
});
