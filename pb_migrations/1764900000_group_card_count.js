/**
 * A group carries how many cards it has, not which (docs/data-model.md, `groups`;
 * docs/sync.md, Pull by scope):
 *
 * - `groups.photoCards` listed every card id of the group, kept by a hook that rewrote the group's
 *   row on every card create. At a real catalogue's size (hundreds of cards per group) that row
 *   was most of every device's first download and of every first screen's HTML, and it grew with
 *   the catalogue. It goes; a card names its group (`photoCards.group`, indexed), which is how
 *   every screen finds a group's cards.
 * - `groups.cardCount` is kept by SQLite triggers on `photoCards` (insert, delete, a move to
 *   another group) in the same statement as the card's write, like `photoCards.likeCount`
 *   (1764850000_like_counters.js), and moves the group's `updated` so the delta pull carries it.
 * - An index on `photoCards` (`group`, `updated`, `id`) lets a device pull one group's cards in
 *   checkpoint order (docs/sync.md, Pull by scope).
 *
 * A later migration that drops or renames `photoCards.group`, `groups.cardCount` or
 * `groups.updated` must drop these triggers first.
 */
const STAMP = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')";

const TRIGGERS = [
  `CREATE TRIGGER groups_card_count_insert AFTER INSERT ON photoCards BEGIN
     UPDATE groups SET cardCount = cardCount + 1, updated = ${STAMP} WHERE id = NEW."group";
   END`,
  `CREATE TRIGGER groups_card_count_delete AFTER DELETE ON photoCards BEGIN
     UPDATE groups SET cardCount = MAX(0, cardCount - 1), updated = ${STAMP}
       WHERE id = OLD."group";
   END`,
  `CREATE TRIGGER groups_card_count_move AFTER UPDATE OF "group" ON photoCards
     WHEN OLD."group" IS NOT NEW."group" BEGIN
     UPDATE groups SET cardCount = MAX(0, cardCount - 1), updated = ${STAMP}
       WHERE id = OLD."group";
     UPDATE groups SET cardCount = cardCount + 1, updated = ${STAMP} WHERE id = NEW."group";
   END`,
];

const INDEX =
  'CREATE INDEX `idx_photoCards_group_updated` ON `photoCards` (`group`, `updated`, `id`)';

function dropTriggers(app) {
  for (const name of ['insert', 'delete', 'move']) {
    app.db().newQuery(`DROP TRIGGER IF EXISTS groups_card_count_${name}`).execute();
  }
}

migrate(
  (app) => {
    dropTriggers(app);
    const groups = app.findCollectionByNameOrId('groups');
    groups.fields.removeByName('photoCards');
    groups.fields.add(new NumberField({ name: 'cardCount', min: 0, onlyInt: true }));
    app.save(groups);
    app
      .db()
      .newQuery(
        // every group's row changes, so devices pull it again with its count (and without the list)
        `UPDATE groups SET updated = ${STAMP},
           cardCount = (SELECT COUNT(*) FROM photoCards WHERE photoCards."group" = groups.id)`,
      )
      .execute();
    for (const sql of TRIGGERS) app.db().newQuery(sql).execute();
    const photoCards = app.findCollectionByNameOrId('photoCards');
    photoCards.indexes.push(INDEX);
    app.save(photoCards);
  },
  (app) => {
    dropTriggers(app);
    const photoCards = app.findCollectionByNameOrId('photoCards');
    photoCards.indexes = /** @type {any} */ (
      photoCards.indexes.filter((i) => i.indexOf('idx_photoCards_group_updated') < 0)
    );
    app.save(photoCards);
    const groups = app.findCollectionByNameOrId('groups');
    groups.fields.removeByName('cardCount');
    groups.fields.add(
      new RelationField({ name: 'photoCards', collectionId: photoCards.id, maxSelect: 2147483647 }),
    );
    app.save(groups);
    app
      .db()
      .newQuery(
        `UPDATE groups SET photoCards = COALESCE((SELECT json_group_array(id) FROM
           (SELECT id FROM photoCards WHERE photoCards."group" = groups.id ORDER BY created, id)), '[]')`,
      )
      .execute();
  },
);
