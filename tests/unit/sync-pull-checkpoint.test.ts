// @vitest-environment node
/**
 * The delta pull's checkpoint logic (src/data/sync/pull.ts) against a fake pull route that answers
 * as pb_hooks/pull.pb.js does: per collection, the rows after the cursor in (updated, id) order,
 * at most 500, `more` when there are others, and the server's clock. Covers paging with ties on
 * `updated`, one request per round, the safety window, checkpoints that never move backwards,
 * tombstones (and leaving the old ones out of a first pull), and applying in small slices.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type PocketBase from 'pocketbase';
import { AppDB } from '@/data/db/index.ts';
import {
  APPLY_SLICE,
  PULL_ORDER,
  PULL_PAGE_SIZE,
  PULL_PATH,
  pullAll,
  pullCollection,
  pullTombstones,
  readableCollections,
} from '@/data/sync/pull.ts';
import { PRIVATE_TABLES } from '@/data/session/session.ts';
import { pbTimestamp } from '@/data/time.ts';

type Row = Record<string, unknown> & { id: string; updated: string };

interface Asked {
  name: string;
  updated?: string;
  id?: string;
  key?: string;
}

const stamp = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString().replace('T', ' ');

/** The pull route over in-memory rows. */
class FakePullRoute {
  rows = new Map<string, Row[]>();
  /** Every request's collections, in order. */
  calls: Asked[][] = [];
  /** The server's clock. */
  serverNow = Date.UTC(2030, 0, 1);

  async send(path: string, opts: { method: string; body: { collections: Asked[] } }) {
    expect(path).toBe(PULL_PATH);
    expect(opts.method).toBe('POST');
    const asked = opts.body.collections;
    this.calls.push(asked.map((a) => ({ ...a })));
    await Promise.resolve();
    const collections: Record<string, unknown> = {};
    for (const a of asked) {
      let items = [...(this.rows.get(a.name) ?? [])].sort((x, y) =>
        x.updated === y.updated ? (x.id < y.id ? -1 : 1) : x.updated < y.updated ? -1 : 1,
      );
      if (a.updated) {
        const [u, id] = [a.updated, a.id ?? ''];
        items = items.filter((r) => r.updated > u || (r.updated === u && r.id > id));
      }
      const page = items.slice(0, PULL_PAGE_SIZE);
      const last = page[page.length - 1];
      // an entry that names a part of a collection (`chatReports@mine`) is answered under its key
      collections[a.key ?? a.name] = {
        items: page.map((r) => structuredClone(r)),
        more: items.length > PULL_PAGE_SIZE,
        cursor: last ? { updated: last.updated, id: last.id } : null,
      };
    }
    return { now: pbTimestamp(this.serverNow), collections };
  }
}

let db: AppDB;
let fake: FakePullRoute;
const pb = () => fake as unknown as PocketBase;

beforeEach(() => {
  db = new AppDB(`pull-${Math.random().toString(36).slice(2)}`);
  fake = new FakePullRoute();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await db.delete();
});

function groups(n: number, at: (i: number) => string, from = 0): Row[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      id: `g${String(i).padStart(14, '0')}`,
      created: at(i),
      updated: at(i),
      groupName: `group ${i}`,
    };
  });
}

describe('paging', () => {
  it('reads every record exactly once across rounds, with ties on `updated` at the page ends', async () => {
    // 7 records per timestamp: the ties straddle positions 499/500 and 999/1000
    const rows = groups(1203, (i) => stamp(Math.floor(i / 7)));
    fake.rows.set('groups', rows);
    const r = await pullCollection(pb(), db, 'groups');
    expect(r).toEqual({ requests: 3, records: 1203 });
    expect(await db.groups.count()).toBe(1203);
    expect(await db.syncState.get('groups')).toMatchObject({
      updated: rows[1202]!.updated,
      lastId: rows[1202]!.id,
    });
    // the second round starts inside the tie, after the last id read
    expect(fake.calls[1]).toEqual([
      {
        name: 'groups',
        updated: rows[PULL_PAGE_SIZE - 1]!.updated,
        id: rows[PULL_PAGE_SIZE - 1]!.id,
      },
    ]);
  });

  it('a page of exactly 500 is one request: the server says whether more are waiting', async () => {
    fake.rows.set(
      'groups',
      groups(PULL_PAGE_SIZE, (i) => stamp(i)),
    );
    expect(await pullCollection(pb(), db, 'groups')).toEqual({ requests: 1, records: 500 });
  });

  it('asks only for what changed since the checkpoint', async () => {
    const rows = groups(30, (i) => stamp(i));
    fake.rows.set('groups', rows);
    await pullCollection(pb(), db, 'groups');
    rows[3] = { ...rows[3]!, groupName: 'renamed', updated: stamp(1000) };
    rows.push(...groups(1, () => stamp(1001), 30));
    expect(await pullCollection(pb(), db, 'groups')).toEqual({ requests: 1, records: 2 });
    expect((await db.groups.get(rows[3]!.id))?.groupName).toBe('renamed');
    expect(await pullCollection(pb(), db, 'groups')).toEqual({ requests: 1, records: 0 });
  });
});

