/**
 * Indexes for push alerts:
 *  - notifications (sentAt, created): server/push-dispatcher.ts asks every few seconds for the
 *    rows not yet sent, oldest first;
 *  - pushSubscriptions (user): the dispatcher reads a recipient's devices;
 *  - comments (meetUp), users (biasGroup): pb_hooks/lib/push.js finds a meetup's commenters and a
 *    group's fans on every comment and new meetup.
 * The rules and fields of pushSubscriptions/notifications are unchanged: pb_hooks/push.pb.js
 * checks the subscription shape.
 */
migrate(
  (app) => {
    const PUSH_INDEXES = {
      notifications:
        'CREATE INDEX `idx_notifications_sentAt_created` ON `notifications` (`sentAt`, `created`)',
      pushSubscriptions:
        'CREATE INDEX `idx_pushSubscriptions_user` ON `pushSubscriptions` (`user`)',
      comments: 'CREATE INDEX `idx_comments_meetUp` ON `comments` (`meetUp`)',
      users: 'CREATE INDEX `idx_users_biasGroup` ON `users` (`biasGroup`)',
    };
    for (const name of Object.keys(PUSH_INDEXES)) {
      const c = app.findCollectionByNameOrId(name);
      c.indexes.push(PUSH_INDEXES[name]);
      app.save(c);
    }
  },
  (app) => {
    const PUSH_INDEXES = {
      notifications:
        'CREATE INDEX `idx_notifications_sentAt_created` ON `notifications` (`sentAt`, `created`)',
      pushSubscriptions:
        'CREATE INDEX `idx_pushSubscriptions_user` ON `pushSubscriptions` (`user`)',
      comments: 'CREATE INDEX `idx_comments_meetUp` ON `comments` (`meetUp`)',
      users: 'CREATE INDEX `idx_users_biasGroup` ON `users` (`biasGroup`)',
    };
    for (const name of Object.keys(PUSH_INDEXES)) {
      const c = app.findCollectionByNameOrId(name);
      const indexName = PUSH_INDEXES[name].split('`')[1];
      c.indexes = /** @type {any} */ (c.indexes.filter((i) => i.indexOf(`\`${indexName}\``) < 0));
      app.save(c);
    }
  },
);
