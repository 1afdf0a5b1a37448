/**
 * `npm run restore -- --to <dir> [--at <time>]`: brings the database back from the replica the
 * environment names (REPLICA_DIR, or REPLICA_S3=true with S3_*, as on the server) into a new or
 * empty directory, at its latest state or as it was at `--at` (ISO 8601, e.g.
 * 2026-11-30T04:12:00Z or 2026-11-30T13:12:00+09:00). Then `PB_DATA=<dir> npm start` serves it
 * (docs/scaling.md, Restoring from the replica).
 *
 * Prints what it restored, from where, and how long it took; exits 1 with a plain message when
 * there is nothing to restore or the directory is not empty.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { REPLICATED_DATABASES, ReplicaConfigError, replicaSettings } from './config.ts';
import { runRestore } from './litestream.ts';

export interface RestoreSummary {
  dir: string;
  target: string;
  at: Date | null;
  databases: { name: string; bytes: number; generation: string | null }[];
  ms: number;
}

export class RestoreError extends Error {}

/** Restores every replicated database into `to` (made if missing; it must be empty). */
export async function restoreReplica(opts: {
  to: string;
  at?: Date;
  env?: NodeJS.ProcessEnv;
}): Promise<RestoreSummary> {
  const env = opts.env ?? process.env;
  const settings = replicaSettings(env);
  if (!settings) {
    throw new RestoreError(
      'No replica is configured: set REPLICA_DIR, or REPLICA_S3=true with the S3_* variables, as on the server.',
    );
  }
  const dir = resolve(opts.to);
  const made = !existsSync(dir);
  if (!made) {
    if (!statSync(dir).isDirectory()) throw new RestoreError(`${dir} is not a directory.`);
    const inside = readdirSync(dir);
    if (inside.length) {
      throw new RestoreError(
        `${dir} is not empty (${inside.slice(0, 3).join(', ')}${inside.length > 3 ? ', …' : ''}): restore into a new or empty directory. Nothing was changed.`,
      );
    }
  }
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const databases: RestoreSummary['databases'] = [];
  try {
    for (const name of REPLICATED_DATABASES) {
      const { code, output } = await runRestore({
        settings,
        dataDir: dir,
        database: name,
        at: opts.at,
        env,
      });
      if (code !== 0) {
        if (/no matching backups found/.test(output)) {
          throw new RestoreError(
            opts.at
              ? `The replica at ${settings.target} has no ${name} covering ${opts.at.toISOString()} (it keeps ${settings.retention}; the daily backups go further back).`
              : `Nothing to restore: the replica at ${settings.target} holds no ${name} yet.`,
          );
        }
        throw new RestoreError(`litestream restore of ${name} failed (${code}):\n${output.trim()}`);
      }
      // Litestream leaves its work file's empty WAL and shared memory beside the database
      for (const leftover of ['-wal', '-shm'])
        rmSync(join(dir, `${name}.tmp${leftover}`), { force: true });
      const generation = /generation=([0-9a-f]+)/.exec(output)?.[1] ?? null;
      databases.push({ name, bytes: statSync(join(dir, name)).size, generation });
    }
  } catch (err) {
    // leave no half-restored directory behind: the next try must find it empty
    if (made) rmSync(dir, { recursive: true, force: true });
    else for (const f of readdirSync(dir)) rmSync(join(dir, f), { recursive: true, force: true });
    throw err;
  }
  return {
    dir,
    target: settings.target,
    at: opts.at ?? null,
    databases,
    ms: performance.now() - started,
  };
}

/** An ISO 8601 time with a date and a time of day; a time without a zone is refused. */
export function parseAt(text: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    throw new RestoreError(
      `--at ${text}: give an ISO 8601 time with its zone, e.g. 2026-11-30T04:12:00Z or 2026-11-30T13:12:00+09:00`,
    );
  }
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new RestoreError(`--at ${text} is not a valid time`);
  return at;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, at: { type: 'string' } },
  });
  if (!values.to) {
    throw new RestoreError('usage: npm run restore -- --to <new dir> [--at <ISO 8601 time>]');
  }
  const at = values.at ? parseAt(values.at) : undefined;
  const summary = await restoreReplica({ to: values.to, at });
  const mb = (b: number) => `${(b / 1_048_576).toFixed(1)} MB`;
  for (const db of summary.databases) {
    console.log(
      `restored ${db.name} (${mb(db.bytes)}${db.generation ? `, generation ${db.generation}` : ''}) from ${summary.target}`,
    );
  }
  console.log(
    `${at ? `as it was at ${at.toISOString()}` : 'latest state'}, into ${summary.dir}, in ${(summary.ms / 1000).toFixed(1)} s`,
  );
  if (!process.env.S3_BUCKET) {
    console.log(
      'uploaded files are not in the replica: with files on the server’s disk, copy storage/ from the daily backup (docs/scaling.md, Backups)',
    );
  }
  console.log(`next: PB_DATA=${summary.dir} npm start`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    const plain = err instanceof RestoreError || err instanceof ReplicaConfigError;
    console.error(plain ? err.message : err);
    process.exit(1);
  });
}
