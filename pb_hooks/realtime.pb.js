/**
 * Realtime clients within bounds (lib/realtime.js): no guest subscriptions to what only signed-in
 * fans can read; subscribed connections per address, per account and in all; connections that
 * subscribe to nothing closed after a minute; the owner-only collections taken by `<name>/*` alone
 * (their events go to their owner's connections: zz-owner-events.pb.js). Superusers are exempt
 * from the checks; limits.pb.js checks the topics' options on its own. Nothing here runs when a
 * connection opens: a hook on the connection would hold a hook VM for the connection's whole life
 * (api.pb.js).
 */
onRealtimeSubscribeRequest((e) => {
  const realtime = require(`${__hooks}/lib/realtime.js`);
  if (!e.hasSuperuserAuth()) realtime.checkSubscribe(e);
  e.next();
  realtime.markSubscribed(e);
});

cronAdd('pocamarketRealtimeSweep', '* * * * *', () => {
  require(`${__hooks}/lib/realtime.js`).sweepIdle($app);
});
