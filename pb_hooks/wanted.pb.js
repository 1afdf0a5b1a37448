/**
 * Wantlist alerts (lib/wanted.js; docs/trades.md, Wantlist alerts): after a new exchange or sell
 * post, and after a have-list item is created or moved from the want list, one `wanted` alert for
 * each fan who wants that card (at most one an hour per card per fan). A failure is logged and
 * never fails the post or the item.
 *
 * A post's alerts are written after its save has committed (after a batch's whole transaction).
 * An item's are written from its request hooks, right after the save (committed, or inside a
 * batch, part of the batch's transaction, as trades.pb.js does for a trade's alerts): the
 * after-success chain of `tradeItems` is ended by zz-owner-events.pb.js's handler, and PocketBase
 * does not promise to bind the hook files in name order, so a handler there might never run.
 */

onRecordAfterCreateSuccess((e) => {
  e.next();
  const push = require(`${__hooks}/lib/push.js`);
  push.safely(e.app, 'wanted post', e.record, require(`${__hooks}/lib/wanted.js`).fanOutWantedPost);
}, 'exchangeList');

onRecordCreateRequest((e) => {
  e.next();
  const push = require(`${__hooks}/lib/push.js`);
  const { fanOutWantedHave } = require(`${__hooks}/lib/wanted.js`);
  push.safely(e.app, 'wanted item', e.record, (app, item) => fanOutWantedHave(app, item, ''));
}, 'tradeItems');

onRecordUpdateRequest((e) => {
  // the kind stored before this request
  const before = e.record.original().getString('kind');
  e.next();
  const push = require(`${__hooks}/lib/push.js`);
  const { fanOutWantedHave } = require(`${__hooks}/lib/wanted.js`);
  push.safely(e.app, 'wanted item', e.record, (app, item) => fanOutWantedHave(app, item, before));
}, 'tradeItems');
