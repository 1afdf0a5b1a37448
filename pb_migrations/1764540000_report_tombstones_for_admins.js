/**
 * Admins read every report, so they must also learn of every report's deletion: a report's
 * tombstone is owned by its author (pb_hooks/tombstones.pb.js), and without this an admin's
 * device would keep showing a report another admin (or the author) deleted. Other tombstones
 * stay public (catalogue) or owner-only.
 */
const BEFORE = 'owner = "" || owner = @request.auth.id';
const AFTER = `${BEFORE} || (recordCollection = "informUs" && @request.auth.role = "admin")`;

migrate(
  (app) => {
    const c = app.findCollectionByNameOrId('tombstones');
    c.listRule = AFTER;
    c.viewRule = AFTER;
    app.save(c);
  },
  (app) => {
    const c = app.findCollectionByNameOrId('tombstones');
    c.listRule = BEFORE;
    c.viewRule = BEFORE;
    app.save(c);
  },
);
