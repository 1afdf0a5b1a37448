/**
 * Where files and backups go, from the environment, applied at every boot (docs/scaling.md,
 * Files and Backups). With S3_BUCKET set, every uploaded file (card images and their thumbnails,
 * avatars, covers, report and chat photos) is stored in that S3-compatible bucket instead of
 * pb_data/storage; PocketBase still serves them at /api/files/… (protected files keep their
 * tokens), so the app and its service worker see no difference:
 *   S3_BUCKET, S3_ENDPOINT (https://…, or http://… for a local server), S3_REGION (default
 *   us-east-1), S3_ACCESS_KEY, S3_SECRET, S3_FORCE_PATH_STYLE (1/true: bucket in the path, which
 *   MinIO and most self-hosted servers need).
 * Backups run on a schedule (PocketBase's own zip of pb_data: the database and local files):
 *   BACKUP_CRON (default "30 4 * * *", daily at 04:30 server time; "off" stops them),
 *   BACKUP_KEEP (default 7 kept), BACKUP_S3 (1/true: store the backups in the S3 bucket above,
 *   or in BACKUP_S3_BUCKET when set, instead of pb_data/backups).
 * Nothing is changed for a variable that is not set: storage configured in the dashboard stays.
 */
onBootstrap((e) => {
  e.next();
  const { storageSettings } = require(`${__hooks}/lib/storage.js`);
  const changed = storageSettings(e.app.settings(), (name) => String($os.getenv(name) || ''));
  if (changed) e.app.save(e.app.settings());
});
