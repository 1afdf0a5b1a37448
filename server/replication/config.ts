/**
 * Replication settings from the environment, and the Litestream configuration written from them
 * (docs/scaling.md, Replication).
 *
 * Replication is on when `REPLICA_DIR` is set (a directory replica: another disk of the same
 * machine, a mounted volume) or when `REPLICA_S3` is `1`/`true` (the S3-compatible bucket of the
 * file storage, `S3_*`, or `REPLICA_S3_BUCKET`, under the prefix `REPLICA_S3_PATH`). Only
 * `data.db` is replicated: `auxiliary.db` holds PocketBase's request logs and `openworkflow.db`
 * its workflow runs, which this app does not use (docs/scaling.md, What is replicated).
 *
 * The keys never go into the file: Litestream reads them from its environment
 * (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`), which `childEnv` carries.
 */
import { isAbsolute, join, resolve } from 'node:path';

/** The databases of a data dir that are replicated, by file name. */
export const REPLICATED_DATABASES = ['data.db'] as const;

export interface ReplicaSettings {
  kind: 'dir' | 's3';
  /** Where the replica is, in words, for logs: `file:///…/data.db`, `s3://bucket/prefix/data.db`. */
  target: string;
  /** The Go duration between uploads (`REPLICA_SYNC_INTERVAL`, default 1s). */
  syncInterval: string;
  /** How long snapshots and WAL segments are kept: the point-in-time window. */
  retention: string;
  /** How often a full snapshot is uploaded (bounds the WAL a restore replays). */
  snapshotInterval: string;
  /** The replica's own YAML lines for one database (a file name in REPLICATED_DATABASES). */
  replicaYaml(database: string): string[];
  /** The environment Litestream needs besides this process's (the S3 keys). */
  childEnv: Record<string, string>;
}

/** A setting that can't be used; its message is for the operator as it is. */
export class ReplicaConfigError extends Error {}

const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const truthy = (v: string | undefined) => v === '1' || v?.toLowerCase() === 'true';

function duration(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!DURATION.test(value)) {
    throw new ReplicaConfigError(`${name}=${value} is not a duration such as 1s, 500ms, 24h`);
  }
  return value;
}

/** A YAML scalar: JSON's double-quoted strings are YAML's too. */
const q = (s: string) => JSON.stringify(s);

/** The replication settings the environment asks for, or null when replication is off. */
export function replicaSettings(env: NodeJS.ProcessEnv = process.env): ReplicaSettings | null {
  const dir = env.REPLICA_DIR?.trim();
  const s3 = truthy(env.REPLICA_S3);
  if (!dir && !s3) return null;
  if (dir && s3) throw new ReplicaConfigError('set REPLICA_DIR or REPLICA_S3=true, not both');
  const syncInterval = duration(env, 'REPLICA_SYNC_INTERVAL', '1s');
  const retention = duration(env, 'REPLICA_RETENTION', '72h');
  const snapshotInterval = duration(env, 'REPLICA_SNAPSHOT_INTERVAL', '6h');
  const common = [
    `sync-interval: ${syncInterval}`,
    `retention: ${retention}`,
    `snapshot-interval: ${snapshotInterval}`,
  ];
  if (dir) {
    const root = isAbsolute(dir) ? dir : resolve(dir);
    return {
      kind: 'dir',
      target: `file://${join(root, 'data.db')}`,
      syncInterval,
      retention,
      snapshotInterval,
      replicaYaml: (database) => ['type: file', `path: ${q(join(root, database))}`, ...common],
      childEnv: {},
    };
  }
  const bucket = env.REPLICA_S3_BUCKET?.trim() || env.S3_BUCKET?.trim();
  const accessKey = env.S3_ACCESS_KEY;
  const secret = env.S3_SECRET;
  const missing = [
    !bucket && 'S3_BUCKET (or REPLICA_S3_BUCKET)',
    !accessKey && 'S3_ACCESS_KEY',
    !secret && 'S3_SECRET',
  ].filter(Boolean);
  if (missing.length) throw new ReplicaConfigError(`REPLICA_S3=true needs ${missing.join(', ')}`);
  const prefix = (env.REPLICA_S3_PATH?.trim() || 'litestream').replace(/^\/+|\/+$/g, '');
  const endpoint = env.S3_ENDPOINT?.trim() || '';
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const pathStyle = truthy(env.S3_FORCE_PATH_STYLE);
  return {
    kind: 's3',
    target: `s3://${bucket}/${prefix}/data.db${endpoint ? ` at ${endpoint}` : ''}`,
    syncInterval,
    retention,
    snapshotInterval,
    replicaYaml: (database) => [
      'type: s3',
      `bucket: ${q(bucket!)}`,
      `path: ${q(`${prefix}/${database}`)}`,
      // a region given means Litestream never asks AWS for the bucket's
      `region: ${q(region)}`,
      ...(endpoint ? [`endpoint: ${q(endpoint)}`] : []),
      // the same addressing as the file storage (pb_hooks/storage.pb.js)
      `force-path-style: ${pathStyle}`,
      ...common,
    ],
    childEnv: { AWS_ACCESS_KEY_ID: accessKey!, AWS_SECRET_ACCESS_KEY: secret! },
  };
}

