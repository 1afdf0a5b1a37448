/**
 * The public catalogue behind a CDN (pb_hooks/catalogue.pb.js, lib/catalogue.js,
 * src/data/sync/snapshot.ts; docs/scaling.md): the index and the versioned snapshot a CDN may keep,
 * what the snapshot holds (a guest's view, whoever asks), and a guest device's first pull from
 * it, across snapshot versions: a device handed an older snapshot by a stale CDN, one whose
 * snapshot request fails, and one that pulled before the changes all end with what the list APIs
 * show a guest, deletes included.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { seedDemo } from '../../server/seed/index.ts';
import type { AppDB } from '../../src/data/db/index.ts';
import { createClient } from '../../src/data/pb/client.ts';
import { parseRecord } from '../../src/data/pb/records.ts';
import { claimPrivateTables } from '../../src/data/session/session.ts';
import { PULL_PATH, pullAll, readableCollections } from '../../src/data/sync/pull.ts';
import { SNAPSHOT_INDEX_PATH } from '../../src/data/sync/snapshot.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createUser, uniq } from '../helpers/pb-fixtures.ts';
import { freshDb, interceptFetch } from '../helpers/sync-fixtures.ts';

// cards and posts are pulled by scope (docs/sync.md): a guest's snapshot holds what every device
// keeps whole
/** The whole catalogue, as the first-screen renderer pulls it (the snapshot's use here). */
const FULL = { scoped: false } as const;
const SNAPSHOT = ['groups', 'meetUps', 'comments'];

let server: TestServer;
let su: PocketBase;
const dbs: AppDB[] = [];

beforeAll(async () => {
  // every index request rebuilds when the catalogue changed (the server's default waits 30 s)
  server = await startTestServer({ publicDir: null, env: { CATALOGUE_REBUILD_MS: '0' } });
  su = await server.admin();
  await seedDemo(su);
}, 120_000);

afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

afterAll(async () => {
  await server?.stop();
});

interface Index {
  version: string;
  path: string;
  now: string;
  collections: string[];
}

async function index(
  headers: Record<string, string> = {},
): Promise<{ res: Response; body: Index }> {
  const res = await fetch(`${server.url}${SNAPSHOT_INDEX_PATH}`, { headers });
  return { res, body: (await res.json()) as Index };
}

/** A guest's list API answer for `name`, whole, in pull order. */
const guestList = (name: string) =>
  server
    .client()
    .collection(name)
    .getFullList({ sort: 'updated,id', batch: 500, requestKey: null });

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** What a guest's store should hold, per the list APIs. */
async function guestStore() {
  const out: Record<string, { id: string }[]> = {};
  for (const c of readableCollections(false)) {
    out[c] = (await guestList(c))
      .map((r) => parseRecord(c, r) as { id: string } | null)
      .filter((r): r is { id: string } => r !== null)
      .sort(byId);
  }
  return out;
}

async function localStore(db: AppDB) {
  const out: Record<string, { id: string }[]> = {};
  for (const c of readableCollections(false)) {
    out[c] = ((await db.table(c).toArray()) as { id: string }[]).sort(byId);
  }
  return out;
}

async function guestDevice() {
  const db = freshDb();
  dbs.push(db);
  const client = await createClient(server.url, db);
  await claimPrivateTables(db, null);
  return { db, pb: client.pb };
}

