/// <reference path="../../pb_data/types.d.ts" />
/**
 * The like counter and the liker's list, kept by pb_hooks/likes.pb.js. On the like path (the
 * busiest write): keep it small.
 */

const { findRecord, setMembership } = require(`${__hooks}/lib/records.js`);

/** likeCount ± 1 (never below 0) and the user's likeList, for one like record. */
function applyLike(app, like, delta) {
  const cardId = like.getString('photoCard');
  const card = findRecord(app, 'photoCards', cardId);
  if (card) {
    card.set('likeCount', Math.max(0, card.getInt('likeCount') + delta));
    app.saveNoValidate(card);
  }
  setMembership(app, 'users', like.getString('user'), 'likeList', cardId, delta > 0);
}

module.exports = { applyLike };
