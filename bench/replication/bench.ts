/**
 * Continuous replication measured (docs/scaling.md, Replication): how much a lost server loses
 * (RPO) and how long the database takes to come back (restore time), with Litestream replicating
 * to an S3 server on loopback (s3rver, in this process) every second, as the launcher runs it.
 *
 * Each run: PocketBase on a copy of a real-size data dir (the demo seed plus a 20,000-card
 * catalogue in 50 groups, bench/catalogue/data-dir.ts, the one the catalogue tests use), 50 fans;
 * Litestream starts on it (a new replica prefix a run) and uploads its first snapshot; 5,000 likes
 * go in as the outbox sends them (batches of 50); then the fans like cards at a steady rate, one
 * like a request, and while they do, PocketBase and Litestream are killed with SIGKILL. The data
 * dir is forgotten, `restoreReplica` (what `npm run restore` runs) brings the replica back into a
 * new dir and PocketBase starts on it. Every like the server acknowledged is looked up there.
 *
 * Figures: acknowledged likes lost; the loss window (how long before the kill the oldest lost
 * like was acknowledged: what a crash can take); the age at the kill of the newest like that
 * came back; the restore time and the time to a serving PocketBase; the replica's objects; the
 * generations Litestream made (more than one means it lost its place in the WAL, see
 * docs/scaling.md, Checkpoints).
 *
 * Then a burst of batched likes without Litestream, with it as server/replication configures it,
 * and with Litestream's own checkpoint thresholds (the reason for ours, docs/scaling.md,
 * Checkpoints); and a PocketBase backup (the daily zip) with Litestream running
 * and without, under a steady trickle of likes: how long the backup takes and the slowest like
 * during it.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { MIN_CHECKPOINT_PAGES, replicaSettings } from '../../server/replication/config.ts';
import {
  litestreamVersion,
  startLitestream,
  type LitestreamProcess,
} from '../../server/replication/litestream.ts';
import { restoreReplica } from '../../server/replication/restore.ts';
import { startS3, type TestS3 } from '../../tests/helpers/s3.ts';
import { catalogueDataDir } from '../catalogue/data-dir.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { batchCreate, recordId } from '../lib/seed.ts';
import {
  pocketBaseVersion,
  startBenchServer,
  startBenchServerOnDataDir,
  type BenchServer,
} from '../lib/server.ts';
import { summarize } from '../lib/stats.ts';
import { fixS3rverDelimiterListing } from './s3rver-listing.ts';

export interface ReplicationBenchOptions {
  runs: number;
  cards: number;
  groups: number;
  fans: number;
  /** Likes sent in batches of 50 after the first snapshot, before the steady phase. */
  preload: number;
  /** Steady likes a second, one a request. */
  rate: number;
  /** How long the steady phase runs before the kill (s). */
  seconds: number;
  /** REPLICA_SYNC_INTERVAL. */
  syncInterval: string;
  /** Likes in the burst comparison (batches of 50). */
  burst: number;
  /** Bursts of each variant. */
  burstRuns: number;
}

export const DEFAULTS: ReplicationBenchOptions = {
  runs: 3,
  cards: 20_000,
  groups: 50,
  fans: 50,
  preload: 5_000,
  rate: 50,
  seconds: 15,
  syncInterval: '1s',
  burst: 5_000,
  burstRuns: 3,
};
export const QUICK: Partial<ReplicationBenchOptions> = {
  runs: 1,
  preload: 500,
  seconds: 5,
  burst: 1_000,
  burstRuns: 1,
};

interface Fan {
  id: string;
  token: string;
}

interface RunResult {
  dbBytes: number;
  firstSnapshotMs: number;
  acknowledged: number;
  lost: number;
  /** ms before the kill that the oldest lost like was acknowledged (0 when none was lost). */
  lossWindowMs: number;
  /** ms before the kill that the newest like found after the restore was acknowledged. */
  newestSurvivorAgeMs: number;
  /** Likes that came back though their answer never arrived (sent, then the kill). */
  unacknowledgedKept: number;
  restoreMs: number;
  restoredBytes: number;
  /** From the restore's start to PocketBase answering /api/health on the restored dir. */
  restoreToServingMs: number;
  walSegments: number;
  snapshots: number;
  generations: number;
  /** Likes answered with an error (not a dropped connection) before the kill. */
  refusedBeforeKill: number;
  /** Batches of the preload answered with an error (docs/scaling.md, Checkpoints). */
  preloadRefused: number;
  replicaLines: string[];
}

