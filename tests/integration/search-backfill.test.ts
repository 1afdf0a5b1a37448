/**
 * The search keys' backfill against the real server (docs/data-model.md, Search keys): rows with
 * no key (there before the keys existed, inserted by SQL) get theirs in the background, without
 * holding the server's start. Here a step's bound is one batch (500 cards), so 600 keyless cards
 * show that a start writes one bounded step and answers at once with 500 of them findable, and
 * that the next step (here the next start; in production the minute's job) keys the last 100.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPocketBase } from '../../server/pocketbase.ts';
import { createGroup, uniq } from '../helpers/pb-fixtures.ts';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

const CARDS = 600;

let server: TestServer;
let su: PocketBase;

beforeAll(async () => {
  server = await startTestServer({
    publicDir: null,
    env: { SEARCH_BACKFILL_BOOT_MS: '0', SEARCH_BACKFILL_RUN_MS: '0' },
  });
  su = await server.admin();
});

afterAll(async () => {
  await server?.stop();
});

/** How many cards of `group` the search finds for `q`. */
async function found(q: string, group: string): Promise<number> {
  const res = await fetch(
    `${server.url}/api/pocamarket/search?q=${encodeURIComponent(q)}&group=${group}&perPage=1`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { totalItems: number }).totalItems;
}

/** Empties every card's key and the index, as rows inserted by SQL would have them. */
function dropKeys(dataDir: string): void {
  const migrations = mkdtempSync(join(tmpdir(), 'pb-blank-keys-'));
  const hooks = mkdtempSync(join(tmpdir(), 'pb-no-hooks-'));
  try {
    writeFileSync(
      join(migrations, '1900000000_blank_keys.js'),
      `migrate((app) => {
        app.db().newQuery("UPDATE photoCards SET searchKey = ''").execute();
        app.db().newQuery('DELETE FROM photoCardsSearch').execute();
        app.db().newQuery('DELETE FROM photoCardsSearchIds').execute();
      }, () => {});`,
    );
    const res = spawnSync(
      findPocketBase(),
      ['migrate', 'up', '--dir', dataDir, '--migrationsDir', migrations, '--hooksDir', hooks],
      { encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`blanking keys failed: ${res.stderr || res.stdout}`);
  } finally {
    rmSync(migrations, { recursive: true, force: true });
    rmSync(hooks, { recursive: true, force: true });
  }
}

describe('search key backfill', () => {
  it('never holds the start: one bounded step at boot, the next step goes on from there', async () => {
    const group = await createGroup(su);
    const title = `bf${uniq()}`;
    // 8 at a time (PocketBase has one writer)
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < CARDS; i = next++) {
          await su.collection('photoCards').create({
            group: group.id,
            groupName: group['groupName'],
            memberName: '원빈',
            title: `${title} ${i}`,
          });
        }
      }),
    );
    expect(await found(title, group.id)).toBe(CARDS);

    // the keys dropped while it is stopped: it starts at once, with the first batch keyed
    const before = Date.now();
    await server.restart(() => dropKeys(server.dataDir));
    const atStart = await found(title, group.id);
    // the minute's job may have run already if a minute began meanwhile
    const minuteTurned = Math.floor(before / 60_000) !== Math.floor(Date.now() / 60_000);
    expect(atStart).toBe(minuteTurned && atStart === CARDS ? CARDS : 500);
    // each step goes on from where the last stopped: a second start keys the rest (the minute's
    // job runs the same step; waiting for it would hold the suite up to a minute)
    await server.restart();
    expect(await found(title, group.id)).toBe(CARDS);
  }, 150_000);
});
