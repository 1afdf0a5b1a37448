/**
 * The replication drill (docs/scaling.md, Replication): PocketBase with the project's migrations
 * and hooks, Litestream replicating its database to a real S3 server on loopback (s3rver) every
 * second. Fans write through the API (a like, a collect-book tick, a chat message, a trade
 * proposal); then PocketBase and Litestream are killed with SIGKILL and the data dir is deleted,
 * as when a disk is lost. `npm run restore` brings the database back into a new dir, and a new
 * PocketBase on it has every write acknowledged more than the sync interval before the kill, and
 * serves logins and likes. A point-in-time restore (`--at` between two writes) leaves out the
 * later one. A directory replica, through the launcher's `startReplication`, keeps a write made
 * just before a clean stop (Litestream's final sync).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { ROOT } from '../../server/pocketbase.ts';
import { replicaSettings } from '../../server/replication/config.ts';
import { startReplication } from '../../server/replication/index.ts';
import { startLitestream, type LitestreamProcess } from '../../server/replication/litestream.ts';
import { restoreReplica } from '../../server/replication/restore.ts';
import { fixS3rverDelimiterListing } from '../../bench/replication/s3rver-listing.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createCatalogue, createUser, PASSWORD, type Actor } from '../helpers/pb-fixtures.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';
import { waitFor } from '../helpers/wait.ts';

/** Litestream's upload interval in this drill (REPLICA_SYNC_INTERVAL), as the launcher's default. */
const INTERVAL_MS = 1_000;

const temp = mkdtempSync(join(tmpdir(), 'restore-drill-'));
let s3: TestS3;
let source: TestServer;
let local: TestServer;
let litestream: LitestreamProcess;
const restored: TestServer[] = [];
const replicaLog: string[] = [];
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  fixS3rverDelimiterListing();
  s3 = await startS3();
  [source, local] = await Promise.all([
    startTestServer({ publicDir: null }),
    startTestServer({ publicDir: null }),
  ]);
  env = { ...process.env, REPLICA_S3: 'true', REPLICA_SYNC_INTERVAL: '1s', ...s3.env() };
  litestream = await startLitestream({
    dataDir: source.dataDir,
    settings: replicaSettings(env)!,
    env,
    log: (line) => replicaLog.push(line),
  });
}, 120_000);

afterAll(async () => {
  await litestream?.kill();
  await Promise.all([source?.stop(), local?.stop(), ...restored.map((s) => s.stop())]);
  await s3?.stop();
  rmSync(temp, { recursive: true, force: true });
});

/**
 * Waits until Litestream has shipped what was written by `since`: `3 × INTERVAL_MS` have passed
 * since then, an upload finished after it, and none for two intervals (Litestream uploads only
 * what changed, so a quiet replica holds everything up to its last upload).
 */
async function shipped(since: number): Promise<void> {
  await waitFor(
    () => {
      const now = Date.now();
      expect(now - since).toBeGreaterThan(3 * INTERVAL_MS);
      expect(litestream.lastUploadAt ?? 0).toBeGreaterThan(since);
      expect(now - litestream.lastUploadAt!).toBeGreaterThan(2 * INTERVAL_MS);
    },
    { interval: 100 },
  );
}

/** `npm run restore -- --to <dir> [--at <time>]`, as an operator runs it. */
async function restoreCommand(to: string, at?: Date): Promise<string> {
  const args = [
    join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
    join(ROOT, 'server/replication/restore.ts'),
    '--to',
    to,
    ...(at ? ['--at', at.toISOString()] : []),
  ];
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  expect(code, output).toBe(0);
  return output;
}

async function serve(dir: string): Promise<TestServer> {
  const server = await startTestServer({ publicDir: null, dataDir: dir });
  restored.push(server);
  return server;
}

/** The snapshot files of a directory replica. */
function snapshots(replicaDir: string): string[] {
  const root = join(replicaDir, 'data.db');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.snapshot.lz4'),
  );
}

/** A record as the superuser reads it, or null when it is not there. */
async function read(su: PocketBase, collection: string, id: string): Promise<RecordModel | null> {
  return su
    .collection(collection)
    .getOne(id, { requestKey: null })
    .catch(() => null);
}

/** A write as the app's outbox sends it: sent again on a 503 (SQLite busy while Litestream
 * checkpoints, on a loaded machine), which wrote nothing. */
const sent = <T>(write: () => Promise<T>) => sendAgainOn503(write, 6);

