// @vitest-environment node
/**
 * The delta pull's checkpoint logic (src/data/sync/pull.ts) against a fake list endpoint that
 * implements the filter and sort the pull sends: paging with ties on `updated`, the safety window
 * behind the server's clock, checkpoints that never move backwards, tombstones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type PocketBase from 'pocketbase';
import { AppDB } from '@/data/db/index.ts';
import {
  PULL_ORDER,
  PULL_PAGE_SIZE,
  pullAll,
  pullCollection,
  pullTombstones,
  readableCollections,
} from '@/data/sync/pull.ts';
import { PRIVATE_TABLES } from '@/data/session/session.ts';

type Row = Record<string, unknown> & { id: string; updated: string };

const stamp = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString().replace('T', ' ');

/** A list endpoint over in-memory rows, answering `updated > u || (updated = u && id > i)`. */
class FakeLists {
  rows = new Map<string, Row[]>();
  calls: { collection: string; filter: string }[] = [];
  /** The server's clock, sent in the Date header. */
  serverNow = Date.UTC(2030, 0, 1);

  filter(expr: string, params: Record<string, unknown>): string {
    return expr.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(params[k]));
  }

  collection(name: string) {
    return {
      getList: async (
        page: number,
        perPage: number,
        opts: { filter: string; sort: string; fetch?: (url: string) => Promise<Response> },
      ) => {
        expect(page).toBe(1);
        expect(opts.sort).toBe('updated,id');
        this.calls.push({ collection: name, filter: opts.filter });
        await opts.fetch?.('http://fake.test/api');
        let items = [...(this.rows.get(name) ?? [])].sort((a, b) =>
          a.updated === b.updated ? (a.id < b.id ? -1 : 1) : a.updated < b.updated ? -1 : 1,
        );
        const m = /^updated > "([^"]*)" \|\| \(updated = "([^"]*)" && id > "([^"]*)"\)$/.exec(
          opts.filter,
        );
        if (opts.filter) {
          expect(m, opts.filter).not.toBeNull();
          const [, u, , id] = m!;
          items = items.filter((r) => r.updated > u! || (r.updated === u && r.id > id!));
        }
        return { items: items.slice(0, perPage).map((r) => structuredClone(r)) };
      },
    };
  }
}

let db: AppDB;
let fake: FakeLists;
const pb = () => fake as unknown as PocketBase;

beforeEach(() => {
  db = new AppDB(`pull-${Math.random().toString(36).slice(2)}`);
  fake = new FakeLists();
  vi.stubGlobal(
    'fetch',
    async () => new Response('{}', { headers: { date: new Date(fake.serverNow).toUTCString() } }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

function groups(n: number, at: (i: number) => string): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `g${String(i).padStart(14, '0')}`,
    created: at(i),
    updated: at(i),
    groupName: `group ${i}`,
  }));
}

describe('paging', () => {
  it('reads every record exactly once across pages, with ties on `updated` at the page ends', async () => {
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
    // the second page starts inside the tie, after the last id read
    expect(fake.calls[1]!.filter).toContain(`id > "${rows[PULL_PAGE_SIZE - 1]!.id}"`);
  });

  it('a full last page costs one more (empty) request, not a missed record', async () => {
    fake.rows.set(
      'groups',
      groups(PULL_PAGE_SIZE, (i) => stamp(i)),
    );
    expect(await pullCollection(pb(), db, 'groups')).toEqual({ requests: 2, records: 500 });
  });

  it('asks only for what changed since the checkpoint', async () => {
    const rows = groups(30, (i) => stamp(i));
    fake.rows.set('groups', rows);
    await pullCollection(pb(), db, 'groups');
    rows[3] = { ...rows[3]!, groupName: 'renamed', updated: stamp(1000) };
    rows.push(...groups(31, () => stamp(1001)).slice(30));
    expect(await pullCollection(pb(), db, 'groups')).toEqual({ requests: 1, records: 2 });
    expect((await db.groups.get(rows[3]!.id))?.groupName).toBe('renamed');
    expect(await pullCollection(pb(), db, 'groups')).toEqual({ requests: 1, records: 0 });
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
    const late = groups(6, () => stamp(56_000)).slice(5);
    fake.rows.set('groups', [...rows, ...late]);
    const again = await pullCollection(pb(), db, 'groups');
    expect(await db.groups.get(late[0]!.id)).toBeDefined();
    expect(again.records).toBe(6); // the window is read again, nothing older
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

  it('pulls the private collections only when signed in', async () => {
    expect(readableCollections(true)).toEqual(PULL_ORDER);
    const anon = readableCollections(false);
    for (const t of PRIVATE_TABLES) expect(anon).not.toContain(t);
    await pullAll(pb(), db, false);
    const asked = new Set(fake.calls.map((c) => c.collection));
    for (const t of PRIVATE_TABLES) expect(asked.has(t)).toBe(false);
    expect(asked.has('tombstones')).toBe(true);
  });
});
