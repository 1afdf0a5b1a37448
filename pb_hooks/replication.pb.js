/**
 * PocketBase's midnight job without its checkpoint, when Litestream replicates data.db
 * (docs/scaling.md, Checkpoints). The job (`__pbDBOptimize__`) runs
 * `PRAGMA wal_checkpoint(TRUNCATE)` on both databases, then `PRAGMA optimize`. A TRUNCATE
 * checkpoint of data.db waits for Litestream's read transaction, which is never on the newest
 * state while fans write: it held PocketBase's one write connection for its whole busy timeout
 * (10 s) and every write waited. Litestream checkpoints data.db itself, so with replication on
 * (the launcher's `REPLICA_DIR`, or `REPLICA_S3` set to 1/true, the same variables
 * server/replication reads) the job is replaced by one that checkpoints only the auxiliary
 * database (request logs, not replicated) and runs `PRAGMA optimize`. Without replication
 * PocketBase's own job stays.
 */
(() => {
  const dir = String($os.getenv('REPLICA_DIR') || '').trim();
  const s3 = String($os.getenv('REPLICA_S3') || '')
    .trim()
    .toLowerCase();
  if (!dir && s3 !== '1' && s3 !== 'true') return;
  cronRemove('__pbDBOptimize__');
  cronAdd('pocamarketDBOptimize', '0 0 * * *', () => {
    try {
      $app.auxNonconcurrentDB().newQuery('PRAGMA wal_checkpoint(TRUNCATE)').execute();
    } catch (err) {
      console.warn('[replication] auxiliary checkpoint failed:', String(err));
    }
    try {
      $app.nonconcurrentDB().newQuery('PRAGMA optimize').execute();
    } catch (err) {
      console.warn('[replication] PRAGMA optimize failed:', String(err));
    }
  });
})();