describe('Litestream to S3, the server lost', () => {
  let a: Actor;
  let b: Actor;
  const ids: Record<string, string> = {};
  let card: RecordModel;
  let pointInTime: Date;

  it('brings back every acknowledged write into a new data dir, and the server works on it', async () => {
    const su = await source.admin();
    const cat = await createCatalogue(su);
    card = cat.card;
    [a, b] = [await createUser(source, su), await createUser(source, su)];
    const book = await sent(() =>
      a.pb.collection('collectBook').create({ users: a.id, title: '라이즈 앨범' }),
    );
    ids['book'] = book.id;
    ids['firstLike'] = (
      await sent(() => a.pb.collection('likes').create({ user: a.id, photoCard: card.id }))
    ).id;
    await shipped(Date.now());

    // the point in time: everything above, nothing below
    pointInTime = new Date();
    // S3 keeps an object's time to the second: the next uploads land in a later one
    await waitFor(() => expect(Date.now() - pointInTime.getTime()).toBeGreaterThan(1_200));

    await sent(() => a.pb.collection('collectBook').update(book.id, { 'cardInfo+': [card.id] }));
    const pair = a.id < b.id ? { a: a.id, b: b.id } : { a: b.id, b: a.id };
    ids['conversation'] = (await sent(() => a.pb.collection('conversations').create(pair))).id;
    ids['message'] = (
      await sent(() =>
        a.pb
          .collection('messages')
          .create({ conversation: ids['conversation'], sender: a.id, text: '교환 가능할까요?' }),
      )
    ).id;
    ids['trade'] = (
      await sent(() =>
        a.pb
          .collection('trades')
          .create({ proposer: a.id, receiver: b.id, give: [card.id], message: '포카 교환해요' }),
      )
    ).id;
    ids['secondLike'] = (
      await sent(() => b.pb.collection('likes').create({ user: b.id, photoCard: card.id }))
    ).id;
    const acknowledged = Date.now();
    await shipped(acknowledged);

    // the disk is lost: both processes die at once, the data dir goes
    const killedAt = Date.now();
    source.proc.kill('SIGKILL');
    await Promise.all([
      litestream.kill(),
      new Promise((resolve) => source.proc.once('exit', resolve)),
    ]);
    rmSync(source.dataDir, { recursive: true, force: true });
    expect(killedAt - acknowledged).toBeGreaterThan(INTERVAL_MS);

    const dir = join(temp, 'restored');
    const printed = await restoreCommand(dir);
    expect(printed).toMatch(/restored data\.db \([\d.]+ MB, generation [0-9a-f]+\) from s3:\/\//);
    expect(printed).toMatch(/latest state, into .*restored, in [\d.]+ s/);
    expect(printed).toContain(`PB_DATA=${dir} npm start`);

    const server = await serve(dir);
    const back = await server.admin();
    for (const [name, collection] of [
      ['book', 'collectBook'],
      ['firstLike', 'likes'],
      ['conversation', 'conversations'],
      ['message', 'messages'],
      ['trade', 'trades'],
      ['secondLike', 'likes'],
    ] as const) {
      expect(await read(back, collection, ids[name]!), name).not.toBeNull();
    }
    expect((await read(back, 'collectBook', ids['book']!))?.['cardInfo']).toEqual([card.id]);
    expect((await read(back, 'messages', ids['message']!))?.['text']).toBe('교환 가능할까요?');
    expect(await read(back, 'trades', ids['trade']!)).toMatchObject({
      status: 'proposed',
      give: [card.id],
    });
    // the count the likes' triggers keep came back with the rows
    expect((await read(back, 'photoCards', card.id))?.['likeCount']).toBe(2);
    expect(replicaLog).toEqual([]);

    // the restored server takes logins and writes
    const fan = server.client();
    await fan.collection('users').authWithPassword(a.email, PASSWORD);
    const next = await back.collection('photoCards').create({
      group: cat.group.id,
      groupName: cat.group['groupName'],
      memberName: '소희',
      title: 'after the restore',
    });
    await fan.collection('likes').create({ user: a.id, photoCard: next.id });
    expect((await read(back, 'photoCards', next.id))?.['likeCount']).toBe(1);
  });

  it('restores to a point in time between two writes without the later one', async () => {
    const dir = join(temp, 'point-in-time');
    const printed = await restoreCommand(dir, pointInTime);
    expect(printed).toContain(`as it was at ${pointInTime.toISOString()}`);
    const back = await (await serve(dir)).admin();
    expect(await read(back, 'likes', ids['firstLike']!)).not.toBeNull();
    expect((await read(back, 'collectBook', ids['book']!))?.['cardInfo']).toEqual([]);
    for (const [name, collection] of [
      ['conversation', 'conversations'],
      ['message', 'messages'],
      ['trade', 'trades'],
      ['secondLike', 'likes'],
    ] as const) {
      expect(await read(back, collection, ids[name]!), name).toBeNull();
    }
    expect((await read(back, 'photoCards', card.id))?.['likeCount']).toBe(1);
  });

  it('refuses a directory that is not empty, and a time the replica does not cover', async () => {
    const full = join(temp, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'data.db'), 'mine');
    await expect(restoreReplica({ to: full, env })).rejects.toThrow(
      /is not empty .*Nothing was changed/,
    );
    const early = join(temp, 'too-early');
    await expect(
      restoreReplica({ to: early, at: new Date('2020-01-01T00:00:00Z'), env }),
    ).rejects.toThrow(/has no data\.db covering 2020-01-01T00:00:00\.000Z/);
  });
});

describe('a directory replica through the launcher', () => {
  it('is off without REPLICA_DIR or REPLICA_S3, and keeps a write made just before a clean stop', async () => {
    expect(await startReplication({ dataDir: local.dataDir, env: {} })).toBeNull();
    const replicaDir = join(temp, 'replica');
    const lines: string[] = [];
    const replication = await startReplication({
      dataDir: local.dataDir,
      env: { ...process.env, REPLICA_DIR: replicaDir },
      log: (line) => lines.push(line),
    });
    expect(replication?.target).toBe(`file://${join(replicaDir, 'data.db')}`);
    const su = await local.admin();
    const { card } = await createCatalogue(su);
    const fan = await createUser(local, su);
    // Litestream's first sync (within a second of its start) makes the replica's first snapshot
    await waitFor(() => expect(snapshots(replicaDir)).not.toEqual([]));
    const like = await sent(() =>
      fan.pb.collection('likes').create({ user: fan.id, photoCard: card.id }),
    );
    // at once: the final sync uploads it
    await replication!.stop();
    expect(lines).toEqual([]);

    local.proc.kill('SIGKILL');
    const dir = join(temp, 'from-dir');
    const summary = await restoreReplica({
      to: dir,
      env: { ...process.env, REPLICA_DIR: replicaDir },
    });
    expect(summary.databases.map((d) => d.name)).toEqual(['data.db']);
    const back = await (await serve(dir)).admin();
    expect(await read(back, 'likes', like.id)).not.toBeNull();
  });
});
