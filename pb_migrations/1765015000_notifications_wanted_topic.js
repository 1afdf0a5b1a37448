/**
 * notifications.topic `wanted`: an alert that a card on the fan's 구함 list was posted or showed up
 * on another fan's public have list (pb_hooks/lib/wanted.js; docs/trades.md, Wantlist alerts).
 * Devices opt into it like the other topics (`pushSubscriptions.topics`, checked by the hook).
 */
const BEFORE = ['comment', 'exchange', 'meetup', 'chat', 'trade'];
const AFTER = BEFORE.concat(['wanted']);

migrate(
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.getByName('topic').values = AFTER;
    app.save(notifications);
  },
  (app) => {
    app.db().newQuery("DELETE FROM `notifications` WHERE `topic` = 'wanted'").execute();
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.getByName('topic').values = BEFORE;
    app.save(notifications);
  },
);
