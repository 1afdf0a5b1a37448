/**
 * A write refused only because another process held the database (docs/scaling.md, Checkpoints:
 * Litestream takes the write lock for a moment after each checkpoint) is answered 503 in Korean,
 * not 400, and the app's outbox keeps it and sends it again: it treats a 5xx as temporary and a
 * 400 as final, so a 400 here would lose the fan's change.
 *
 * The other process is Debian's `sqlite3` holding the write lock on the real PocketBase's data.db.
 * A batch (what the outbox sends: one transaction that reads before it writes) cannot wait for that
 * lock: SQLite refuses a read transaction's upgrade at once, without its busy wait.
 */
import 'fake-indexeddb/auto';
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { ClientResponseError } from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import { loginWithPassword } from '../../src/data/session/session.ts';
import { setLike } from '../../src/domains/likes/writes.ts';
import { flushOutbox } from '../../src/data/sync/flush.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  createCard,
  createCatalogue,
  createUser,
  PASSWORD,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';
import { freshDb } from '../helpers/sync-fixtures.ts';

const hasSqlite = spawnSync('sqlite3', ['-version']).status === 0;

let server: TestServer;
let fan: Actor;
let catalogue: Catalogue;
let holder: ChildProcessWithoutNullStreams | undefined;
let db: AppDB | undefined;

beforeAll(async () => {
  if (!hasSqlite) return;
  server = await startTestServer({ publicDir: null });
  const su = await server.admin();
  catalogue = await createCatalogue(su);
  fan = await createUser(server, su);
}, 120_000);

afterAll(async () => {
  holder?.kill('SIGKILL');
  if (db) {
    db.close();
    await Dexie.delete(db.name);
  }
  await server?.stop();
});

/** Takes the write lock on data.db from another process; resolves once it holds it. */
async function holdWriteLock(dataDir: string): Promise<ChildProcessWithoutNullStreams> {
  const p = spawn('sqlite3', [join(dataDir, 'data.db')]);
  let out = '';
  p.stdout.on('data', (d: Buffer) => (out += d.toString()));
  p.stdin.write(".timeout 30000\nBEGIN IMMEDIATE;\nSELECT 'held';\n");
  const started = Date.now();
  while (!out.includes('held')) {
    if (Date.now() - started > 30_000) throw new Error('sqlite3 never took the write lock');
    await new Promise((r) => setTimeout(r, 50));
  }
  // whatever happens, the lock goes within 60 s
  const release = setTimeout(() => p.kill('SIGKILL'), 60_000);
  p.once('exit', () => clearTimeout(release));
  return p;
}

async function releaseWriteLock(): Promise<void> {
  const p = holder;
  holder = undefined;
  if (!p) return;
  const exited = new Promise((r) => p.once('exit', r));
  p.stdin.end('ROLLBACK;\n.quit\n');
  await exited;
}

async function likesOf(userId: string, cardId: string): Promise<number> {
  const su = await server.admin();
  const filter = su.filter('user = {:u} && photoCard = {:c}', { u: userId, c: cardId });
  return (await su.collection('likes').getFullList({ filter })).length;
}

describe.skipIf(!hasSqlite)('a busy database', () => {
  it('answers a batch 503 in Korean and stores nothing; the same batch lands once free', async () => {
    const like = { user: fan.id, photoCard: catalogue.card.id };
    const send = () => {
      const batch = fan.pb.createBatch();
      batch.collection('likes').create(like);
      return batch.send();
    };
    holder = await holdWriteLock(server.dataDir);
    const refused = await send().then(
      () => null,
      (err: unknown) => err,
    );
    await releaseWriteLock();

    expect(refused).toBeInstanceOf(ClientResponseError);
    const answer = refused as ClientResponseError;
    expect(answer.status).toBe(503);
    expect(answer.response['message']).toBe(
      '서버가 잠시 바빠 저장하지 못했습니다. 잠시 후 다시 시도해주세요.',
    );
    expect(await likesOf(fan.id, catalogue.card.id)).toBe(0);

    await send();
    expect(await likesOf(fan.id, catalogue.card.id)).toBe(1);
  });

  it("keeps a fan's likes queued while the database is busy, and lands them once after", async () => {
    const su = await server.admin();
    const other = await createUser(server, su);
    // two likes, so the outbox sends them as one batch (a lone row goes as a direct request,
    // which PocketBase itself retries while the lock is held)
    const cards = [catalogue.card.id, (await createCard(su, catalogue.group)).id];
    db = freshDb();
    const device = await createClient(server.url, db);
    await loginWithPassword(device, other.email, PASSWORD);
    for (const card of cards) await setLike(card, true, db);
    expect(await db.outbox.count()).toBe(2);

    holder = await holdWriteLock(server.dataDir);
    const busy = await flushOutbox({ db, pb: device.pb, ignoreBackoff: true });
    await releaseWriteLock();
    expect(busy.done).toBe(0);
    expect(busy.retrying).toBe(2);
    expect(await db.outbox.count()).toBe(2);
    expect(await db.deadLetters.count()).toBe(0);
    for (const card of cards) expect(await likesOf(other.id, card)).toBe(0);

    const free = await flushOutbox({ db, pb: device.pb, ignoreBackoff: true });
    expect(free.stopped).toBe(null);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.deadLetters.count()).toBe(0);
    for (const card of cards) expect(await likesOf(other.id, card)).toBe(1);
  });

  it('answers a batch that runs past the batch timeout 503, not 400, and stores nothing', async () => {
    const su = await server.admin();
    const before = await su.settings.getAll();
    const batchSettings = before['batch'] as Record<string, unknown>;
    await su.settings.update({ batch: { ...batchSettings, timeout: 1 } });
    const other = await createUser(server, su);
    const like = { user: other.id, photoCard: catalogue.card.id };
    const batch = other.pb.createBatch();
    batch.collection('likes').create(like);
    // the lock makes the batch wait past its 1 s; PocketBase gives up on it and rolls it back
    holder = await holdWriteLock(server.dataDir);
    const refused = await batch.send().then(
      () => null,
      (err: unknown) => err,
    );
    await releaseWriteLock();
    await su.settings.update({ batch: batchSettings });

    expect(refused).toBeInstanceOf(ClientResponseError);
    expect((refused as ClientResponseError).status).toBe(503);
    expect(await likesOf(other.id, catalogue.card.id)).toBe(0);
  });
});
