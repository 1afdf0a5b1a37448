/**
 * users.name (a fan's real name) is private: other fans see the nickname only, everywhere
 * (docs/accounts.md, Nicknames). As a `hidden` field PocketBase keeps it out of every list, view,
 * expand and realtime message and refuses it in filters and sorts for everyone but superusers;
 * the hooks show it to the fan themself and to admins (pb_hooks/privacy.pb.js, the pull in
 * pb_hooks/lib/pull.js) and take a sign-up's or the fan's own value from the request
 * (pb_hooks/guards.pb.js, lib/protected-fields.js). The API-rule matrix
 * (tests/integration/api-rules.test.ts) checks it.
 */
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('name').hidden = true;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('name').hidden = false;
    app.save(users);
  },
);
