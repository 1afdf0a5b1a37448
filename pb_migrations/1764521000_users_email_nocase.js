/**
 * users.email unique without regard to case, and stored in lower case:
 * - the unique index on email becomes COLLATE NOCASE. PocketBase reads that collation: its
 *   lookups by email (login, password reset, verification, email change, OAuth2 linking) then
 *   ignore case too, so 'FAN1@Example.com' logs into 'fan1@example.com' and can't be signed up
 *   next to it. pb_hooks/signup.pb.js lower-cases every email it saves.
 * - existing emails are lower-cased first. Where two accounts differ only by case, pending
 *   sign-ups among them are deleted; of completed ones the oldest keeps the email and the others
 *   lose it (logged with their ids, for an operator to sort out), since the index can't be built
 *   otherwise.
 * - a rate limit for POST /api/pocamarket/start-signup (per client IP, like the other mail
 *   sending routes in 1763700100_settings.js).
 */
const INDEX_NAME = 'idx_email__pb_users_auth_';
const PLAIN = 'CREATE UNIQUE INDEX `' + INDEX_NAME + "` ON `users` (`email`) WHERE `email` != ''";
const NOCASE =
  'CREATE UNIQUE INDEX `' +
  INDEX_NAME +
  "` ON `users` (`email` COLLATE NOCASE) WHERE `email` != ''";
const RULE = { label: '/api/pocamarket/start-signup', audience: '', duration: 300, maxRequests: 5 };

/** Removes every single-column unique index on email (whatever its name) and adds `sql`. */
function setEmailIndex(users, sql) {
  users.indexes = users.indexes
    .filter(
      (i) => !/^CREATE UNIQUE INDEX/i.test(i) || !/\(\s*`?email`?(\s+COLLATE\s+\w+)?\s*\)/i.test(i),
    )
    .concat([sql]);
}

migrate(
  (app) => {
    const rows = arrayOf(
      new DynamicModel({ id: '', email: '', signupPending: false, created: '' }),
    );
    app
      .db()
      .newQuery(
        "SELECT id, email, signupPending, created FROM users WHERE email != '' AND " +
          "LOWER(email) IN (SELECT LOWER(email) FROM users WHERE email != '' " +
          'GROUP BY LOWER(email) HAVING COUNT(*) > 1 OR MAX(email != LOWER(email))) ' +
          'ORDER BY signupPending ASC, created ASC',
      )
      .all(rows);
    const kept = {};
    for (const row of rows) {
      const lower = String(row.email).toLowerCase();
      const record = app.findRecordById('users', row.id);
      if (kept[lower]) {
        if (row.signupPending) {
          app.delete(record);
        } else {
          console.log(
            `[migrate] users ${row.id}: email ${row.email} taken by ${kept[lower]}; cleared`,
          );
          record.setEmail('');
          record.setVerified(false);
          app.saveNoValidate(record);
        }
        continue;
      }
      kept[lower] = row.id;
      if (row.email !== lower) {
        record.setEmail(lower);
        app.saveNoValidate(record);
      }
    }

    const users = app.findCollectionByNameOrId('users');
    setEmailIndex(users, NOCASE);
    app.save(users);

    const settings = app.settings();
    const rules = settings.rateLimits.rules.filter((r) => r.label !== RULE.label);
    unmarshal({ rateLimits: { rules: rules.concat(/** @type {any} */ ([RULE])) } }, settings);
    app.save(settings);
  },
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    setEmailIndex(users, PLAIN);
    app.save(users);

    const settings = app.settings();
    const rules = settings.rateLimits.rules.filter((r) => r.label !== RULE.label);
    unmarshal({ rateLimits: { rules: rules } }, settings);
    app.save(settings);
  },
);
