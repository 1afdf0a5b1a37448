/**
 * PocketBase clients. The page has one (for sync, realtime and the account screens); the service
 * worker makes a fresh one for each flush so it always sends with the session stored right now.
 *
 * Auto-cancellation is off: the SDK cancels a request when another one with the same method and
 * path starts, which would silently drop sync requests that run side by side.
 */
import PocketBase from 'pocketbase';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { DexieAuthStore } from '@/data/session/auth-store.ts';

export interface AppClient {
  pb: PocketBase;
  store: DexieAuthStore;
}

export async function createClient(baseUrl = '/', db: AppDB = defaultDb): Promise<AppClient> {
  const store = new DexieAuthStore(db);
  const pb = new PocketBase(baseUrl, store, 'ko-KR');
  pb.autoCancellation(false);
  await store.ready;
  return { pb, store };
}

let pageClient: Promise<AppClient> | undefined;

/** The page's client, created on first use. */
export function getClient(): Promise<AppClient> {
  pageClient ??= createClient('/');
  return pageClient;
}