/**
 * Litestream's passive checkpoint threshold, in WAL pages (4 KB each): 10,000 (40 MB), not its
 * default 1,000. Each of its checkpoints ends with a write of its own to the database, and a
 * PocketBase transaction that had read before that write and writes after it fails (PocketBase
 * retries the statement, never the transaction): fewer checkpoints while PocketBase writes, fewer
 * such chances. A burst of 5,000 batched likes also went faster (the bench: 9.3 s against 11.3 s,
 * 5.3 s without Litestream; docs/scaling.md, Checkpoints).
 */
export const MIN_CHECKPOINT_PAGES = 10_000;

/**
 * Litestream's configuration for `dataDir`'s replicated databases, each at `<dataDir>/<name>`
 * (where it is served, or where `litestream restore` writes it).
 */
export function litestreamConfig(
  settings: ReplicaSettings,
  dataDir: string,
  opts: {
    logLevel?: 'debug' | 'info' | 'warn' | 'error';
    /** Litestream's passive checkpoint threshold, in WAL pages (see below; the bench compares). */
    minCheckpointPages?: number;
    /** Litestream's forced RESTART threshold; 0: none (see below; the bench compares). */
    maxCheckpointPages?: number;
  } = {},
): string {
  // Litestream copies new WAL frames every monitor interval and uploads them every sync
  // interval: a monitor slower than the sync would be what bounds the loss
  const monitor = goDurationMs(settings.syncInterval) < 1000 ? settings.syncInterval : '1s';
  const lines = [
    '# written by server/replication (docs/scaling.md, Replication); keys come from the environment',
    'logging:',
    `  level: ${opts.logLevel ?? 'info'}`,
    '  type: text',
    '  stderr: true',
    'dbs:',
  ];
  for (const database of REPLICATED_DATABASES) {
    lines.push(
      `  - path: ${q(join(resolve(dataDir), database))}`,
      `    monitor-interval: ${monitor}`,
      // no forced RESTART checkpoint: Litestream 0.3.13 forces one once the WAL passes 10,000
      // pages, holding the write lock while it waits for readers, and under a burst of writes
      // PocketBase's transactions then failed (docs/scaling.md, Checkpoints). Its passive
      // checkpoints still run (past MIN_CHECKPOINT_PAGES, or after a minute without writes),
      // and its TRUNCATE at 500,000 pages stays as the brake
      `    min-checkpoint-page-count: ${opts.minCheckpointPages ?? MIN_CHECKPOINT_PAGES}`,
      `    max-checkpoint-page-count: ${opts.maxCheckpointPages ?? 0}`,
      '    replicas:',
      ...settings.replicaYaml(database).map((l, i) => `${i ? '        ' : '      - '}${l}`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Milliseconds of a Go duration (`1s`, `500ms`, `1m30s`). */
export function goDurationMs(value: string): number {
  const unit: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let ms = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    ms += Number(m[1]) * unit[m[2]!]!;
  }
  return ms;
}
