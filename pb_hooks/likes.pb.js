/// <reference path="../pb_data/types.d.ts" />
/**
 * Likes: a like is a (user, photoCard) record; this hook keeps photoCards.likeCount and
 * users.likeList. The like insert/delete and the counter read+write run in one transaction
 * (PocketBase has a single write connection), so concurrent likes never lose an update.
 * Also runs for likes deleted by a cascade (card or user deleted).
 */
onRecordCreate((e) => {
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const { applyLike } = require(`${__hooks}/lib/likes.js`);
  inTransaction(e, (txApp) => applyLike(txApp, e.record, +1));
}, 'likes');

onRecordDelete((e) => {
  const { inTransaction } = require(`${__hooks}/lib/records.js`);
  const { applyLike } = require(`${__hooks}/lib/likes.js`);
  inTransaction(e, (txApp) => applyLike(txApp, e.record, -1));
}, 'likes');
