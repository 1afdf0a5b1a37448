/**
 * The test API: end-to-end tests and benches drive the data layer through `window.__pocamarket`
 * (the store, the sync engine, the write API, login and logout), for setup and for reading the
 * local store. Built only when the build's `__TEST_API__` flag is on (POCAMARKET_TEST_API=1, see
 * test-api-flag.d.ts); start-data.ts imports it only then, so a production bundle holds no trace of
 * it. Even in such a build it is defined only when localStorage holds `pocamarket:test-api` = '1',
 * which the test helpers set before the app loads.
 */
import type { AppDB } from '@/data/db/index.ts';
import type { AppClient } from '@/data/pb/client.ts';
import { loginWithPassword, logout } from '@/data/session/session.ts';
import type { SyncEngine } from '@/data/sync/engine.ts';
import * as repos from '@/domains/tables/writes.ts';

/** Whether this page asked for the test API (localStorage `pocamarket:test-api` = '1'). */
export function testApiRequested(): boolean {
  try {
    return localStorage.getItem('pocamarket:test-api') === '1';
  } catch {
    return false; // storage blocked (privacy settings, a page being torn down)
  }
}

/** Defines `window.__pocamarket` when the page asked for it. */
export function installTestApi(opts: { db: AppDB; client: AppClient; engine: SyncEngine }): void {
  if (!testApiRequested()) return;
  const { db, client, engine } = opts;
  Object.assign(window, {
    __pocamarket: {
      db,
      engine,
      repos,
      login: (email: string, password: string) => loginWithPassword(client, email, password),
      logout: () => logout(client, db),
    },
  });
}
