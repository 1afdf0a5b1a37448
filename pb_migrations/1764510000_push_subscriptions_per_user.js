/**
 * A push endpoint is unique per account, not across accounts: the unique index on
 * pushSubscriptions (endpoint) becomes one on (user, endpoint), plus a plain index on endpoint for
 * the dispatcher, which looks up the records sharing a browser's endpoint.
 *
 * With one record per endpoint, subscribing with an endpoint another account had either failed
 * (telling the caller that the endpoint exists) or had to delete that account's record (anyone who
 * knew an endpoint could take it over). Now every account has its own record; see docs/push.md.
 *
 * Down: keeps the record saved last for each endpoint (the one the dispatcher sends to), so that
 * the old unique index can be created again.
 */
migrate(
  (app) => {
    const c = app.findCollectionByNameOrId('pushSubscriptions');
    c.indexes = /** @type {any} */ (
      c.indexes
        .filter((i) => i.indexOf('`idx_pushSubscriptions_endpoint`') < 0)
        .concat([
          'CREATE UNIQUE INDEX `idx_pushSubscriptions_user_endpoint` ON `pushSubscriptions` (`user`, `endpoint`)',
          'CREATE INDEX `idx_pushSubscriptions_by_endpoint` ON `pushSubscriptions` (`endpoint`)',
        ])
    );
    app.save(c);
  },
  (app) => {
    app
      .db()
      .newQuery(
        'DELETE FROM `pushSubscriptions` WHERE `id` NOT IN (' +
          'SELECT `id` FROM (SELECT `id`, ROW_NUMBER() OVER (' +
          'PARTITION BY `endpoint` ORDER BY `updated` DESC, `id` DESC) AS `n` ' +
          'FROM `pushSubscriptions`) WHERE `n` = 1)',
      )
      .execute();
    const c = app.findCollectionByNameOrId('pushSubscriptions');
    c.indexes = /** @type {any} */ (
      c.indexes
        .filter(
          (i) =>
            i.indexOf('`idx_pushSubscriptions_user_endpoint`') < 0 &&
            i.indexOf('`idx_pushSubscriptions_by_endpoint`') < 0,
        )
        .concat([
          'CREATE UNIQUE INDEX `idx_pushSubscriptions_endpoint` ON `pushSubscriptions` (`endpoint`)',
        ])
    );
    app.save(c);
  },
);
