/**
 * Which offline packs this device holds (docs/offline-pack.md, Where it is stored): a small record
 * per pack in localStorage, beside the caches the worker fills, so the screens can say
 * '오프라인 저장됨 · 2.3MB' without opening Cache Storage. The caches are the truth: a record whose
 * cache is gone (the browser evicted it, site data cleared) is dropped when checked.
 */
import { packCacheName } from '@/data/pb/offline-pack';

const KEY = 'pocamarket.offlinePacks.v1';
/** Said in this tab when a record changes (the `storage` event tells the other tabs). */
const CHANGED = 'pocamarket:offline-packs';

export interface PackRecord {
  pack: string;
  kind: 'event' | 'day';
  /** YYYY-MM-DD for a day's pack. */
  day: string | null;
  events: string[];
  files: number;
  tiles: number;
  comments: number;
  /** What the pack's cache holds. */
  bytes: number;
  /** Files that could not be fetched (a retry fills them in). */
  failed: number;
  /** ISO time. */
  savedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled
  }
}

/** The raw stored text (a stable snapshot for useSyncExternalStore). */
export function packRecordsSnapshot(): string {
  return storage()?.getItem(KEY) ?? '';
}

export function parsePackRecords(raw: string): Record<string, PackRecord> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, PackRecord>) : {};
  } catch {
    return {};
  }
}

function write(records: Record<string, PackRecord>): void {
  const s = storage();
  if (!s) return;
  if (Object.keys(records).length) s.setItem(KEY, JSON.stringify(records));
  else s.removeItem(KEY);
  window.dispatchEvent(new Event(CHANGED));
}

export function putPackRecord(record: PackRecord): void {
  write({ ...parsePackRecords(packRecordsSnapshot()), [record.pack]: record });
}

export function dropPackRecord(pack: string): void {
  const records = parsePackRecords(packRecordsSnapshot());
  if (!(pack in records)) return;
  delete records[pack];
  write(records);
}

export function subscribePackRecords(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) onChange();
  };
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Drops the records whose cache no longer exists. */
export async function dropVanishedPacks(): Promise<void> {
  if (typeof caches === 'undefined') return;
  for (const pack of Object.keys(parsePackRecords(packRecordsSnapshot()))) {
    if (!(await caches.has(packCacheName(pack)))) dropPackRecord(pack);
  }
}