describe('one request per round', () => {
  const UNSCOPED = PULL_ORDER.filter((n) => n !== 'photoCards' && n !== 'exchangeList');

  it('pulls every collection and the tombstones in one request, and continues only the ones with more', async () => {
    fake.rows.set(
      'groups',
      groups(3, (i) => stamp(i)),
    );
    const meetUps = Array.from({ length: 1100 }, (_, i) => ({
      id: `m${String(i).padStart(14, '0')}`,
      created: stamp(i),
      updated: stamp(i),
      eventTitle: `cafe ${i}`,
    }));
    fake.rows.set('meetUps', meetUps);
    const report = await pullAll(pb(), db, true);
    expect(report).toEqual({ requests: 3, records: 1103, deleted: 0 });
    // round 1 names every readable collection (tombstones are left out of a first pull into an
    // empty store); rounds 2 and 3 only the meetups
    // (cards and posts are pulled by scope: a fan who follows nothing has no entry for them)
    expect(fake.calls[0]!.map((a) => a.name)).toEqual(UNSCOPED);
    expect(fake.calls[1]!.map((a) => a.name)).toEqual(['meetUps']);
    expect(fake.calls[2]!.map((a) => a.name)).toEqual(['meetUps']);
    expect(await db.meetUps.count()).toBe(1100);

    // the next pull: one request for everything, tombstones included, from the checkpoints
    fake.calls = [];
    const again = await pullAll(pb(), db, true);
    expect(again.requests).toBe(1);
    expect(fake.calls[0]!.map((a) => a.name)).toEqual([...UNSCOPED, 'tombstones']);
    expect(fake.calls[0]!.find((a) => a.name === 'groups')).toMatchObject({
      updated: stamp(2),
      id: 'g00000000000002',
    });
  });

  it('applies a large page in slices of at most APPLY_SLICE records, yielding between them', async () => {
    const yields = vi.fn(async () => {});
    vi.stubGlobal('scheduler', { yield: yields });
    // every Table object shares Dexie's Table prototype; record the groups table's writes
    const proto = Object.getPrototypeOf(db.groups) as { bulkPut: (...a: unknown[]) => unknown };
    const original = proto.bulkPut;
    const sizes: number[] = [];
    vi.spyOn(proto, 'bulkPut').mockImplementation(function (this: { name: string }, ...a) {
      if (this.name === 'groups') sizes.push((a[0] as unknown[]).length);
      return original.apply(this, a);
    });
    fake.rows.set(
      'groups',
      groups(450, (i) => stamp(i)),
    );
    await pullCollection(pb(), db, 'groups');
    expect(await db.groups.count()).toBe(450);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(450);
    expect(sizes.length).toBe(Math.ceil(450 / APPLY_SLICE));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(APPLY_SLICE);
    expect(yields).toHaveBeenCalledTimes(sizes.length - 1);
  });
});

describe('the safety window', () => {
  it('keeps the checkpoint 10 s behind the server clock, so a late commit is still read', async () => {
    fake.serverNow = Date.UTC(2026, 0, 1, 0, 1, 0); // one minute after stamp(0)
    const rows = groups(5, (i) => stamp(55_000 + i)); // written 5 s ago
    fake.rows.set('groups', rows);
    await pullCollection(pb(), db, 'groups');
    expect(await db.syncState.get('groups')).toMatchObject({ updated: stamp(50_000), lastId: '' });

    // stamped 4 s ago (before the last record read), committed only now
    const late = groups(1, () => stamp(56_000), 5);
    fake.rows.set('groups', [...rows, ...late]);
    const again = await pullCollection(pb(), db, 'groups');
    expect(await db.groups.get(late[0]!.id)).toBeDefined();
    expect(again.records).toBe(6); // the window is read again, nothing older
  });

  it('a collection with more keeps paging from where it was, not from the capped checkpoint', async () => {
    fake.serverNow = Date.UTC(2026, 0, 1, 0, 0, 1); // every record is inside the window
    fake.rows.set(
      'groups',
      groups(1200, () => stamp(0)),
    );
    expect(await pullCollection(pb(), db, 'groups')).toEqual({ requests: 3, records: 1200 });
    expect(await db.groups.count()).toBe(1200);
  });

  it('never moves a checkpoint backwards (a server clock that jumped back)', async () => {
    fake.rows.set(
      'groups',
      groups(3, (i) => stamp(i)),
    );
    await pullCollection(pb(), db, 'groups');
    const before = await db.syncState.get('groups');
    fake.serverNow = Date.UTC(2026, 0, 1); // now earlier than the records
    await pullCollection(pb(), db, 'groups');
    expect(await db.syncState.get('groups')).toEqual(before);
  });
});

