/**
 * Have and want lists, trade proposals and reviews (rules in lib/trades.js, a side's change of a
 * proposal in lib/trade-changes.js, the design in docs/trades.md). Requests of superusers skip
 * the checks; the counters run on every save.
 *
 *  - tradeItems: `have` has 1–99 spare copies, `want` none; the book must be the fan's own; at
 *    most 2,000 items per fan (a card already listed is left to the unique index: "already
 *    exists", which the outbox takes as done).
 *  - trades: a new proposal is `proposed`, between two fans with no block either way, with
 *    cards that exist (1–20 a side, none on both); at most 20 waiting per proposer. A counter
 *    (`counterOf`) by the receiver of a waiting proposal marks that one `countered` in the same
 *    transaction. Changes follow the transition table; both 완료 marks make it `completed`.
 *  - users.tradesCompleted: counted again for both fans whenever a trade becomes or stops being
 *    completed (also when a trade goes with an account).
 *  - reviews: of a completed trade the author was part of; `subject` is the other side.
 *  - shipping (accepted trades): each side sets only its own method, address, parcel and
 *    받았어요; a cancel clears both addresses; 30 days after completion a sweep clears them.
 *  - notification rows (lib/push.js) for the other side of a new proposal, a status change and
 *    each shipping step.
 *
 * Loaded after guards.pb.js (file order), so a replayed create with a taken id is answered first.
 */

onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const lib = require(`${__hooks}/lib/trades.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  lib.checkItem(e.app, e.record, e.auth.id);
  inTransaction(e, null, (txApp) => lib.checkItemRoom(txApp, e.record));
}, 'tradeItems');

onRecordUpdateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const { changedFields } = require(`${__hooks}/lib/records.js`);
  if (changedFields(e.record, ['kind', 'spare', 'book']).length) {
    require(`${__hooks}/lib/trades.js`).checkItem(e.app, e.record, e.auth.id);
  }
  e.next();
}, 'tradeItems');

// ---------------------------------------------------------------- proposals

onRecordCreateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const lib = require(`${__hooks}/lib/trades.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const me = e.auth.id;
  lib.checkNewTrade(e.app, e.record, me);
  let answered = null;
  inTransaction(
    e,
    (txApp) => lib.markCountered(txApp, answered),
    (txApp) => {
      answered = lib.checkNewTradeInTx(txApp, e.record, me);
    },
  );
}, 'trades');

onRecordUpdateRequest((e) => {
  if (e.hasSuperuserAuth() || !e.auth) return e.next();
  const lib = require(`${__hooks}/lib/trade-changes.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const me = e.auth.id;
  let change = null;
  // the body as sent: an accept is checked against the terms it carries
  const body = e.requestInfo().body;
  inTransaction(e, null, (txApp) => {
    change = lib.checkTradeUpdate(txApp, e.record, me, body);
  });
  // committed (or, inside a batch, part of the batch's transaction)
  if (change) {
    const push = require(`${__hooks}/lib/push.js`);
    push.safely(e.app, 'trade', e.record, (app, trade) => {
      if (change.edited) return push.fanOutTradeEdit(app, trade);
      if (change.done) return push.fanOutTradeDone(app, trade, me);
      if (change.step) return push.fanOutTradeStep(app, trade, me, change.step);
      return push.fanOutTradeStatus(app, trade, me);
    });
  }
}, 'trades');

onRecordAfterCreateSuccess((e) => {
  e.next();
  const push = require(`${__hooks}/lib/push.js`);
  push.safely(e.app, 'trade', e.record, push.fanOutNewTrade);
}, 'trades');

// ---------------------------------------------------------------- completed trades

onRecordCreate((e) => {
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  inTransaction(e, (txApp) =>
    require(`${__hooks}/lib/trades.js`).afterTradeChange(txApp, e.record, ''),
  );
}, 'trades');

onRecordUpdate((e) => {
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const before = e.record.original().getString('status');
  inTransaction(e, (txApp) =>
    require(`${__hooks}/lib/trades.js`).afterTradeChange(txApp, e.record, before),
  );
}, 'trades');

onRecordDelete((e) => {
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  inTransaction(e, (txApp) =>
    require(`${__hooks}/lib/trades.js`).afterTradeChange(txApp, e.record, ''),
  );
}, 'trades');

// ---------------------------------------------------------------- addresses (docs/trades.md, Shipping)

/** Superusers (operators, the tests) run the sweep now; `now` (ms) may stand for a later clock. */
routerAdd(
  'POST',
  '/api/pocamarket/trade-address-sweep',
  (e) => {
    const body = e.requestInfo().body || {};
    const now = typeof body.now === 'number' ? body.now : Date.now();
    const lib = require(`${__hooks}/lib/trades.js`);
    return e.json(200, { cleared: lib.sweepAddresses(e.app, now, 500) });
  },
  $apis.requireSuperuserAuth(),
);

cronAdd('tradeAddressSweep', '23 * * * *', () => {
  const lib = require(`${__hooks}/lib/trades.js`);
  const n = lib.sweepAddresses($app, Date.now(), 500);
  if (n) console.log(`[trades] cleared the addresses of ${n} trade(s) completed 30 days ago`);
});

// ---------------------------------------------------------------- reviews

onRecordCreateRequest((e) => {
  const me = e.hasSuperuserAuth() || !e.auth ? '' : e.auth.id;
  require(`${__hooks}/lib/trades.js`).checkReview(e.app, e.record, me);
  e.next();
}, 'reviews');

onRecordAfterCreateSuccess((e) => {
  e.next();
  const push = require(`${__hooks}/lib/push.js`);
  push.safely(e.app, 'review', e.record, push.fanOutReview);
}, 'reviews');
