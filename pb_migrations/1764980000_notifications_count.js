/**
 * notifications.count and .at: a chat's messages that arrive while the fan is away are one unread
 * alert ("새 메시지 3개"), brought up to date by pb_hooks/lib/push.js on each new message rather
 * than one alert per message (docs/push.md, The inbox). `count` is how many events it stands for
 * (hidden: the title says it); `at` when the latest happened, which the inbox sorts by (`created`
 * stays the first's).
 */
migrate(
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.add(
      new NumberField({ name: 'count', onlyInt: true, min: 0, hidden: true }),
    );
    notifications.fields.add(new DateField({ name: 'at' }));
    notifications.indexes.push(
      'CREATE INDEX `idx_notifications_user_url` ON `notifications` (`user`, `url`)',
    );
    app.save(notifications);
  },
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.removeByName('count');
    notifications.fields.removeByName('at');
    notifications.indexes = /** @type {any} */ (
      notifications.indexes.filter((i) => i.indexOf('_user_url') < 0)
    );
    app.save(notifications);
  },
);
