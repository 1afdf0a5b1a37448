/**
 * users.collectBook (the ids of a fan's collect books, kept by the hooks) is private: as a public
 * field it listed every book id, so a public book (자랑하기, opened by its link and never listed,
 * docs/data-model.md) could be found by walking the users list. As a `hidden` field PocketBase keeps
 * it out of every list, view, expand and realtime message and refuses it in filters and sorts for
 * everyone but superusers; the fan themself sees it (pb_hooks/lib/like-list.js showToOwner), and
 * the guards refuse it in a request body read from the request itself (pb_hooks/guards.pb.js).
 * The API-rule matrix (tests/integration/api-rules.test.ts) checks it.
 */
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('collectBook').hidden = true;
    app.save(users);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.fields.getByName('collectBook').hidden = false;
    app.save(users);
  },
);
