/**
 * Realtime: while online, PocketBase pushes every create, update and delete the session may see
 * (the server applies the same list/view rules as for reads). Events are applied to Dexie one at a
 * time, in arrival order. An event can arrive after a newer copy of its record is already here
 * (the answer to this device's next write, or a pull), so an older copy is skipped, as pulls do.
 * The SDK reconnects by itself after drops (PocketBase closes idle connections after 5 minutes);
 * every (re)connect reports PB_CONNECT, after which the engine runs a delta pull to cover
 * whatever happened while the connection was down.
 */
import type PocketBase from 'pocketbase';
import type { AppDB } from '@/data/db/index.ts';
import type { SyncedCollection } from '@/data/pb/records.ts';
import { applyServerDeletes, applyServerRecords } from './apply.ts';
import { lastScope } from './pull.ts';
import { computeScope, inScope } from './scope.ts';

/**
 * Whether a card or post event belongs on this device: one it holds already (a cached card's new
 * copy), or one in the sync scope (docs/sync.md, Pull by scope); a chat report: the fan's own.
 * Other collections: always.
 */
async function wanted(db: AppDB, c: SyncedCollection, record: Record<string, unknown>) {
  if (c === 'chatReports') {
    // the fan's own only, an admin's too (their device doesn't keep the whole queue)
    const session = await db.auth.get('session');
    return record['reporter'] === (session?.record as { id?: unknown } | undefined)?.id;
  }
  if (c !== 'photoCards' && c !== 'exchangeList') return true;
  if (await db.table(c).get(String(record['id'] ?? ''))) return true;
  const scope = lastScope();
  if (!scope) return true;
  const session = await db.auth.get('session');
  const me = (session?.record as { id?: unknown } | undefined)?.id;
  const groupOf = new Map<string, string>();
  if (c === 'exchangeList') {
    const card = await db.photoCards.get(String(record['photoCard'] ?? ''));
    if (card) groupOf.set(card.id, card.group);
    // the fan's own post (written on another device) is theirs to keep
    if (me && record['writer'] === me) return true;
  }
  if (inScope(scope, c, record, (id) => groupOf.get(id))) return true;
  // the last pull's scope may be older than the store (a login's pull still running)
  const now = await computeScope(db, typeof me === 'string' ? me : null);
  return inScope(now, c, record, (id) => groupOf.get(id));
}

export interface RealtimeHandle {
  stop(): Promise<void>;
}

export async function startRealtime(
  pb: PocketBase,
  db: AppDB,
  collections: readonly SyncedCollection[],
  onConnect: () => void,
): Promise<RealtimeHandle> {
  let chain: Promise<unknown> = Promise.resolve();
  const enqueue = (fn: () => Promise<unknown>) => {
    chain = chain
      .then(fn)
      .catch((err: unknown) => console.warn('[sync] realtime apply failed', err));
  };
  const unsubs: (() => Promise<void>)[] = [];
  // registered first but called by the SDK only after the subscriptions below are in place
  const connect = pb.realtime.subscribe('PB_CONNECT', () => onConnect());
  // subscribed together so that the SDK sends one subscription request, not one per collection
  const subs = await Promise.allSettled(
    collections.map((c) =>
      pb.collection(c).subscribe('*', (e) => {
        enqueue(async () => {
          if (e.action === 'delete') return applyServerDeletes(db, c, [e.record.id]);
          if (!(await wanted(db, c, e.record))) return;
          return applyServerRecords(db, c, [e.record], { skipOlder: true });
        });
      }),
    ),
  );
  for (const s of subs) if (s.status === 'fulfilled') unsubs.push(s.value);
  unsubs.push(await connect);
  return {
    async stop() {
      for (const u of unsubs) await u().catch(() => undefined);
    },
  };
}
