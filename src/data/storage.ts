/**
 * Device storage: ask the browser to keep our data (an installed app usually gets it; otherwise
 * the browser may evict IndexedDB under storage pressure, and queued changes with it), and
 * recognise "storage full" errors so screens can say so instead of failing silently.
 */
import { Dexie } from 'dexie';

/** True when the error is IndexedDB running out of quota. */
export function isQuotaError(err: unknown): boolean {
  const e = err as { name?: string; inner?: { name?: string } } | null;
  const names = [e?.name, e?.inner?.name];
  return names.some((n) => n === 'QuotaExceededError' || n === Dexie.errnames.QuotaExceeded);
}

/** Asks once for persistent storage; returns whether the data is persisted. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = (globalThis.navigator as Navigator | undefined)?.storage;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export { StorageFullError } from '@/data/writes/errors.ts';
