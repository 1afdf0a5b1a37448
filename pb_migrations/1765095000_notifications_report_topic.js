/**
 * notifications.topic `report`: what the operators decided about something a fan reported, or
 * about the fan (docs/operators.md): a 제보 published as a card or event or turned down with a
 * reason, a reported post, comment or message acted on, a warning, a suspension and its end. In
 * the inbox only: no device opts into it (it is not one of the push topics,
 * lib/push-subscriptions.js TOPICS), so the rows are written with `sentAt` set and never pushed.
 */
const BEFORE = ['comment', 'exchange', 'meetup', 'chat', 'trade', 'wanted'];
const AFTER = BEFORE.concat(['report']);

migrate(
  (app) => {
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.getByName('topic').values = AFTER;
    app.save(notifications);
  },
  (app) => {
    app.db().newQuery("DELETE FROM `notifications` WHERE `topic` = 'report'").execute();
    const notifications = app.findCollectionByNameOrId('notifications');
    notifications.fields.getByName('topic').values = BEFORE;
    app.save(notifications);
  },
);
