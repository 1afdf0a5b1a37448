/**
 * Continuous replication of the database for the launcher (docs/scaling.md, Replication):
 * Litestream runs beside PocketBase and uploads every change to `data.db` within about a second,
 * to a directory (`REPLICA_DIR`) or to the S3 bucket (`REPLICA_S3=true`). Off when neither is set.
 *
 * Quiet while idle: only Litestream's warnings and errors are printed, prefixed `[replica]`. If
 * Litestream dies, it is started again (after 1 s, doubling up to a minute between tries) until
 * `stop`; each restart begins where the replica left off, or with a new snapshot when it can't.
 */
import { replicaSettings } from './config.ts';
import { startLitestream, type LitestreamProcess } from './litestream.ts';

export interface Replication {
  target: string;
  /** final sync, then stop */
  stop(): Promise<void>;
}

/** Starts Litestream for dataDir when REPLICA_DIR or REPLICA_S3=true is set; null when replication is off. */
export async function startReplication(opts: {
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}): Promise<Replication | null> {
  const env = opts.env ?? process.env;
  const settings = replicaSettings(env);
  if (!settings) return null;
  const log = opts.log ?? ((line: string) => console.error(line));
  const say = (line: string) => log(`[replica] ${line}`);
  const start = () => startLitestream({ dataDir: opts.dataDir, settings, env, log: say });

  let current: LitestreamProcess = await start();
  let stopping = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1_000;
  const watch = (proc: LitestreamProcess) => {
    void proc.exited.then((code) => {
      if (stopping) return;
      say(`litestream exited (${String(code)}); starting it again in ${delay / 1000} s`);
      retry = setTimeout(() => {
        retry = undefined;
        if (stopping) return;
        start().then(
          (next) => {
            if (stopping) return void next.stop();
            current = next;
            delay = 1_000;
            watch(next);
          },
          (err: unknown) => {
            say(String(err instanceof Error ? err.message : err));
            delay = Math.min(delay * 2, 60_000);
            watch(proc);
          },
        );
      }, delay);
      retry.unref();
    });
  };
  watch(current);

  return {
    target: settings.target,
    async stop() {
      stopping = true;
      clearTimeout(retry);
      await current.stop();
    },
  };
}
