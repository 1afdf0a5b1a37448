/**
 * users.likeList is private: which cards a fan liked is theirs alone, as the `likes` rows it
 * mirrors are owner-only. As a `hidden` field PocketBase keeps it out of every list, view, expand
 * and realtime message and refuses it in filters and sorts for everyone but superusers; the hooks
 * show it to the user themself (pb_hooks/privacy.pb.js, the pull in pb_hooks/lib/pull.js). Like
 * counts on cards stay public. The API-rule matrix (tests/integration/api-rules.test.ts) checks it.
 */
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('likeList').hidden = true;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('likeList').hidden = false;
    app.save(users);
  },
);
