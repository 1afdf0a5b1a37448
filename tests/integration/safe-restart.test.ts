/**
 * A restart under a stream of writes loses nothing and doubles nothing (docs/operators.md,
 * Restarts). The launcher runs as `npm start` does; a fan's device (the app's own outbox and
 * flush, Dexie on fake-indexeddb) likes card after card and ticks every other one into a collect
 * book, flushing as it goes, while the launcher gets SIGTERM mid-stream and is started again on
 * the same data dir. The device keeps writing while the server is down and resends what failed
 * (creates carry their client ids, ticks are set operations: docs/sync.md, Replays). In the end
 * every like is on the server once (each card's likeCount, a trigger, is exactly 1), the book holds
 * every ticked card once, and the outbox and dead letters are empty.
 *
 * Also at that SIGTERM: a like whose request is in flight (its body half sent) is answered and
 * kept although PocketBase stopped taking connections meanwhile; a realtime connection is closed
 * at once, so the client reconnects to the next server; and the launcher stops its parts in order
 * (push dispatcher, PocketBase, render server, replication) and exits 0. And when PocketBase dies
 * on its own, the launcher stops the rest in the same order and exits 1 (for the service manager to
 * start it again).
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import PocketBase, { type RecordModel } from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient, type AppClient } from '../../src/data/pb/client.ts';
import { loginWithPassword } from '../../src/data/session/session.ts';
import { setLike } from '../../src/domains/likes/writes.ts';
import { createCollectBook, saveCollectBookCards } from '../../src/domains/collect-books/writes.ts';
import { flushOutbox } from '../../src/data/sync/flush.ts';
import { exemptLoopbackFromRateLimits, freePort } from '../helpers/pocketbase.ts';
import { createUserRecord, newId, PASSWORD, uniq } from '../helpers/pb-fixtures.ts';
import { freshDb } from '../helpers/sync-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';
import {
  launch,
  stopLaunchers,
  tempCheckout,
  type Checkout,
  type Launcher,
} from '../helpers/launcher.ts';

const CARDS = 240;
/** A write every this long: the stream runs through the stop and the next start. */
const WRITE_EVERY_MS = 100;
/** Writes after the server is back, before the stream ends. */
const WRITES_AFTER = 15;

let checkout: Checkout;
let port: number;
let db: AppDB | undefined;

beforeAll(async () => {
  checkout = tempCheckout();
  port = await freePort();
});

afterAll(async () => {
  await stopLaunchers();
  if (db) {
    db.close();
    await Dexie.delete(db.name);
  }
  checkout?.remove();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function superuser(launcher: Launcher): Promise<PocketBase> {
  const pb = new PocketBase(launcher.url);
  pb.autoCancellation(false);
  const { email, password } = launcher.superuser();
  await pb.collection('_superusers').authWithPassword(email, password);
  return pb;
}

/** Resolves true once a new connection to the port is refused (PocketBase closed its listener). */
async function refusedWithin(ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', () => resolve(true));
    });
    if (refused) return true;
    await sleep(5);
  }
  return false;
}

/**
 * A like create sent by hand over one connection: the headers and the first bytes of the body now,
 * the rest when `finish` is called; resolves with the status line of the answer.
 */
function halfSentLike(token: string, body: Record<string, string>) {
  const json = JSON.stringify(body);
  const socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (answer += d));
  const closed = new Promise<string>((resolve) => {
    socket.once('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.once('error', () => {});
  });
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    async start() {
      await opened;
      socket.write(
        [
          'POST /api/collections/likes/records HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Content-Type: application/json',
          `Authorization: ${token}`,
          `Content-Length: ${Buffer.byteLength(json)}`,
          'Connection: close',
          '',
          json.slice(0, 10),
        ].join('\r\n'),
      );
    },
    finish() {
      socket.write(json.slice(10));
    },
    answered: closed,
  };
}

