/**
 * Fixtures the trade unit tests share (tests/unit/chat-writes.test.ts, trade-proposals.test.ts,
 * trades-flush.test.ts): the fans' ids, stamps of one fixed minute, whole local records of the
 * trade collections with every field, a fresh local store with a fan signed in, and a queued
 * outbox row read back into its kind and payload.
 */
import { AppDB } from '@/data/db/index.ts';
import { readMutation } from '@/data/outbox/index.ts';
import type { Conversation, Message, PhotoCard, Trade } from '@/data/pb/records.ts';
import { fakeToken } from './fake-pocketbase.ts';

// ids chosen so that ME < YOU < THEM (a conversation's `a` < `b`)
export const ME = 'usermeaaaaaaaaa';
export const YOU = 'useryouaaaaaaaa';
export const THEM = 'userzzaaaaaaaaa';

/** A PocketBase time stamp `s` seconds into 2026-03-01 10:00. */
export const at = (s: number) => `2026-03-01 10:00:${String(s).padStart(2, '0')}.000Z`;

/** A new local store (a unique name starting with `prefix`) with `user` signed in. */
export async function signedInDb(prefix: string, user = ME): Promise<AppDB> {
  const db = new AppDB(`${prefix}-${Math.random().toString(36).slice(2)}`);
  await signIn(db, user);
  return db;
}

/** Signs `user` in on `db` (the session row the write API reads). */
export function signIn(db: AppDB, user: string) {
  return db.auth.put({ key: 'session', token: fakeToken(user, 1), record: { id: user } });
}

/** The outbox in queue order. */
export const queuedRows = (db: AppDB) => db.outbox.orderBy('seq').toArray();

/** A queued row read back into its kind and checked payload (throws when it does not read). */
export function mutationOf(row: { kind: string; payload: unknown }) {
  const m = readMutation(row.kind, row.payload);
  if ('error' in m) throw new Error(m.error);
  return m;
}

/** A conversation of `a` and `b` with nothing in it yet, created at `at(0)`. */
export function conversationRecord(
  id: string,
  a: string,
  b: string,
  over: Partial<Conversation> = {},
): Conversation {
  return {
    id,
    a,
    b,
    photoCard: '',
    post: '',
    trade: '',
    aReadAt: '',
    bReadAt: '',
    lastMessage: '',
    lastMessageAt: '',
    lastSender: '',
    created: at(0),
    updated: at(0),
    ...over,
  };
}

/** A text message (its text is its id unless given). */
export function messageRecord(
  id: string,
  conversation: string,
  sender: string,
  created: string,
  text = id,
): Message {
  return { id, conversation, sender, text, image: '', created, updated: created };
}

/** A proposal from YOU to ME waiting for an answer, created at `at(1)`. */
export function tradeRecord(id: string, over: Partial<Trade> = {}): Trade {
  return {
    id,
    proposer: YOU,
    receiver: ME,
    give: ['cardaaaaaaaaaaa'],
    get: ['cardbbbbbbbbbbb'],
    message: '',
    status: 'proposed',
    proposerDone: false,
    receiverDone: false,
    counterOf: '',
    conversation: '',
    created: at(1),
    updated: at(1),
    ...over,
  };
}

/** The one group the trade-list screens' tests use. */
export const GROUP = 'g1aaaaaaaaaaaaa';

/** Photo card `n` of RIIZE, every field set, created `n` seconds into the fixed minute. */
export function cardRecord(n: number): PhotoCard {
  return {
    id: `card${String(n).padStart(11, '0')}`,
    group: GROUP,
    groupName: 'RIIZE',
    cardImg: '',
    logoImage: '',
    memberName: `멤버${n}`,
    memberNameEn: '',
    title: `카드${n}`,
    label: '',
    likeCount: 0,
    exchangeList: [],
    created: at(n),
    updated: at(n),
  };
}

/** Puts the group and its cards `ns` into the local store, as a pull would. */
export async function putCatalogue(db: AppDB, ns: number[]): Promise<void> {
  await db.groups.put({
    id: GROUP,
    groupName: 'RIIZE',
    logoImage: '',
    cardCount: 0,
    created: '',
    updated: '',
  });
  await db.photoCards.bulkPut(ns.map(cardRecord));
}

/** The element with `data-testid="id"` inside `el`, or null. */
export const byTestId = <T extends HTMLElement = HTMLElement>(el: ParentNode, id: string) =>
  el.querySelector<T>(`[data-testid="${id}"]`);
