/**
 * The app's table of live reads, built from every domain's `reads` export (and the engine's own
 * sync reads): the one list that the client's live queries, the server renderer and the
 * first-screen payload agree on (docs/first-visit.md, docs/architecture.md, Domains).
 *
 * A screen asks for `useRead('photoCards', query)`; the client runs `reads.photoCards(query)` as a
 * Dexie live query, and the server renderer runs the same function against its own copy of the
 * public catalogue and embeds the result in the HTML, so the first client render equals the
 * server's markup. Only the reads listed in public-reads.ts are rendered on the server: the others
 * (likes, the outbox, the signed-in user's books and alerts) are personal and fill in after the
 * page has hydrated.
 *
 * This module imports Dexie (through the queries): screens reach it only by name, through the
 * lazily loaded live module (data/live/live.ts), never statically.
 */
import type PocketBase from 'pocketbase';
import { db } from '@/data/db/index.ts';
import { syncReads } from '@/data/live/sync-reads.ts';
import { reads as accounts } from '@/domains/accounts/reads.ts';
import { reads as alerts } from '@/domains/alerts/reads.ts';
import {
  reads as catalogue,
  waitsForWindow as catalogueWaits,
  windows as catalogueWindows,
} from '@/domains/catalogue/reads.ts';
import type { Window } from '@/domains/catalogue/windows.ts';
import { reads as chat } from '@/domains/chat/reads.ts';
import { reads as collectBooks } from '@/domains/collect-books/reads.ts';
import { reads as encounters } from '@/domains/encounters/reads.ts';
import { reads as likes } from '@/domains/likes/reads.ts';
import { reads as meetups } from '@/domains/meetups/reads.ts';
import { reads as notices } from '@/domains/notices/reads.ts';
import {
  reads as posts,
  waitsForWindow as postWaits,
  windows as postWindows,
} from '@/domains/posts/reads.ts';
import { reads as reports } from '@/domains/reports/reads.ts';
import { reads as tradeLists } from '@/domains/trade-lists/reads.ts';
import { reads as trades } from '@/domains/trades/reads.ts';

const TABLES = [
  syncReads,
  catalogue,
  posts,
  meetups,
  accounts,
  likes,
  collectBooks,
  alerts,
  reports,
  tradeLists,
  trades,
  chat,
  encounters,
  notices,
] as const;

// one name, one read: two domains naming a read alike would silently shadow one
const seen = new Set<string>();
for (const name of TABLES.flatMap((t) => Object.keys(t))) {
  if (seen.has(name)) throw new Error(`read ${name} is declared twice`);
  seen.add(name);
}

export const reads = {
  ...syncReads,
  ...catalogue,
  ...posts,
  ...meetups,
  ...accounts,
  ...likes,
  ...collectBooks,
  ...alerts,
  ...reports,
  ...tradeLists,
  ...trades,
  ...chat,
  ...encounters,
  ...notices,
};

export type Reads = typeof reads;
export type ReadName = keyof Reads;
export type ReadArgs<N extends ReadName> = Parameters<Reads[N]>;
export type ReadResult<N extends ReadName> = Awaited<ReturnType<Reads[N]>>;

type WindowOf = (...args: never[]) => Window | null;
const WINDOWS: Partial<Record<ReadName, WindowOf>> = { ...catalogueWindows, ...postWindows };

/**
 * The part of the server a read shows that may lie outside the sync scope (docs/sync.md, The
 * cache), or null when the store holds all of it (groups, meetups, the fan's own records).
 */
export function windowOf(name: ReadName, args: readonly unknown[]): Window | null {
  const of = WINDOWS[name] as ((...a: readonly unknown[]) => Window | null) | undefined;
  return of ? of(...args) : null;
}

/**
 * Reads whose every value waits for their window (a count is no answer before it is in, nor part
 * of a group the group).
 */
export const WAITS_FOR_WINDOW: ReadonlySet<ReadName> = new Set<ReadName>([
  ...catalogueWaits,
  ...postWaits,
]);

/**
 * Asks the server for a window and stores it (the window code loads on first use); a failure
 * that may pass is asked again, twice at most.
 */
export function askWindow(pb: PocketBase, w: Window): Promise<void> {
  return import('@/domains/catalogue/windows.ts').then((m) =>
    m.ensureWindow(pb, db, w, { retries: 2 }),
  );
}
