/**
 * users.email may be empty, for Instagram: its login API never shares an email, and PocketBase
 * refuses an OAuth2 sign-up whose email a required field rejects. Every other way in still needs
 * one: pb_hooks/oauth.pb.js refuses a users create request without an email unless it comes from
 * an OAuth2 login. The unique index on email already skips empty values.
 */
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('email').required = false;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('email').required = true;
    app.save(users);
  },
);