export interface ReplicationBenchResult {
  name: 'replication';
  machine: MachineInfo;
  litestream: string;
  config: ReplicationBenchOptions;
  runs: RunResult[];
  backup: {
    litestream: boolean;
    backupMs: number;
    slowestLikeMs: number;
    likes: number;
    refused: number;
  }[];
  burst: BurstResult[];
  problems: string[];
  notes: string[];
  totalMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Fans with session tokens (impersonated: logins are not what is measured). */
async function makeFans(server: BenchServer, su: PocketBase, n: number): Promise<Fan[]> {
  // a throwaway copy: cheap hashes, or 50 accounts outlast a batch request's time limit on a
  // loaded machine (logins are not measured)
  const users = await su.collections.getOne('users');
  const fields = users.fields.map((f) => (f.name === 'password' ? { ...f, cost: 4 } : f));
  await su.collections.update('users', { fields });
  // names without random letters (a random one can spell a reserved or rude word); each server
  // is a fresh copy, so the same names every run
  const rows = Array.from({ length: n }, (_, i) => ({
    id: recordId(),
    email: `replfan${i}@bench.local`,
    password: 'replication-bench-1234',
    passwordConfirm: 'replication-bench-1234',
    verified: true,
    username: `replfan${i}`,
    name: `replication fan ${i}`,
  }));
  await batchCreate(su, 'users', rows, 1);
  return Promise.all(
    rows.map(async (r) => {
      const res = await fetch(`${server.url}/api/collections/users/impersonate/${r.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: su.authStore.token },
        body: JSON.stringify({ duration: 3600 }),
      });
      if (!res.ok) throw new Error(`impersonate ${res.status}: ${await res.text()}`);
      return { id: r.id, token: ((await res.json()) as { token: string }).token };
    }),
  );
}

async function cardIds(su: PocketBase, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < n; page++) {
    const list = await su
      .collection('photoCards')
      .getList(page, 500, { fields: 'id', sort: 'id', requestKey: null });
    ids.push(...list.items.map((c) => c.id));
    if (list.items.length < 500) break;
  }
  return ids.slice(0, n);
}

/**
 * One like, as the app sends a like alone: a direct create whose answer carries its card. The
 * answer's status, or 0 when none came (the server is gone).
 */
async function like(server: BenchServer, fan: Fan, id: string, card: string): Promise<number> {
  try {
    const res = await fetch(`${server.url}/api/collections/likes/records?expand=photoCard`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: fan.token },
      body: JSON.stringify({ id, user: fan.id, photoCard: card }),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/**
 * Creates `rows` with batch requests of 50, `concurrency` in flight, as the superuser; returns
 * how many batches were refused (their rows are not retried).
 */
async function sendBatches(
  su: PocketBase,
  collection: string,
  rows: readonly Record<string, unknown>[],
  concurrency: number,
): Promise<number> {
  let next = 0;
  let refused = 0;
  const worker = async () => {
    while (next < rows.length) {
      const chunk = rows.slice(next, next + 50);
      next += 50;
      const batch = su.createBatch();
      for (const row of chunk) batch.collection(collection).create(row);
      try {
        await batch.send({ requestKey: null });
      } catch {
        refused += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return refused;
}

/** Every like id whose row exists, among `ids`, 100 to a request. */
async function existing(su: PocketBase, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    const filter = chunk.map((id) => `id="${id}"`).join('||');
    const rows = await su
      .collection('likes')
      .getFullList({ filter, fields: 'id', requestKey: null, batch: 500 });
    for (const r of rows) found.add(r.id);
  }
  return found;
}

/** A card for fan `f`'s `n`-th like: no fan likes a card twice. */
const cardFor = (cards: string[], fans: number, f: number, n: number) =>
  cards[(n * fans + f) % cards.length]!;

async function run(
  k: number,
  source: string,
  s3: TestS3,
  opts: ReplicationBenchOptions,
  log: (line: string) => void,
): Promise<RunResult> {
  const server = await startBenchServerOnDataDir(source);
  const restoredDir = mkdtempSync(join(tmpdir(), 'replica-restored-'));
  let litestream: LitestreamProcess | undefined;
  let restored: BenchServer | undefined;
  try {
    const su = await server.admin();
    const fans = await makeFans(server, su, opts.fans);
    // enough cards that no fan likes one twice (the likes' unique user + card index)
    const perFan =
      Math.ceil(opts.preload / opts.fans) + Math.ceil((opts.rate * opts.seconds * 2) / opts.fans);
    const cards = await cardIds(su, opts.fans * (perFan + 1));
    const dbBytes = statSync(join(server.dataDir, 'data.db')).size;
    const prefix = `bench/run-${k}-${Date.now()}`;
    const env = {
      ...process.env,
      REPLICA_S3: 'true',
      REPLICA_S3_PATH: prefix,
      REPLICA_SYNC_INTERVAL: opts.syncInterval,
      ...s3.env(),
    };
    const replicaLines: string[] = [];
    const t0 = performance.now();
    litestream = await startLitestream({
      dataDir: server.dataDir,
      settings: replicaSettings(env)!,
      env,
      log: (line) => replicaLines.push(line),
    });
    while (litestream.uploads < 1) await sleep(50);
    const firstSnapshotMs = performance.now() - t0;
    log(
      `run ${k}: data.db ${(dbBytes / 1e6).toFixed(1)} MB, first snapshot ${firstSnapshotMs.toFixed(0)} ms`,
    );

    // the preload: the outbox's batches of 50, spread over the fans
    let n = 0;
    const preload = Array.from({ length: opts.preload }, (_, i) => {
      const f = i % fans.length;
      return {
        id: recordId(),
        user: fans[f]!.id,
        photoCard: cardFor(cards, fans.length, f, n + Math.floor(i / fans.length)),
      };
    });
    n += Math.ceil(opts.preload / fans.length);
    const preloadRefused = await sendBatches(su, 'likes', preload, 2);

    // the steady phase: one like every 1000/rate ms, round robin over the fans; the kill lands
    // while they go on
    const acked = new Map<string, number>();
    const refused: number[] = [];
    const sent: string[] = [];
    let stop = false;
    const inFlight = new Set<Promise<void>>();
    const start = performance.now();
    const steady = (async () => {
      for (let i = 0; !stop; i++) {
        const due = start + (i * 1000) / opts.rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (stop) break;
        const f = i % fans.length;
        const id = recordId();
        const card = cardFor(cards, fans.length, f, n + Math.floor(i / fans.length));
        sent.push(id);
        const p = like(server, fans[f]!, id, card).then((status) => {
          if (status === 200) acked.set(id, Date.now());
          else if (status) refused.push(Date.now());
        });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
    })();
    await sleep(opts.seconds * 1000);
    const killedAt = Date.now();
    server.proc.kill('SIGKILL');
    litestream.proc.kill('SIGKILL');
    stop = true;
    await Promise.all([steady, litestream.exited, ...inFlight]);
    // whatever answered after the kill's moment was answered before the process died
    const ackedBeforeKill = [...acked].filter(([, at]) => at <= killedAt);

    // the disk is gone: only the replica is left
    rmSync(server.dataDir, { recursive: true, force: true });
    const r0 = performance.now();
    const summary = await restoreReplica({ to: restoredDir, env });
    const restoreMs = performance.now() - r0;
    restored = await startBenchServerOnDataDir(restoredDir);
    const restoreToServingMs = performance.now() - r0;
    const back = await restored.admin();
    const found = await existing(back, sent);
    const lostAcks = ackedBeforeKill.filter(([id]) => !found.has(id));
    const keptAcks = ackedBeforeKill.filter(([id]) => found.has(id));
    const keys = await s3.keys(`${prefix}/`);
    const result: RunResult = {
      dbBytes,
      firstSnapshotMs: Math.round(firstSnapshotMs),
      acknowledged: ackedBeforeKill.length,
      lost: lostAcks.length,
      lossWindowMs: lostAcks.length ? killedAt - Math.min(...lostAcks.map(([, at]) => at)) : 0,
      newestSurvivorAgeMs: keptAcks.length
        ? killedAt - Math.max(...keptAcks.map(([, at]) => at))
        : NaN,
      unacknowledgedKept: [...found].filter((id) => !acked.has(id)).length,
      restoreMs: Math.round(restoreMs),
      restoredBytes: summary.databases[0]?.bytes ?? 0,
      restoreToServingMs: Math.round(restoreToServingMs),
      walSegments: keys.filter((key) => key.endsWith('.wal.lz4')).length,
      snapshots: keys.filter((key) => key.endsWith('.snapshot.lz4')).length,
      generations: new Set(keys.map((key) => /generations\/([0-9a-f]+)\//.exec(key)?.[1])).size,
      refusedBeforeKill: refused.filter((at) => at <= killedAt).length,
      preloadRefused,
      replicaLines,
    };
    log(
      `run ${k}: ${result.acknowledged} likes acknowledged before the kill, ${result.lost} lost ` +
        `(window ${result.lossWindowMs} ms), restore ${result.restoreMs} ms, serving after ${result.restoreToServingMs} ms`,
    );
    return result;
  } finally {
    await litestream?.kill();
    await restored?.stop();
    await server.stop();
    rmSync(restoredDir, { recursive: true, force: true });
  }
}

interface Checkpoints {
  minCheckpointPages: number;
  maxCheckpointPages: number;
}

interface BurstResult {
  /** Litestream's checkpoint thresholds, or null: no Litestream. */
  checkpoints: Checkpoints | null;
  batches: number;
  failed: number;
  totalMs: number;
  slowestBatchMs: number;
}

/**
 * A burst of batched likes (a crowd's outboxes after the signal returns): `likes` likes in
 * batches of 50, one after another, by one fan, on a copy of the data dir, with Litestream at
 * the given checkpoint thresholds, or without Litestream (null).
 */
async function burst(
  source: string,
  s3: TestS3,
  likes: number,
  checkpoints: Checkpoints | null,
): Promise<BurstResult> {
  const server = await startBenchServerOnDataDir(source);
  let litestream: LitestreamProcess | undefined;
  try {
    const su = await server.admin();
    const [fan] = await makeFans(server, su, 1);
    const cards = await cardIds(su, likes);
    if (checkpoints) {
      const env = {
        ...process.env,
        REPLICA_S3: 'true',
        REPLICA_S3_PATH: `bench/burst-${Date.now()}`,
        ...s3.env(),
      };
      litestream = await startLitestream({
        dataDir: server.dataDir,
        settings: replicaSettings(env)!,
        env,
        config: checkpoints,
      });
      while (litestream.uploads < 1) await sleep(50);
    }
    let failed = 0;
    let slowest = 0;
    const t0 = performance.now();
    for (let i = 0; i < cards.length; i += 50) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: fan!.token },
        body: JSON.stringify({
          requests: cards.slice(i, i + 50).map((card) => ({
            method: 'POST',
            url: '/api/collections/likes/records',
            body: { id: recordId(), user: fan!.id, photoCard: card },
          })),
        }),
      });
      await res.arrayBuffer();
      if (!res.ok) failed += 1;
      slowest = Math.max(slowest, performance.now() - t);
    }
    return {
      checkpoints,
      batches: Math.ceil(cards.length / 50),
      failed,
      totalMs: Math.round(performance.now() - t0),
      slowestBatchMs: Math.round(slowest),
    };
  } finally {
    await litestream?.stop();
    await server.stop();
  }
}

/** The burst's variants: none, ours, ours with Litestream's passive threshold, its defaults. */
const BURST_VARIANTS: (Checkpoints | null)[] = [
  null,
  { minCheckpointPages: MIN_CHECKPOINT_PAGES, maxCheckpointPages: 0 },
  { minCheckpointPages: 1_000, maxCheckpointPages: 0 },
  { minCheckpointPages: 1_000, maxCheckpointPages: 10_000 },
];

function burstLabel(c: Checkpoints | null): string {
  if (!c) return 'no Litestream';
  const n = (v: number) => v.toLocaleString('en-US');
  const restart = c.maxCheckpointPages ? `RESTART past ${n(c.maxCheckpointPages)}` : 'no RESTART';
  const whose =
    c.minCheckpointPages === MIN_CHECKPOINT_PAGES && !c.maxCheckpointPages
      ? ' (ours)'
      : c.maxCheckpointPages === 10_000 && c.minCheckpointPages === 1_000
        ? " (Litestream's defaults)"
        : '';
  return `Litestream, checkpoint past ${n(c.minCheckpointPages)} pages, ${restart}${whose}`;
}

/** A backup (the daily zip) under a trickle of likes, with Litestream running or not. */
async function backupStall(
  s3: TestS3,
  withLitestream: boolean,
): Promise<ReplicationBenchResult['backup'][number]> {
  const server = await startBenchServer({});
  let litestream: LitestreamProcess | undefined;
  try {
    const su = await server.admin();
    const group = await su.collection('groups').create({ groupName: 'backup bench' });
    const cards = await batchCreate(
      su,
      'photoCards',
      Array.from({ length: 400 }, (_, i) => ({
        group: group.id,
        groupName: 'backup bench',
        memberName: '원빈',
        title: `card ${i}`,
      })),
    ).then(() => cardIds(su, 400));
    const fans = await makeFans(server, su, 20);
    if (withLitestream) {
      const env = {
        ...process.env,
        REPLICA_S3: 'true',
        REPLICA_S3_PATH: `bench/backup-${Date.now()}`,
        ...s3.env(),
      };
      litestream = await startLitestream({
        dataDir: server.dataDir,
        settings: replicaSettings(env)!,
        env,
      });
      while (litestream.uploads < 1) await sleep(50);
    }
    let stop = false;
    let refused = 0;
    const latencies: number[] = [];
    const trickle = (async () => {
      for (let i = 0; !stop; i++) {
        const t = performance.now();
        const f = i % fans.length;
        const status = await like(
          server,
          fans[f]!,
          recordId(),
          cardFor(cards, fans.length, f, Math.floor(i / fans.length)),
        );
        if (status !== 200) refused += 1;
        latencies.push(performance.now() - t);
        await sleep(50);
      }
    })();
    await sleep(2_000);
    const t = performance.now();
    await su.backups.create('bench.zip');
    const backupMs = performance.now() - t;
    await sleep(1_000);
    stop = true;
    await trickle;
    return {
      litestream: withLitestream,
      backupMs: Math.round(backupMs),
      slowestLikeMs: Math.round(Math.max(...latencies)),
      likes: latencies.length,
      refused,
    };
  } finally {
    await litestream?.stop();
    await server.stop();
  }
}

export async function runReplicationBench(partial: Partial<ReplicationBenchOptions> = {}): Promise<{
  result: ReplicationBenchResult;
  rows: Row[];
}> {
  const opts = { ...DEFAULTS, ...partial };
  const started = performance.now();
  const log = (line: string) => console.log(`[replication] ${line}`);
  fixS3rverDelimiterListing();
  const data = await catalogueDataDir({ cards: opts.cards, groups: opts.groups, log });
  const s3 = await startS3();
  const runs: RunResult[] = [];
  const backup: ReplicationBenchResult['backup'] = [];
  const bursts: BurstResult[] = [];
  try {
    for (let k = 1; k <= opts.runs; k++) runs.push(await run(k, data.dir, s3, opts, log));
    for (const checkpoints of BURST_VARIANTS) {
      for (let k = 0; k < opts.burstRuns; k++) {
        bursts.push(await burst(data.dir, s3, opts.burst, checkpoints));
        log(`burst ${JSON.stringify(bursts.at(-1))}`);
      }
    }
    backup.push(await backupStall(s3, false), await backupStall(s3, true));
  } finally {
    await s3.stop();
  }

  const problems: string[] = [];
  runs.forEach((r, i) => {
    if (r.generations !== 1) {
      problems.push(`run ${i + 1}: ${r.generations} generations in the replica (1 expected)`);
    }
    // a checkpoint that found the database busy is retried a second later (docs/scaling.md,
    // Checkpoints): counted below, not a problem
    for (const line of r.replicaLines.filter((l) => !/database is locked/.test(l))) {
      problems.push(`run ${i + 1}: Litestream said: ${line}`);
    }
  });
  const notes = [
    `${opts.runs} run(s); each a fresh copy of the demo seed plus ${opts.cards.toLocaleString('en-US')} cards in ${opts.groups} groups, ${opts.fans} fans, ${opts.preload.toLocaleString('en-US')} likes preloaded (batches of 50) after the first snapshot, then ${opts.rate} likes/s one a request for ${opts.seconds} s and SIGKILL to PocketBase and Litestream at once`,
    `Litestream ${litestreamVersion()} replicating data.db to s3rver on 127.0.0.1 (in the load generator's process), sync interval ${opts.syncInterval}, monitor interval 1s`,
    'a like counts as acknowledged when its 200 answer arrived before the kill; lost = acknowledged and missing after the restore',
    `the burst: ${opts.burst.toLocaleString('en-US')} likes by one fan in batches of 50 sent one after another on a fresh copy of the data dir; a failed batch is an answer other than 200`,
    `1-minute load average at the end: ${loadavg()[0]!.toFixed(2)}`,
  ];
  const result: ReplicationBenchResult = {
    name: 'replication',
    machine: machineInfo({ pocketbase: pocketBaseVersion() ?? undefined }),
    litestream: litestreamVersion(),
    config: opts,
    runs,
    burst: bursts,
    backup,
    problems,
    notes,
    totalMs: Math.round(performance.now() - started),
  };
  return { result, rows: replicationRows(result) };
}

const sameCheckpoints = (a: Checkpoints | null, b: Checkpoints | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.minCheckpointPages === b.minCheckpointPages &&
    a.maxCheckpointPages === b.maxCheckpointPages);

/** The table of a result (also of one read back from bench/results/replication.json). */
export function replicationRows(result: ReplicationBenchResult): Row[] {
  const { runs, burst: bursts, backup, config: opts } = result;
  const s = (pick: (r: RunResult) => number, digits = 0) => summarize(runs.map(pick), digits);
  const rows: Row[] = [
    { figure: 'data.db at the start of a run', value: s((r) => r.dbBytes / 1e6, 1), unit: 'MB' },
    {
      figure: 'first snapshot uploaded',
      value: s((r) => r.firstSnapshotMs),
      unit: 'ms after start',
    },
    {
      figure: 'likes acknowledged before the kill',
      value: s((r) => r.acknowledged),
      unit: 'likes',
    },
    {
      figure: `preload: batches of 50 refused (of ${Math.ceil(opts.preload / 50)})`,
      value: s((r) => r.preloadRefused),
      unit: 'batches',
    },
    {
      figure: 'likes refused before the kill (an answer, not 200)',
      value: s((r) => r.refusedBeforeKill),
      unit: 'likes',
    },
    { figure: 'RPO: acknowledged likes lost', value: s((r) => r.lost), unit: 'likes' },
    {
      figure: 'RPO: loss window (oldest lost like, before the kill)',
      value: s((r) => r.lossWindowMs),
      unit: 'ms',
    },
    {
      figure: 'RPO: newest like restored, acknowledged before the kill',
      value: s((r) => r.newestSurvivorAgeMs),
      unit: 'ms',
    },
    {
      figure: 'restore (litestream restore, S3 on loopback)',
      value: s((r) => r.restoreMs),
      unit: 'ms',
    },
    { figure: 'restored data.db', value: s((r) => r.restoredBytes / 1e6, 1), unit: 'MB' },
    {
      figure: 'restore to PocketBase serving the restored dir',
      value: s((r) => r.restoreToServingMs),
      unit: 'ms',
    },
    { figure: 'replica objects: WAL segments', value: s((r) => r.walSegments), unit: 'objects' },
    { figure: 'replica objects: snapshots', value: s((r) => r.snapshots), unit: 'objects' },
    { figure: 'replica generations', value: s((r) => r.generations), unit: 'a run' },
    {
      figure: "Litestream's lines printed ([replica]; a busy checkpoint, retried)",
      value: s((r) => r.replicaLines.length),
      unit: 'a run',
    },
  ];
  for (const variant of BURST_VARIANTS) {
    const of = bursts.filter((b) => sameCheckpoints(b.checkpoints, variant));
    const label = `burst of ${opts.burst.toLocaleString('en-US')} likes, ${burstLabel(variant)}`;
    const t = (pick: (b: BurstResult) => number) => summarize(of.map(pick), 0);
    rows.push(
      { figure: `${label}: time`, value: t((b) => b.totalMs), unit: 'ms' },
      {
        figure: `${label}: failed batches`,
        value: t((b) => b.failed),
        unit: `of ${of[0]?.batches ?? 0} a run`,
      },
      { figure: `${label}: slowest batch`, value: t((b) => b.slowestBatchMs), unit: 'ms' },
    );
  }
  for (const b of backup) {
    const on = b.litestream ? 'with Litestream' : 'without Litestream';
    rows.push(
      { figure: `daily backup ${on}: backup time`, value: b.backupMs, unit: 'ms' },
      { figure: `daily backup ${on}: slowest like meanwhile`, value: b.slowestLikeMs, unit: 'ms' },
      {
        figure: `daily backup ${on}: likes refused meanwhile`,
        value: b.refused,
        unit: `of ${b.likes}`,
      },
    );
  }
  return rows;
}
