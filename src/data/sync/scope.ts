/**
 * The sync scope: which part of the catalogue this device keeps (docs/sync.md, Pull by scope).
 *
 * A real catalogue is hundreds of thousands of cards; a fan uses a few groups of it. The device
 * keeps, and pulls the changes of:
 *
 * - every card of the groups the fan follows: the favourite group (the signed-in fan's
 *   `biasGroup`, else the group picked on this device, else RIIZE, as the screens show it), the
 *   groups of their
 *   collect books, and the groups of the cards on their have/want lists; and the groups saved for
 *   offline on this device (docs/sync.md, Groups saved for offline);
 * - the cards they touch outside those groups ("loose" cards): liked (also the hearts ticked while
 *   logged out), ticked in a book without a group, on their lists, in their posts, trades,
 *   conversations and encounters (만난 팬);
 * - the exchange posts of all those cards, and the fan's own posts.
 *
 * Everything else (a group page, a card or a post opened, a search) is read from the server when
 * shown and kept in a bounded cache (./windows.ts). Groups, meetups, comments and the private rows
 * are pulled whole, as before: they do not grow with the catalogue.
 *
 * The scope is computed from the local store, so it follows what the fan does offline too, and it
 * grows as the pull brings their records: a round that finds a new group or card pulls again
 * (./pull.ts). Loose cards are pulled by id in buckets: a card's bucket is a hash of its id, so
 * liking one more card re-reads one bucket, not all of them.
 */
import type { AppDB } from '@/data/db/index.ts';

/** The collections pulled by scope; every other one is pulled whole. */
export const SCOPED_COLLECTIONS = ['photoCards', 'exchangeList'] as const;
export type ScopedCollection = (typeof SCOPED_COLLECTIONS)[number];

/** Ids per pull entry at most (the server's own bound). */
export const SCOPE_IDS_PER_ENTRY = 100;
/** Buckets of loose cards; a bucket over SCOPE_IDS_PER_ENTRY keeps its first ids by order. */
const BUCKETS = 16;
/**
 * Groups followed at most (each is two entries of a pull round). Groups saved for offline count
 * toward it: saving one more is refused once the scope holds this many (data/offline-groups).
 */
export const MAX_GROUPS = 16;

/** Where the favourite group picked while logged out is kept (the app's jotai storage). */
const GUEST_BIAS_KEY = 'pocamarket:bias';
const DEFAULT_BIAS = 'RIIZE';

export interface SyncScope {
  /** Group ids whose every card (and the posts on them) the device keeps. */
  groups: string[];
  /** Loose card ids, by bucket (sorted within each). */
  buckets: string[][];
  /** Whether the fan's own posts are pulled (signed in). */
  mine: boolean;
}

/** One entry of a pull round: a collection, or a part of one under its own key. */
export interface PullEntry {
  key: string;
  name: string;
  group?: string;
  ids?: string[];
  mine?: boolean;
}

/** FNV-1a over the string: a stable small hash for buckets and keys. */
function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The device's favourite group as the page read it (a worker has no localStorage). */
let deviceBias: string | null = null;

/** Hands the scope the favourite group picked on this device (from a context without storage). */
export function setDeviceBias(value: string | null): void {
  deviceBias = value;
}

