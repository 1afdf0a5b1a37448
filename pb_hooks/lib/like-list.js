/**
 * A fan's like list (the cards they liked, oldest first), read from their `likes` rows when their
 * own record is served: login and refresh, their own record in views, lists and the pull, and
 * their create and update answers (pb_hooks/privacy.pb.js, lib/pull.js). It is not stored: a
 * stored copy had to be rewritten on every like (docs/scaling.md, Like storms). Which cards a fan
 * liked is theirs alone; nobody else's answer carries it.
 */

/** The card ids `userId` liked, oldest like first (the likes(user, photoCard) index). */
function likeListOf(app, userId) {
  if (!userId) return [];
  const rows = arrayOf(new DynamicModel({ photoCard: '' }));
  app
    .db()
    .newQuery('SELECT photoCard FROM likes WHERE user = {:user} ORDER BY created, id')
    .bind({ user: userId })
    .all(rows);
  const out = [];
  for (let i = 0; i < rows.length; i++) out.push(rows[i].photoCard);
  return out;
}

/**
 * Shows `record` (a users record) to its owner: private fields (their name, phone, birth date and
 * the ids of their books) unhidden, the like list added.
 */
function showToOwner(app, record) {
  record.unhide('name', 'phoneNumber', 'birth', 'collectBook');
  record.withCustomData(true);
  record.set('likeList', likeListOf(app, record.id));
}

/**
 * What an admin sees of any fan beyond their public profile: their name (reports and trades are
 * handled by people who need it), not their phone, birth date or likes.
 */
function showToAdmin(auth, record) {
  if (auth && auth.collection().name === 'users' && auth.getString('role') === 'admin') {
    record.unhide('name');
  }
}

module.exports = { likeListOf, showToOwner, showToAdmin };