describe('the index and the snapshot', () => {
  it('the index names the version; a CDN may keep it 30 s and the snapshot a year', async () => {
    const { res, body } = await index();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
    expect(body.version).toMatch(/^[0-9a-f]{32}$/);
    expect(body.path).toBe(`${SNAPSHOT_INDEX_PATH}/${body.version}`);
    expect(body.collections).toEqual(SNAPSHOT);

    const snap = await fetch(`${server.url}${body.path}`);
    expect(snap.status).toBe(200);
    expect(snap.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(snap.headers.get('content-type')).toMatch(/^application\/json/);
    expect(snap.headers.get('etag')).toBe(`"${body.version}"`);
    // the same catalogue, the same version
    expect((await index()).body.version).toBe(body.version);
  });

  it('holds each public collection as a guest’s list shows it, with the cursor after the last', async () => {
    const { body } = await index();
    const snap = (await (await fetch(`${server.url}${body.path}`)).json()) as {
      now: string;
      collections: Record<
        string,
        { items: { id: string; updated: string }[]; more: boolean; cursor: unknown }
      >;
    };
    for (const name of SNAPSHOT) {
      const listed = await guestList(name);
      const page = snap.collections[name]!;
      expect(page.items, name).toEqual(listed);
      expect(page.more).toBe(false);
      const last = listed.at(-1)!;
      expect(page.cursor).toEqual({ updated: last['updated'], id: last.id });
    }
    expect(snap.now).toBe(body.now);
  });

  it('is a guest’s view whoever asks: built during a signed-in fan’s request, it is the guest’s', async () => {
    const fan = await createUser(server, su);
    const card = (await su.collection('photoCards').getList(1, 1)).items[0]!;
    await su.collection('photoCards').update(card.id, { title: `다시 만든 스냅샷 ${uniq()}` });
    // the fan's request is the one that finds the change and builds the new snapshot
    const asFan = await index({ Authorization: fan.pb.authStore.token });
    const snap = (await (await fetch(`${server.url}${asFan.body.path}`)).json()) as {
      collections: Record<string, { items: unknown[] }>;
    };
    for (const name of SNAPSHOT)
      expect(snap.collections[name]!.items, name).toEqual(await guestList(name));
    expect((await index()).body.version).toBe(asFan.body.version);
  });

  it('an unknown or malformed version is a 404 nobody caches', async () => {
    for (const v of ['0'.repeat(32), 'F'.repeat(32), 'not-a-version']) {
      const res = await fetch(`${server.url}${SNAPSHOT_INDEX_PATH}/${v}`);
      expect(res.status, v).toBe(404);
      if (res.status === 404) expect(res.headers.get('cache-control'), v).toBe('no-store');
    }
  });

  it('the catalogue’s list and view answers to a guest may be cached; a signed-in one’s not', async () => {
    const guest = await fetch(`${server.url}/api/collections/photoCards/records?perPage=5`);
    expect(guest.headers.get('cache-control')).toBe(
      'public, max-age=30, stale-while-revalidate=60',
    );
    expect(guest.headers.get('vary')).toContain('Authorization');
    const fan = await createUser(server, su);
    const signedIn = await fetch(`${server.url}/api/collections/photoCards/records?perPage=5`, {
      headers: { Authorization: fan.pb.authStore.token },
    });
    expect(signedIn.headers.get('cache-control')).toBeNull();
    // files: PocketBase's own long cache for public files
    const card = (await su.collection('photoCards').getList(1, 1, { filter: 'cardImg != ""' }))
      .items[0]!;
    const file = await fetch(
      `${server.url}/api/files/${card.collectionId}/${card.id}/${card['cardImg'] as string}`,
    );
    expect(file.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
  });
});

describe('a guest device’s first pull, across snapshot versions', () => {
  it('from the snapshot, a stale one, or none: every device ends with what a guest may read', async () => {
    // A pulls now (snapshot v1)
    const a = await guestDevice();
    const v1 = (await index()).body;
    const net = interceptFetch();
    let report;
    try {
      report = await pullAll(a.pb, a.db, false, FULL);
    } finally {
      net.restore();
    }
    expect(report.fromSnapshot).toBeGreaterThan(10);
    expect(net.count(PULL_PATH, 'POST')).toBe(1);
    expect(await localStore(a.db)).toEqual(await guestStore());

    // the catalogue changes: an edit, a new card, a deleted meetup, a deleted card, a comment
    const cards = (await su.collection('photoCards').getList(1, 3, { sort: 'created' })).items;
    await su.collection('photoCards').update(cards[0]!.id, { title: `바뀐 제목 ${uniq()}` });
    const fresh = await su.collection('photoCards').create({
      group: cards[1]!['group'],
      groupName: cards[1]!['groupName'],
      memberName: '새 멤버',
      title: `새 카드 ${uniq()}`,
    });
    const meetup = (await su.collection('meetUps').getList(1, 1)).items[0]!;
    await su.collection('meetUps').delete(meetup.id);
    await su.collection('photoCards').delete(cards[2]!.id);
    const v2 = (await index()).body;
    expect(v2.version).not.toBe(v1.version);
    // the previous version is still there for a CDN that holds the old index
    expect((await fetch(`${server.url}${v1.path}`)).status).toBe(200);

    // B: a stale CDN hands it the old index (and so the old snapshot): the delta brings the rest
    const b = await guestDevice();
    const stale = interceptFetch((req, real) =>
      req.path === SNAPSHOT_INDEX_PATH
        ? Promise.resolve(new Response(JSON.stringify(v1), { status: 200 }))
        : real(),
    );
    try {
      expect((await pullAll(b.pb, b.db, false, FULL)).fromSnapshot).toBeGreaterThan(10);
    } finally {
      stale.restore();
    }
    // C: the snapshot can't be had (a CDN error): the plain pull, as before
    const c = await guestDevice();
    const broken = interceptFetch((req, real) =>
      req.path.startsWith(SNAPSHOT_INDEX_PATH)
        ? Promise.resolve(new Response('bad gateway', { status: 502 }))
        : real(),
    );
    try {
      expect((await pullAll(c.pb, c.db, false, FULL)).fromSnapshot).toBeUndefined();
    } finally {
      broken.restore();
    }
    // A pulls the changes the ordinary way
    await pullAll(a.pb, a.db, false, FULL);

    const expected = await guestStore();
    expect(expected['photoCards']!.map((r) => r.id)).toContain(fresh.id);
    expect(expected['photoCards']!.map((r) => r.id)).not.toContain(cards[2]!.id);
    expect(expected['meetUps']!.map((r) => r.id)).not.toContain(meetup.id);
    for (const device of [a, b, c]) expect(await localStore(device.db)).toEqual(expected);
  }, 120_000);
});
