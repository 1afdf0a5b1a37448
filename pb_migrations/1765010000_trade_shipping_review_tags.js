/**
 * The shipping step of an accepted trade and tagged reviews (docs/trades.md, Shipping; `reviews`).
 *
 * Each side of a trade has its own shipping fields, which only that side sets
 * (pb_hooks/lib/trade-changes.js): how it sends (`…Ship`), where it wants the cards sent
 * (`…Address`: private, the trade is readable only by its two sides, cleared when the trade is
 * cancelled and 30 days after it completed), the parcel it sent (`…Carrier`, `…Tracking`) and 받았어요
 * (`…Received`: the other side's cards arrived). `completedAt` (hook-kept) is when the trade
 * completed; the sweep that clears addresses reads it through its index.
 *
 * A review gets `tags` (포장 꼼꼼해요, 배송 빨라요…), the good ones only with 좋았어요 and the others
 * only with 아쉬워요; the profile counts them.
 */
const SHIP = ['semi', 'half', 'parcel', 'meet'];
const CARRIERS = ['epost', 'cj', 'lotte', 'hanjin', 'logen', 'gs25', 'cu', 'seven', 'other'];
const TAGS = [
  'packing',
  'fast',
  'reply',
  'asDescribed',
  'kind',
  'late',
  'notAsDescribed',
  'poorPacking',
  'slowReply',
];
const SIDES = ['proposer', 'receiver'];

migrate(
  (app) => {
    const trades = app.findCollectionByNameOrId('trades');
    for (const side of SIDES) {
      trades.fields.add(new SelectField({ name: `${side}Ship`, maxSelect: 1, values: SHIP }));
      trades.fields.add(new TextField({ name: `${side}Address`, max: 200 }));
      trades.fields.add(
        new SelectField({ name: `${side}Carrier`, maxSelect: 1, values: CARRIERS }),
      );
      trades.fields.add(new TextField({ name: `${side}Tracking`, max: 30 }));
      trades.fields.add(new BoolField({ name: `${side}Received` }));
    }
    trades.fields.add(new DateField({ name: 'completedAt' }));
    trades.indexes.push(
      'CREATE INDEX `idx_trades_status_completedAt` ON `trades` (`status`, `completedAt`)',
    );
    app.save(trades);

    const reviews = app.findCollectionByNameOrId('reviews');
    reviews.fields.add(new SelectField({ name: 'tags', maxSelect: 5, values: TAGS }));
    app.save(reviews);
  },
  (app) => {
    const trades = app.findCollectionByNameOrId('trades');
    for (const side of SIDES) {
      for (const f of ['Ship', 'Address', 'Carrier', 'Tracking', 'Received']) {
        trades.fields.removeByName(`${side}${f}`);
      }
    }
    trades.fields.removeByName('completedAt');
    trades.indexes = /** @type {any} */ (
      trades.indexes.filter((i) => i.indexOf('_status_completedAt') < 0)
    );
    app.save(trades);
    const reviews = app.findCollectionByNameOrId('reviews');
    reviews.fields.removeByName('tags');
    app.save(reviews);
  },
);
