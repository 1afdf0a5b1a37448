/**
 * 만난 팬 through the sync layer against the real server (docs/encounters.md): what the actions
 * panel queues after a scan with no signal (an encounter, a proposal, a conversation and its
 * message) lands exactly once even when the batch's answer is lost; a second device of the same
 * fan pulls the encounter and, after a delete elsewhere, its tombstone; another account's sign-in
 * empties the table; realtime brings it to the owner's other device and to nobody else; a note
 * the server refuses ends in dead letters and is rolled back.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { EventSource } from 'eventsource';
import type PocketBase from 'pocketbase';
import type { AppDB } from '../../src/data/db/index.ts';
import { encounterNote } from '../../src/domains/encounters/kinds.ts';
import type { AppClient } from '../../src/data/pb/client.ts';
import { claimPrivateTables } from '../../src/data/session/session.ts';
import { flushOutbox } from '../../src/data/sync/flush.ts';
import { pullAll, readableCollections } from '../../src/data/sync/pull.ts';
import { startRealtime } from '../../src/data/sync/realtime.ts';
import { openConversation, sendMessage } from '../../src/domains/chat/writes.ts';
import { deleteEncounter, saveEncounter } from '../../src/domains/encounters/writes.ts';
import { change, queueChanges } from '../../src/data/writes/queue.ts';
import { proposeTrade } from '../../src/domains/trades/writes.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import {
  createCard,
  createCatalogue,
  createUser,
  readAsSuperuser,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';
import {
  eventually,
  freshDb,
  interceptFetch,
  loggedIn,
  networkError,
} from '../helpers/sync-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
const dbs: AppDB[] = [];

function newDb(): AppDB {
  const db = freshDb();
  dbs.push(db);
  return db;
}

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  cat = await createCatalogue(su);
});

afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const name of new Set(open.map((db) => db.name))) await Dexie.delete(name);
});

afterAll(async () => {
  await server?.stop();
});

const flush = (db: AppDB, client: AppClient) =>
  flushOutbox({ db, pb: client.pb, ignoreBackoff: true });

const serverList = (collection: string, filter: string) =>
  su.collection(collection).getFullList({ filter });

describe('after a scan with no signal', () => {
  it('the encounter, the proposal and the message land exactly once, even if the answer is lost', async () => {
    const [fan1, fan2] = [await createUser(server, su), await createUser(server, su)];
    const [mine, theirs] = [await createCard(su, cat.group), await createCard(su, cat.group)];
    const db = newDb();
    const client = await loggedIn(server, db, fan2);
    await pullAll(client.pb, db, true, { scoped: false });

    // what the actions panel does, offline: nothing is sent yet
    const encounter = await saveEncounter(
      {
        fan: fan1.id,
        // the server keeps fan1's nickname, not the name the code showed
        fanName: fan1.record.username,
        meetup: cat.meetUp.id,
        theyHave: [theirs.id],
        theyWant: [mine.id],
      },
      db,
    );
    const trade = await proposeTrade(
      { to: fan1.id, give: [mine.id], get: [theirs.id], message: '카페에서 만난 팬이에요' },
      db,
    );
    const conversation = await openConversation(fan1.id, {}, db);
    const message = await sendMessage(conversation, '아까 스캔한 팬이에요!', null, db);
    expect(await db.outbox.count()).toBe(4);

    let dropped = 0;
    const net = interceptFetch(async (req, real) => {
      if (req.path === '/api/batch' && !dropped) {
        dropped++;
        await (await real()).arrayBuffer(); // the server commits...
        throw networkError(); // ...and the answer is lost
      }
      return real();
    });
    try {
      expect((await flush(db, client)).stopped).toBe('network');
    } finally {
      net.restore();
    }
    expect(dropped).toBe(1);
    expect((await flush(db, client)).stopped).toBe(null);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.deadLetters.count()).toBe(0);

    const encounters = await serverList('encounters', `user = "${fan2.id}"`);
    expect(encounters).toMatchObject([
      {
        id: encounter,
        fan: fan1.id,
        // the server keeps fan1's nickname, not the name the code showed
        fanName: fan1.record.username,
        meetup: cat.meetUp.id,
        theyHave: [theirs.id],
        theyWant: [mine.id],
      },
    ]);
    expect(await serverList('trades', `proposer = "${fan2.id}"`)).toMatchObject([
      { id: trade, receiver: fan1.id, give: [mine.id], get: [theirs.id], status: 'proposed' },
    ]);
    expect(await serverList('messages', `sender = "${fan2.id}"`)).toMatchObject([
      { id: message, conversation, text: '아까 스캔한 팬이에요!' },
    ]);
    // the encounter is fan2's alone
    expect(await fan1.pb.collection('encounters').getFullList()).toEqual([]);
  });
});

describe('on other devices and accounts', () => {
  it('a second device pulls it and later its delete; another account’s sign-in empties it', async () => {
    const [fan1, fan2, fan3] = [
      await createUser(server, su),
      await createUser(server, su),
      await createUser(server, su),
    ];
    const phone = newDb();
    const tablet = newDb();
    const onPhone = await loggedIn(server, phone, fan2);
    const onTablet = await loggedIn(server, tablet, fan2);
    const id = await saveEncounter(
      { fan: fan1.id, fanName: '만난팬', theyHave: [], theyWant: [] },
      phone,
    );
    await flush(phone, onPhone);
    await pullAll(onTablet.pb, tablet, true, { scoped: false });
    expect(await tablet.encounters.get(id)).toMatchObject({
      fan: fan1.id,
      fanName: fan1.record.username,
    });

    await deleteEncounter(id, phone);
    await flush(phone, onPhone);
    expect(await readAsSuperuser(su, 'encounters', id)).toBeNull();
    await pullAll(onTablet.pb, tablet, true, { scoped: false });
    expect(await tablet.encounters.get(id)).toBeUndefined();

    // the tablet gets another encounter, then fan3 signs in there
    const other = await saveEncounter(
      { fan: fan1.id, fanName: '또 만난 팬', theyHave: [], theyWant: [] },
      tablet,
    );
    await flush(tablet, onTablet);
    expect(await tablet.encounters.get(other)).toBeDefined();
    await loggedIn(server, tablet, fan3);
    expect(await claimPrivateTables(tablet, fan3.id)).toBe(true);
    expect(await tablet.encounters.count()).toBe(0);
  });

  it('a note the server refuses ends in dead letters and the note goes back to the server’s', async () => {
    const [fan1, fan2] = [await createUser(server, su), await createUser(server, su)];
    const db = newDb();
    const client = await loggedIn(server, db, fan2);
    const id = await saveEncounter(
      { fan: fan1.id, fanName: '만난팬', theyHave: [], theyWant: [], note: '처음 메모' },
      db,
    );
    await flush(db, client);
    // a note that slipped past the client's check (an older app version)
    await queueChanges(() => [change(encounterNote, { id, note: 'fuck' })], db);
    expect((await db.encounters.get(id))?.note).toBe('fuck');
    await flush(db, client);
    const [dead] = await db.deadLetters.toArray();
    expect(dead?.message).toBe('만난 팬 메모를 저장하는 데 실패했습니다.');
    expect(dead?.detail).toContain('비속어가 포함된 글은 작성할 수 없습니다.');
    expect((await db.encounters.get(id))?.note).toBe('처음 메모');
    expect((await readAsSuperuser(su, 'encounters', id))?.note).toBe('처음 메모');
  });

  it('realtime brings a new encounter and its delete to the owner’s other device, and to nobody else', async () => {
    const previous = (globalThis as { EventSource?: unknown }).EventSource;
    (globalThis as { EventSource?: unknown }).EventSource = EventSource;
    const [fan1, fan2] = [await createUser(server, su), await createUser(server, su)];
    const tablet = newDb();
    const theirs = newDb();
    const onTablet = await loggedIn(server, tablet, fan2);
    const onTheirs = await loggedIn(server, theirs, fan1);
    const rts = [
      await startRealtime(onTablet.pb, tablet, readableCollections(true), () => {}),
      await startRealtime(onTheirs.pb, theirs, readableCollections(true), () => {}),
    ];
    try {
      const rec = await fan2.pb.collection('encounters').create({
        user: fan2.id,
        fan: fan1.id,
        fanName: '실시간 팬',
        metAt: new Date().toISOString().replace('T', ' '),
      });
      await eventually(async () => !!(await tablet.encounters.get(rec.id)), 'the encounter');
      await fan2.pb.collection('encounters').delete(rec.id);
      await eventually(async () => !(await tablet.encounters.get(rec.id)), 'its delete');
      // the fan met saw neither (an event for them would have landed by now, after the owner's)
      expect(await theirs.encounters.count()).toBe(0);
    } finally {
      for (const rt of rts) await rt.stop();
      (globalThis as { EventSource?: unknown }).EventSource = previous;
    }
  });
});
