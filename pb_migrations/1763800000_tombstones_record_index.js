/**
 * Tombstones are looked up by (collection, id) on every create (pb_hooks/guards.pb.js: a deleted
 * id stays taken, so a late replay of an offline create cannot bring a deleted record back).
 */
migrate(
  (app) => {
    const c = app.findCollectionByNameOrId('tombstones');
    c.indexes.push(
      'CREATE INDEX `idx_tombstones_record` ON `tombstones` (`recordCollection`, `recordId`)',
    );
    app.save(c);
  },
  (app) => {
    const c = app.findCollectionByNameOrId('tombstones');
    c.indexes = /** @type {any} */ (
      c.indexes.filter((i) => i.indexOf('idx_tombstones_record`') < 0)
    );
    app.save(c);
  },
);
