/**
 * Fixtures for the sync-engine integration tests (tests/integration/sync-*.test.ts): a fresh
 * in-memory Dexie database per test (fake-indexeddb, imported by the test file first), a client
 * logged in through the app's own session code, a fetch wrapper that counts requests and injects
 * faults, and a way to pin records' `updated` stamps (so that pages can be made to share one
 * timestamp deterministically).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppDB } from '../../src/data/db/index.ts';
import { createClient, type AppClient } from '../../src/data/pb/client.ts';
import { loginWithPassword, readSession } from '../../src/data/session/session.ts';
import { findPocketBase } from '../../server/pocketbase.ts';
import { PASSWORD, type Actor } from './pb-fixtures.ts';
import type { TestServer } from './pocketbase.ts';
import { waitFor } from './wait.ts';

/** A new, empty local database with a unique name. */
export function freshDb(): AppDB {
  return new AppDB(`test-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`);
}

/** The same IndexedDB database opened through a second handle (another tab, the worker). */
export function sameDb(db: AppDB): AppDB {
  return new AppDB(db.name);
}

/** A client of `db` logged in as `actor` through loginWithPassword (the session lands in Dexie). */
export async function loggedIn(server: TestServer, db: AppDB, actor: Actor): Promise<AppClient> {
  const client = await createClient(server.url, db);
  await loginWithPassword(client, actor.email, PASSWORD);
  const session = await readSession(db);
  if (session?.userId !== actor.id) throw new Error('login did not reach the local session');
  return client;
}

export interface SeenRequest {
  method: string;
  path: string;
}

type Fetch = typeof globalThis.fetch;

/**
 * Wraps globalThis.fetch for the duration of a test. Every request is recorded; `fault` may
 * replace the real call (it gets the real fetch to call or not). Call `restore()` when done.
 */
export function interceptFetch(
  fault?: (req: SeenRequest, real: () => Promise<Response>) => Promise<Response>,
) {
  const original: Fetch = globalThis.fetch;
  const seen: SeenRequest[] = [];
  const wrapped: Fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    const req = { method, path: url.pathname };
    seen.push(req);
    const real = () => original(input, init);
    return fault ? fault(req, real) : real();
  };
  globalThis.fetch = wrapped;
  return {
    seen,
    /** Requests whose path starts with `prefix` (and of `method`, if given). */
    count(prefix: string, method?: string) {
      return seen.filter((r) => r.path.startsWith(prefix) && (!method || r.method === method))
        .length;
    },
    reset() {
      seen.length = 0;
    },
    restore() {
      globalThis.fetch = original;
    },
  };
}

/** What a dropped connection looks like to fetch in Node (undici). */
export function networkError(): TypeError {
  return new TypeError('fetch failed');
}

let pinCount = 0;

/**
 * Sets `updated` of records directly in the server's SQLite file, through a one-off migration
 * run by the real PocketBase binary next to the running server (WAL lets both write). The API
 * cannot do this: autodate fields are stamped by the server on every save.
 */
export function pinUpdated(
  server: TestServer,
  collection: string,
  stamps: readonly { id: string; updated: string }[],
): void {
  const dir = mkdtempSync(join(tmpdir(), 'pb-pin-'));
  const hooks = mkdtempSync(join(tmpdir(), 'pb-pin-hooks-'));
  try {
    pinCount += 1;
    const name = `${Math.floor(Date.now() / 1000)}${String(pinCount).padStart(4, '0')}_pin.js`;
    writeFileSync(
      join(dir, name),
      `migrate((app) => {
  const stamps = ${JSON.stringify(stamps)};
  for (const s of stamps) {
    app.db()
      .newQuery("UPDATE ${collection} SET updated = {:u} WHERE id = {:id}")
      .bind({ u: s.updated, id: s.id })
      .execute();
  }
}, () => {});
`,
    );
    const res = spawnSync(
      findPocketBase(),
      ['migrate', 'up', '--dir', server.dataDir, '--migrationsDir', dir, '--hooksDir', hooks],
      { encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`pinning updated failed: ${res.stderr || res.stdout}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(hooks, { recursive: true, force: true });
  }
}

/** A PocketBase timestamp `ms` milliseconds after `base` (an ISO date). */
export function stampAt(base: string, ms: number): string {
  return new Date(Date.parse(base) + ms).toISOString().replace('T', ' ');
}

/**
 * Polls until `check` passes (for realtime events, which arrive when they arrive): `waitFor`, so
 * it returns as soon as the outcome is there and only a hang is bounded (a live post took over
 * 10 s beside a second copy of the suite).
 */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  await waitFor(async () => {
    if (!(await check())) throw new Error(`never happened: ${what}`);
  });
}
