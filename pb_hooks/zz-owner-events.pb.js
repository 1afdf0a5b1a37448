/**
 * A fan's own rows' realtime events (a like, a book, a have/want entry, a block, 만난 팬, an alert)
 * go to that fan's connections only, not through PocketBase's check of every connection
 * (lib/owner-events.js; docs/scaling.md, Realtime).
 *
 * The handlers end their hook chain (that is what skips PocketBase's walk), so they must be the
 * last ones bound for these collections' after-success events: this file's name sorts after every
 * other hook file's, and PocketBase loads them in name order. A hook on these events belongs in a
 * file that sorts before it.
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