/** The favourite group picked on this device while logged out, as stored by the page. */
export function readDeviceBias(): string | null {
  try {
    const raw = globalThis.localStorage?.getItem(GUEST_BIAS_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

function guestBias(): string {
  return deviceBias ?? readDeviceBias() ?? DEFAULT_BIAS;
}

/** A stored bias (an id, or a name for older records and guests) as a group id, or null. */
async function groupIdOf(db: AppDB, bias: string): Promise<string | null> {
  if (!bias) return null;
  if (await db.groups.get(bias)) return bias;
  const byName = await db.groups.where('groupName').equals(bias).first();
  return byName?.id ?? null;
}

/**
 * The tables computeScope reads: a transaction that computes the scope must name them all (a
 * table left out fails the read inside it).
 */
export function scopeTables(db: AppDB) {
  return [
    db.users,
    db.collectBook,
    db.tradeItems,
    db.likes,
    db.exchangeList,
    db.trades,
    db.conversations,
    db.encounters,
    db.photoCards,
    db.groups,
    db.guestLikes,
    db.offlineGroups,
  ];
}

/** The scope of the signed-in user `userId` (null: a guest on this device). */
export async function computeScope(db: AppDB, userId: string | null): Promise<SyncScope> {
  const groups = new Set<string>();
  const cards = new Set<string>();
  const add = (ids: readonly string[] | undefined) => {
    for (const id of ids ?? []) if (id) cards.add(id);
  };

  if (userId) {
    const [profile, books, items, likes, posts, trades, conversations, encounters] =
      await Promise.all([
        db.users.get(userId),
        db.collectBook.where('users').equals(userId).toArray(),
        db.tradeItems.where('user').equals(userId).toArray(),
        db.likes.where('user').equals(userId).toArray(),
        db.exchangeList.where('writer').equals(userId).toArray(),
        db.trades.toArray(),
        db.conversations.toArray(),
        db.encounters.where('[user+metAt]').between([userId, ''], [userId, '\uffff']).toArray(),
      ]);
    // as the screens show it: the account's favourite, else this device's, else RIIZE
    const bias = await groupIdOf(db, profile?.biasGroup || guestBias());
    if (bias) groups.add(bias);
    for (const b of books) {
      if (b.group) groups.add(b.group);
      add(b.cardInfo);
      if (b.cover) cards.add(b.cover);
    }
    add(items.map((i) => i.photoCard));
    const listed = await db.photoCards.bulkGet(items.map((i) => i.photoCard));
    for (const c of listed) if (c?.group) groups.add(c.group);
    add(likes.map((l) => l.photoCard));
    add(posts.map((p) => p.photoCard));
    for (const t of trades) add([...t.give, ...t.get]);
    add(conversations.map((c) => c.photoCard));
    // 만난 팬 shows the cards each way offline (docs/encounters.md, On the device)
    for (const e of encounters) add([...e.theyHave, ...e.theyWant]);
  } else {
    const bias = await groupIdOf(db, guestBias());
    if (bias) groups.add(bias);
  }
  // every heart ticked on this device counts, signed in or not (they move to the account on login)
  add((await db.guestLikes.toArray()).map((l) => l.photoCard));

  const followed = [...groups].sort().slice(0, MAX_GROUPS);
  // the groups saved for offline on this device fill what is left, oldest save first
  for (const { group } of await db.offlineGroups.orderBy('savedAt').toArray()) {
    if (followed.length >= MAX_GROUPS) break;
    if (group && !followed.includes(group)) followed.push(group);
  }
  followed.sort();
  const inFollowed = new Set(followed);
  // loose: the touched cards outside the followed groups (a card not here yet counts as loose)
  const touched = [...cards];
  const known = await db.photoCards.bulkGet(touched);
  const loose = touched.filter((_, i) => !inFollowed.has(known[i]?.group ?? ''));
  const buckets: string[][] = Array.from({ length: BUCKETS }, () => []);
  for (const id of loose.sort()) buckets[fnv(id) % BUCKETS]!.push(id);
  return {
    groups: followed,
    buckets: buckets.filter((b) => b.length).map((b) => b.slice(0, SCOPE_IDS_PER_ENTRY)),
    mine: !!userId,
  };
}

/** The pull entries of the scoped collections for `scope`, in pull order. */
export function scopedEntries(name: ScopedCollection, scope: SyncScope): PullEntry[] {
  const out: PullEntry[] = scope.groups.map((group) => ({
    key: `${name}@g:${group}`,
    name,
    group,
  }));
  for (const ids of scope.buckets) {
    out.push({ key: `${name}@ids:${fnv(ids.join(',')).toString(36)}`, name, ids });
  }
  if (name === 'exchangeList' && scope.mine) out.push({ key: `${name}@mine`, name, mine: true });
  return out;
}

/** Whether a checkpoint key belongs to a scoped entry (`photoCards@…`, `exchangeList@…`). */
export function isScopedKey(key: string): boolean {
  return SCOPED_COLLECTIONS.some((c) => key.startsWith(`${c}@`));
}

/** Whether a record of a scoped collection falls in the scope (for realtime events). */
export function inScope(
  scope: SyncScope,
  collection: ScopedCollection,
  record: Record<string, unknown>,
  cardGroup: (cardId: string) => string | undefined,
): boolean {
  const groups = new Set(scope.groups);
  const loose = new Set(scope.buckets.flat());
  if (collection === 'photoCards') {
    return groups.has(String(record['group'] ?? '')) || loose.has(String(record['id'] ?? ''));
  }
  const card = String(record['photoCard'] ?? '');
  return groups.has(cardGroup(card) ?? '') || loose.has(card);
}
