/**
 * Daily caps on what one fan writes (lib/daily-caps.js): exchange posts, meetup comments and chat
 * reports, on
 * every create request, batched ones (the offline outbox) included. A replayed create is left to
 * guards.pb.js's answer; a refused request stores and counts nothing.
 */
onRecordCreateRequest(
  (e) => require(`${__hooks}/lib/daily-caps.js`).handleCreate(e),
  'exchangeList',
  'comments',
  'chatReports',
);
