/// <reference path="../pb_data/types.d.ts" />
/**
 * Realtime clients within bounds (lib/realtime.js): subscribed connections per account, and no
 * guest subscriptions to what only signed-in fans can read. Superusers are exempt; limits.pb.js
 * checks the topics' options on its own. The connections per address (and in all) are checked
 * when one opens, by api.pb.js's router middleware: a hook on the connection itself would hold a
 * hook VM for the connection's whole life.
 */
onRealtimeSubscribeRequest((e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/lib/realtime.js`).checkSubscribe(e);
  e.next();
});
