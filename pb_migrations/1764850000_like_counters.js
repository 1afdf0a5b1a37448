/**
 * Likes off the hooks (docs/scaling.md, Like storms):
 *
 * - Triggers on `likes` add or take one from the card's `likeCount` (never below 0) and move its
 *   `updated`, so the delta pull carries the new count, in the same statement as the like's
 *   insert or delete: nothing can commit one without the other, cascades included. Per like,
 *   nothing else runs: no card record is loaded and saved through the hooks, and no realtime
 *   message about the card goes to every connected client for every like.
 * - `users.likeList` is no longer stored. It mirrored the fan's `likes` rows, and keeping it meant
 *   rewriting the fan's row (a list that grows with every like) on every like; the fan's own
 *   answers carry it, read from `likes` when they are served (pb_hooks/lib/like-list.js).
 *
 * Until this migration a hook did both through record saves, at a third of the rate. A later
 * migration that drops or renames `likes.photoCard`, `photoCards.likeCount` or
 * `photoCards.updated` must drop these triggers first (SQLite refuses to drop a column a trigger
 * uses).
 */
const STAMP = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')";

const TRIGGERS = [
  `CREATE TRIGGER likes_count_insert AFTER INSERT ON likes BEGIN
     UPDATE photoCards SET likeCount = likeCount + 1, updated = ${STAMP} WHERE id = NEW.photoCard;
   END`,
  `CREATE TRIGGER likes_count_delete AFTER DELETE ON likes BEGIN
     UPDATE photoCards SET likeCount = MAX(0, likeCount - 1), updated = ${STAMP}
       WHERE id = OLD.photoCard;
   END`,
];

function dropTriggers(app) {
  app.db().newQuery('DROP TRIGGER IF EXISTS likes_count_insert').execute();
  app.db().newQuery('DROP TRIGGER IF EXISTS likes_count_delete').execute();
}

migrate(
  (app) => {
    dropTriggers(app);
    for (const sql of TRIGGERS) app.db().newQuery(sql).execute();
    // the counts go on from where the hook left them (the demo seed's cards start from made-up
    // counts with no like rows behind them, so a recount would be wrong there)
    const users = app.findCollectionByNameOrId('users');
    users.fields.removeByName('likeList');
    app.save(users);
  },
  (app) => {
    dropTriggers(app);
    const users = app.findCollectionByNameOrId('users');
    const photoCards = app.findCollectionByNameOrId('photoCards');
    users.fields.add(
      new RelationField({
        name: 'likeList',
        collectionId: photoCards.id,
        maxSelect: 100000,
        hidden: true,
      }),
    );
    app.save(users);
    app
      .db()
      .newQuery(
        `UPDATE users SET likeList = COALESCE((SELECT json_group_array(photoCard) FROM
           (SELECT photoCard FROM likes WHERE likes.user = users.id ORDER BY created, id)), '[]')`,
      )
      .execute();
  },
);