describe('a restart under a stream of writes', () => {
  it('every write lands exactly once, the in-flight request completes, parts stop in order', async () => {
    let app = await launch(checkout, { port, env: { LOG_LEVEL: 'debug' } });
    const su = await superuser(app);
    await exemptLoopbackFromRateLimits(su);
    const group = await su.collection('groups').create({ groupName: `G${uniq()}` });
    const cards: RecordModel[] = [];
    for (let i = 0; i < CARDS + 1; i += 20) {
      const n = Math.min(20, CARDS + 1 - i);
      const batch = su.createBatch();
      for (let j = 0; j < n; j++) {
        batch.collection('photoCards').create({
          group: group.id,
          groupName: group['groupName'],
          memberName: '원빈',
          title: `card ${i + j}`,
        });
      }
      cards.push(...(await sendAgainOn503(() => batch.send())).map((r) => r.body as RecordModel));
    }
    const inFlightCard = cards.pop()!;
    const { email, record: fan } = await createUserRecord(su);

    // the fan's device: the app's store, client, session and outbox
    db = freshDb();
    const device: AppClient = await createClient(app.url, db);
    await loginWithPassword(device, email, PASSWORD);
    const book = await createCollectBook({ title: '재시작', group: group.id }, db);
    expect((await flushOutbox({ db, pb: device.pb })).stopped).toBe(null);

    // a realtime connection, as each open tab holds
    const realtime = await fetch(`${app.url}/api/realtime`);
    const events = realtime.body!.getReader();
    const realtimeClosed = (async () => {
      for (;;) if ((await events.read().catch(() => ({ done: true }))).done) return Date.now();
    })();

    // the device flushes as it goes; a failed send is retried at once (the network came back)
    let streaming = true;
    let failedFlushes = 0;
    let flushUntil = Infinity;
    const flusher = (async () => {
      while (streaming || ((await db!.outbox.count()) > 0 && Date.now() < flushUntil)) {
        const report = await flushOutbox({ db: db!, pb: device.pb, ignoreBackoff: true }).catch(
          () => null,
        );
        if (!report || report.stopped) failedFlushes++;
        await sleep(report?.stopped ? 100 : 20);
      }
    })();

    const liked: string[] = [];
    const ticked: string[] = [];
    let phase = 'before' as 'before' | 'down' | 'after';
    const writesIn = { before: 0, down: 0, after: 0 };
    const writer = (async () => {
      for (const card of cards) {
        if (phase === 'after' && writesIn.after >= WRITES_AFTER) break;
        await setLike(card.id, true, db!);
        liked.push(card.id);
        if (liked.length % 2 === 0) {
          await saveCollectBookCards(book, { add: [card.id] }, db!);
          ticked.push(card.id);
        }
        writesIn[phase]++;
        await sleep(WRITE_EVERY_MS);
      }
    })();

    while (writesIn.before < 20) await sleep(20);
    // a like whose body is half sent when the launcher gets SIGTERM
    const inFlightId = newId();
    const inFlight = halfSentLike(device.pb.authStore.token, {
      id: inFlightId,
      user: fan.id,
      photoCard: inFlightCard.id,
    });
    await inFlight.start();
    await sleep(50);
    const first = app;
    const signalledAt = Date.now();
    first.proc.kill('SIGTERM');
    phase = 'down';
    // PocketBase stops taking connections (after the push dispatcher has stopped), and still
    // reads the rest of the request under way and answers it
    expect(await refusedWithin(20_000)).toBe(true);
    inFlight.finish();
    expect(await inFlight.answered).toMatch(/^HTTP\/1\.1 200 /);
    // the realtime connection was closed, not left to time out
    expect((await realtimeClosed) - signalledAt).toBeLessThan(15_000);
    expect((await first.exited).code).toBe(0);

    const stops = first.lines
      .map((l) => /^\[launcher\] (.+) stopped \(/.exec(l.text)?.[1])
      .filter(Boolean);
    expect(stops).toEqual([
      'request log',
      'push dispatcher',
      'PocketBase',
      'render server',
      'mail sink',
      'replication',
    ]);

    app = await launch(checkout, { port });
    phase = 'after';
    await writer;
    streaming = false;
    flushUntil = Date.now() + 60_000;
    await flusher;

    console.log(
      `[safe-restart] writes: ${writesIn.before} before the stop, ${writesIn.down} while down, ` +
        `${writesIn.after} after; ${failedFlushes} flushes failed and were retried`,
    );
    expect(writesIn.down).toBeGreaterThan(0);
    expect(writesIn.after).toBe(WRITES_AFTER);
    expect(failedFlushes).toBeGreaterThan(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.deadLetters.toArray()).toEqual([]);

    const check = await superuser(app);
    const likes = await check
      .collection('likes')
      .getFullList({ filter: `user = "${fan.id}"`, fields: 'id,photoCard' });
    const want = [...liked, inFlightCard.id].sort();
    expect(likes.map((l) => l['photoCard'] as string).sort()).toEqual(want);
    expect(likes.some((l) => l.id === inFlightId)).toBe(true);
    const counts = await check
      .collection('photoCards')
      .getFullList({ filter: `group = "${group.id}"`, fields: 'id,likeCount' });
    const wantCount = new Set(want);
    expect(
      counts.filter((c) => (c['likeCount'] as number) !== (wantCount.has(c.id) ? 1 : 0)),
    ).toEqual([]);
    const stored = await check.collection('collectBook').getOne(book);
    expect([...(stored['cardInfo'] as string[])].sort()).toEqual([...ticked].sort());
    expect((await app.stop()).code).toBe(0);
  }, 240_000);

  it('a PocketBase that dies takes the launcher down: the rest stopped in order, exit 1', async () => {
    const launcher = await launch(checkout, { port, env: { LOG_LEVEL: 'debug' } });
    const pocketbase = launcher.childPids.find(
      (pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[1] === 'serve',
    );
    expect(pocketbase).toBeDefined();
    process.kill(pocketbase!, 'SIGKILL');
    expect((await launcher.exited).code).toBe(1);
    const printed = launcher.lines.filter((l) => l.at > launcher.readyAt).map((l) => l.text);
    expect(printed.filter((t) => /unexpectedly/.test(t))).toEqual([
      expect.stringMatching(/^\[launcher\] PocketBase exited unexpectedly \(SIGKILL\)/),
    ]);
    expect(
      printed.map((t) => /^\[launcher\] (.+) stopped \(/.exec(t)?.[1]).filter(Boolean),
    ).toEqual([
      'request log',
      'push dispatcher',
      'PocketBase',
      'render server',
      'mail sink',
      'replication',
    ]);
    await expect(fetch(`${launcher.url}/api/health`)).rejects.toThrow();
  }, 150_000);
});
