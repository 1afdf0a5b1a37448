/**
 * `npm run replicate`: Litestream for `PB_DATA` (default ./pb_data) in the foreground, for a
 * service manager that runs it beside PocketBase (a systemd unit of its own); SIGTERM or SIGINT
 * makes it upload what is left and exit. Replication must be configured (REPLICA_DIR, or
 * REPLICA_S3=true with S3_*); it exits 2 when it is not. When Litestream itself dies this exits
 * with it, and the service manager starts it again (docs/scaling.md, Replication).
 *
 * `npm run replicate -- --print-config` prints the Litestream configuration instead (no keys in
 * it: Litestream reads them from its environment), for running the `litestream` binary by hand.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../pocketbase.ts';
import { litestreamConfig, ReplicaConfigError, replicaSettings } from './config.ts';
import { startLitestream } from './litestream.ts';

const { values } = parseArgs({ options: { 'print-config': { type: 'boolean' } } });
const dataDir = resolve(process.env.PB_DATA ?? join(ROOT, 'pb_data'));
let settings: ReturnType<typeof replicaSettings>;
try {
  settings = replicaSettings(process.env);
} catch (err) {
  if (!(err instanceof ReplicaConfigError)) throw err;
  console.error(`[replica] ${err.message}`);
  process.exit(2);
}
if (!settings) {
  console.error(
    '[replica] replication is off: set REPLICA_DIR, or REPLICA_S3=true with the S3_* variables',
  );
  process.exit(2);
}
if (values['print-config']) {
  process.stdout.write(litestreamConfig(settings, dataDir));
  process.exit(0);
}
if (!existsSync(join(dataDir, 'data.db'))) {
  console.error(`[replica] no database in ${dataDir} yet: Litestream starts on it once it is made`);
}

const litestream = await startLitestream({
  dataDir,
  settings,
  log: (line) => console.error(`[replica] ${line}`),
});
console.log(`[replica] replicating ${join(dataDir, 'data.db')} to ${litestream.target}`);
let stopping = false;
const stop = () => {
  stopping = true;
  void litestream.stop();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const code = await litestream.exited;
// a Litestream that died on its own is a failure, whatever ended it, so the service restarts it
process.exit(typeof code === 'number' ? code : stopping ? 0 : 1);
