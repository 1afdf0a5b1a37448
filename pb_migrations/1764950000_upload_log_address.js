/**
 * uploadLog.address: a guest's uploads (a sign-up's avatar, before any account can be charged)
 * are counted per client address and day (pb_hooks/lib/uploads.js, GUEST_QUOTA); such a row names
 * no user, so `user` is no longer required. Without it one address could store about 2.9 GB of
 * avatars a day through pending sign-ups (10 sign-ups per 10 minutes, 2 MB each).
 */
migrate(
  (app) => {
    const log = app.findCollectionByNameOrId('uploadLog');
    log.fields.getByName('user').required = false;
    log.fields.add(new TextField({ name: 'address', max: 100 }));
    log.indexes.push(
      'CREATE INDEX `idx_uploadLog_address_bucket_created` ON `uploadLog` (`address`, `bucket`, `created`)',
    );
    app.save(log);
  },
  (app) => {
    const log = app.findCollectionByNameOrId('uploadLog');
    app.db().newQuery("DELETE FROM uploadLog WHERE user = ''").execute();
    log.fields.getByName('user').required = true;
    log.fields.removeByName('address');
    log.indexes = /** @type {any} */ (log.indexes.filter((i) => i.indexOf('_address_') < 0));
    app.save(log);
  },
);
