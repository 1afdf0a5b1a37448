/**
 * notifications.actor: the fan whose action an alert tells of (a message's sender, a comment's or
 * post's writer, a proposal's other side), set by pb_hooks/lib/push.js. An alert quotes that fan
 * (a message's text, a post's excerpt), so it goes with their account: the relation cascades, and
 * the recipient's devices learn it through the tombstone of each deleted alert. Hidden: the
 * recipient's app needs only the alert's text and link (docs/data-model.md, notifications).
 */
migrate(
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    const users = app.findCollectionByNameOrId('users');
    notifications.fields.add(
      new RelationField({
        name: 'actor',
        collectionId: users.id,
        maxSelect: 1,
        required: false,
        cascadeDelete: true,
        hidden: true,
      }),
    );
    notifications.indexes.push(
      'CREATE INDEX `idx_notifications_actor` ON `notifications` (`actor`)',
    );
    app.save(notifications);
  },
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.removeByName('actor');
    notifications.indexes = /** @type {any} */ (
      notifications.indexes.filter((i) => i.indexOf('_actor') < 0)
    );
    app.save(notifications);
  },
);
