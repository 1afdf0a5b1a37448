/**
 * A fan's own rows' realtime events (a like, a book, a have/want entry, a block, 만난 팬, an alert)
 * go to that fan's connections only, not through PocketBase's check of every connection
 * (lib/owner-events.js; docs/scaling.md, Realtime).
 *
 * The handlers end their hook chain (that is what skips PocketBase's walk), so no other handler
 * bound to these collections' after-create or after-update success events would reliably run:
 * PocketBase loads the hook files in no fixed order (it reads pb_hooks into a map), so whether
 * another file's handler came before this one changes from start to start. These two are the only
 * ones on those events (tests/unit/owner-events-hooks.test.ts keeps it so): work that must follow
 * a save of these collections goes in a request hook after `e.next()` (see wanted.pb.js) or in
 * lib/owner-events.js itself.
 */
onRecordAfterCreateSuccess(
  (e) => {
    require(`${__hooks}/lib/owner-events.js`).afterSave(e, 'create');
  },
  ...Object.keys(require(`${__hooks}/lib/owner-events.js`).OWNER_FIELDS),
);

onRecordAfterUpdateSuccess(
  (e) => {
    require(`${__hooks}/lib/owner-events.js`).afterSave(e, 'update');
  },
  ...Object.keys(require(`${__hooks}/lib/owner-events.js`).OWNER_FIELDS),
);
