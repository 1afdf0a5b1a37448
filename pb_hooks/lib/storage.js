/**
 * Storage and backup settings from the environment (see pb_hooks/storage.pb.js for the
 * variables). `env(name)` returns '' for an unset variable; returns whether anything changed.
 */

const truthy = (value) => /^(1|true|yes)$/i.test(value.trim());

/** The S3 settings the variables describe, for `bucket`. */
function s3From(env, bucket) {
  return {
    enabled: true,
    bucket,
    region: env('S3_REGION').trim() || 'us-east-1',
    endpoint: env('S3_ENDPOINT').trim().replace(/\/+$/, ''),
    accessKey: env('S3_ACCESS_KEY').trim(),
    secret: env('S3_SECRET').trim(),
    forcePathStyle: truthy(env('S3_FORCE_PATH_STYLE')),
  };
}

function assign(target, values) {
  let changed = false;
  for (const key of Object.keys(values)) {
    if (target[key] !== values[key]) {
      target[key] = values[key];
      changed = true;
    }
  }
  return changed;
}

function storageSettings(settings, env) {
  let changed = false;
  const bucket = env('S3_BUCKET').trim();
  if (bucket) changed = assign(settings.s3, s3From(env, bucket)) || changed;

  const cron = env('BACKUP_CRON').trim();
  const keep = parseInt(env('BACKUP_KEEP').trim() || '7', 10);
  const schedule = cron === 'off' ? '' : cron || '30 4 * * *';
  changed =
    assign(settings.backups, {
      cron: schedule,
      cronMaxKeep: isNaN(keep) || keep < 1 ? 7 : keep,
    }) || changed;
  if (truthy(env('BACKUP_S3'))) {
    const backupBucket = env('BACKUP_S3_BUCKET').trim() || bucket;
    if (backupBucket) changed = assign(settings.backups.s3, s3From(env, backupBucket)) || changed;
  }
  return changed;
}

module.exports = { storageSettings };
