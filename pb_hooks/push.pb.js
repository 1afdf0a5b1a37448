/**
 * Push alerts (helpers in lib/push.js; subscriptions in lib/push-subscriptions.js):
 *  - GET /api/push/public-key → {publicKey}: the VAPID key the browser subscribes with. The
 *    launcher (server/app-server.ts) creates the key pair and passes the public half in
 *    VAPID_PUBLIC_KEY; without it the route answers 503.
 *  - pushSubscriptions: an https endpoint on a public-looking host, known topics only,
 *    well-formed keys; at most 10 per account. An endpoint is unique per account, not across
 *    accounts: a browser used by two accounts has a record for each, and writing one never
 *    touches or reveals another account's record (the dispatcher sends only to the record saved
 *    last on that browser subscription). See docs/push.md.
 *  - notification rows: a comment (→ the meetup's other commenters), a new exchange post (→ fans
 *    who liked the card or keep it in a collect book), a new meetup (→ fans of its group), each
 *    only for users who opted into that topic and never for the actor. Written after the save has
 *    committed; a failure is logged and never fails the user's request. Chat messages and trade
 *    proposals have their rows written by trades-chat.pb.js and trades.pb.js.
 * server/push-dispatcher.ts sends the rows.
 */

routerAdd('GET', '/api/push/public-key', (e) => {
  const lib = require(`${__hooks}/lib/push-subscriptions.js`);
  const key = String($os.getenv('VAPID_PUBLIC_KEY') || '').trim();
  e.response.header().set('Cache-Control', 'no-cache');
  if (!key) return e.json(503, { status: 503, message: lib.MSG_UNAVAILABLE, data: {} });
  return e.json(200, { publicKey: key });
});

onRecordCreateRequest((e) => {
  const lib = require(`${__hooks}/lib/push-subscriptions.js`);
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  lib.checkSubscription(e.record);
  // The create rule runs after this hook: a record in someone else's name is left for it to
  // refuse, before anything about that account (its device count) is looked at. Superusers
  // (admin tools, data moved from elsewhere) are not capped.
  const own = e.auth && e.auth.id === e.record.getString('user');
  if (e.hasSuperuserAuth() || !own) return e.next();
  inTransaction(e, null, (txApp) => lib.checkDeviceLimit(txApp, e.record));
}, 'pushSubscriptions');

onRecordUpdateRequest((e) => {
  const lib = require(`${__hooks}/lib/push-subscriptions.js`);
  lib.checkSubscription(e.record);
  e.next();
}, 'pushSubscriptions');

onRecordAfterCreateSuccess((e) => {
  e.next();
  const lib = require(`${__hooks}/lib/push.js`);
  lib.safely(e.app, 'comment', e.record, lib.fanOutComment);
}, 'comments');

onRecordAfterCreateSuccess((e) => {
  e.next();
  const lib = require(`${__hooks}/lib/push.js`);
  lib.safely(e.app, 'exchange', e.record, lib.fanOutExchange);
}, 'exchangeList');

onRecordAfterCreateSuccess((e) => {
  e.next();
  const lib = require(`${__hooks}/lib/push.js`);
  lib.safely(e.app, 'meetup', e.record, lib.fanOutMeetUp);
}, 'meetUps');