describe('tombstones and collections', () => {
  it('deletes local copies named by tombstones, ignoring unknown collections', async () => {
    fake.rows.set(
      'groups',
      groups(3, (i) => stamp(i)),
    );
    await pullCollection(pb(), db, 'groups');
    fake.rows.set('tombstones', [
      { id: 't1', updated: stamp(10), recordCollection: 'groups', recordId: 'g00000000000001' },
      { id: 't2', updated: stamp(11), recordCollection: 'pushSubscriptions', recordId: 'x' },
    ]);
    expect(await pullTombstones(pb(), db)).toEqual({ requests: 1, records: 2 });
    expect((await db.groups.toCollection().primaryKeys()).sort()).toEqual([
      'g00000000000000',
      'g00000000000002',
    ]);
  });

  it('a first pull into an empty store skips old tombstones and starts them at the server clock', async () => {
    fake.serverNow = Date.UTC(2026, 0, 1, 1, 0, 0);
    fake.rows.set(
      'groups',
      groups(2, (i) => stamp(i)),
    );
    fake.rows.set('tombstones', [
      { id: 't1', updated: stamp(5), recordCollection: 'groups', recordId: 'gone' },
    ]);
    const first = await pullAll(pb(), db, false);
    expect(first).toEqual({ requests: 1, records: 2, deleted: 0 });
    expect(fake.calls[0]!.map((a) => a.name)).not.toContain('tombstones');
    expect(await db.syncState.get('tombstones')).toMatchObject({
      updated: pbTimestamp(fake.serverNow - 10_000),
      lastId: '',
    });

    // a later delete is read from there
    fake.rows.set('tombstones', [
      ...fake.rows.get('tombstones')!,
      {
        id: 't2',
        updated: pbTimestamp(fake.serverNow - 2_000),
        recordCollection: 'groups',
        recordId: 'g00000000000000',
      },
    ]);
    const second = await pullAll(pb(), db, false);
    expect(second.deleted).toBe(1);
    expect(await db.groups.get('g00000000000000')).toBeUndefined();
  });

  it('a store that holds records (put there before any pull) reads every tombstone', async () => {
    await db.groups.put({
      id: 'g00000000000009',
      groupName: 'seeded',
      created: stamp(0),
      updated: stamp(0),
    } as never);
    fake.rows.set('tombstones', [
      { id: 't1', updated: stamp(5), recordCollection: 'groups', recordId: 'g00000000000009' },
    ]);
    const report = await pullAll(pb(), db, false);
    expect(report.deleted).toBe(1);
    expect(await db.groups.get('g00000000000009')).toBeUndefined();
  });

  it('pulls the private collections only when signed in', async () => {
    expect(readableCollections(true)).toEqual(PULL_ORDER);
    const anon = readableCollections(false);
    for (const t of PRIVATE_TABLES) expect(anon).not.toContain(t);
    await pullAll(pb(), db, false);
    const asked = new Set(fake.calls.flat().map((c) => c.name));
    for (const t of PRIVATE_TABLES) expect(asked.has(t)).toBe(false);
    expect(asked.has('groups')).toBe(true);
  });

  it('a malformed answer fails the pull and moves no checkpoint', async () => {
    fake.rows.set(
      'groups',
      groups(2, (i) => stamp(i)),
    );
    const broken = {
      send: async () => ({ now: pbTimestamp(fake.serverNow), collections: {} }),
    } as unknown as PocketBase;
    await expect(pullAll(broken, db, false)).rejects.toThrow();
    expect(await db.syncState.count()).toBe(0);
  });
});
