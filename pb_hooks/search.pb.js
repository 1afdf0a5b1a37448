/**
 * Search (docs/product-rules.md, Search; docs/data-model.md, Search keys):
 *
 *  - the hidden `searchKey` of photoCards and groups is set on every save, whoever saves (a
 *    caller's own value is replaced), with the card's row of the search index; a deleted card
 *    leaves the index; a group whose names change rewrites its cards' keys in the same
 *    transaction (lib/search-key.js makes the keys, lib/search-key-store.js writes them);
 *  - every row whose key is empty (rows there before the keys existed, rows inserted by SQL) gets
 *    one in the background: a slice at start-up (at most 1.5 s), the rest by a job each minute
 *    (at most 40 s a run), 500 rows per transaction;
 *  - GET /api/pocamarket/search: the route (lib/search.js), rate-limited by its own rule
 *    (pb_migrations/1764910000_search.js).
 */

onRecordCreate((e) => {
  const keys = require(`${__hooks}/lib/search-key-store.js`);
  // the key, then the saved card's index row, in one transaction
  require(`${__hooks}/lib/records.js`).inTransaction(
    e,
    (tx) => keys.storeCardKey(tx, e.record.id, e.record.getString('searchKey'), false),
    (tx) => keys.setCardKey(tx, e.record),
  );
}, 'photoCards');

onRecordUpdate((e) => {
  const keys = require(`${__hooks}/lib/search-key-store.js`);
  // a save that changes none of the key's fields (a post added to exchangeList) keeps the key
  if (!keys.cardKeyChanged(e.record)) return e.next();
  require(`${__hooks}/lib/records.js`).inTransaction(
    e,
    (tx) => keys.storeCardKey(tx, e.record.id, e.record.getString('searchKey'), false),
    (tx) => keys.setCardKey(tx, e.record),
  );
}, 'photoCards');

onRecordDelete((e) => {
  const keys = require(`${__hooks}/lib/search-key-store.js`);
  require(`${__hooks}/lib/records.js`).inTransaction(e, (tx) => keys.dropCardKey(tx, e.record.id));
}, 'photoCards');

onRecordCreate((e) => {
  require(`${__hooks}/lib/search-key-store.js`).setGroupKey(e.record);
  e.next();
}, 'groups');

onRecordUpdate((e) => {
  const keys = require(`${__hooks}/lib/search-key-store.js`);
  const before = e.record.original();
  const renamed =
    before.getString('groupName') !== e.record.getString('groupName') ||
    before.getString('groupNameKo') !== e.record.getString('groupNameKo');
  keys.setGroupKey(e.record);
  if (!renamed) return e.next();
  // the cards' keys hold the group's names: rewritten with the group, in one transaction
  require(`${__hooks}/lib/records.js`).inTransaction(e, (tx) =>
    keys.writeGroupCardKeys(tx, e.record.id),
  );
}, 'groups');

// The backfill never holds the start: a slice at bootstrap, the rest by a job each minute, each
// batch its own short transaction (docs/data-model.md, Search keys). The bounds can be changed
// for tests (SEARCH_BACKFILL_BOOT_MS, SEARCH_BACKFILL_RUN_MS).
onBootstrap((e) => {
  e.next();
  require(`${__hooks}/lib/search-key-store.js`).backfillStep(e.app, 'boot');
});

cronAdd('searchKeyBackfill', '* * * * *', () => {
  require(`${__hooks}/lib/search-key-store.js`).backfillStep($app, 'run');
});

routerAdd('GET', '/api/pocamarket/search', (e) => {
  return e.json(200, require(`${__hooks}/lib/search.js`).search(e));
});
