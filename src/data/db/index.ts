/**
 * The local store: a Dexie (IndexedDB) copy of every collection the UI reads, plus the sync
 * bookkeeping. Screens read only from here (useLiveQuery); writes go through data/writes, which put
 * the optimistic change and its outbox row in one `rw` transaction.
 *
 * Tables:
 * - one per PocketBase collection, same name, keyed by record id, indexed for the screens' queries;
 * - `outbox`: queued mutations, FIFO by `seq`, flushed by the page or the service worker;
 * - `deadLetters`: mutations the server refused for good (kept so nothing is dropped silently);
 * - `syncState`: delta-pull checkpoint per collection (`updated`, `id`);
 * - `auth`: the PocketBase session (token + model), readable by the service worker too;
 * - `guestLikes`: hearts ticked while logged out (local only, adopted at login);
 * - `encounters`: 만난 팬, the signed-in fan's own (docs/encounters.md);
 * - `matches`: the last answers of the match route, per user and card filter (local only, so the
 *   매칭 screen works offline: docs/trades.md, Routes);
 * - `notices`: 공지사항, public, newest first by `published` (docs/data-model.md, notices); the
 *   newest one the fan opened is kept in `syncState` under 'seen:notices' (the new dot);
 * - `offlineGroups`: the groups saved for offline on this device (docs/sync.md, Groups saved for
 *   offline), local only.
 *
 * Versions only move forward: add `this.version(n + 1)` with the change; never edit an old one.
 */
import { Dexie, type EntityTable } from 'dexie';
import type {
  AppNotification,
  Block,
  ChatReport,
  CollectBook,
  Comment,
  Conversation,
  Encounter,
  ExchangePost,
  Group,
  Like,
  MeetUp,
  Message,
  Notice,
  PhotoCard,
  Report,
  Review,
  Trade,
  TradeItem,
  UserProfile,
} from '@/data/pb/records.ts';

export interface OutboxRow {
  /** Autoincremented: the flush order. */
  seq?: number;
  /** Client id of the mutation, unique. */
  id: string;
  kind: string;
  /** `${collection}/${recordId}`: mutations of one record are sent in order. */
  recordKey: string;
  /** The user whose session queued it: sent only with that user's session. */
  userId: string;
  payload: unknown;
  createdAt: number;
  attempts: number;
  nextTryAt: number;
  lastError?: string;
  /**
   * When a flush first handed the row to the network. A row sent once may have landed (its answer
   * lost), so it is never collapsed into a later change (writes/queue.ts); an unsent one may be.
   */
  sentAt?: number;
}

export interface DeadLetterRow extends OutboxRow {
  failedAt: number;
  status: number;
  /** The Korean message shown to the user. */
  message: string;
  /** The server's own message, for the pending-changes list. */
  detail: string;
  /** When the user was told (a toast); 0 until then. */
  notifiedAt: number;
}

export interface SyncStateRow {
  collection: string;
  /** `updated` of the last record pulled. */
  updated: string;
  /** `id` of the last record pulled, tie-breaker for equal `updated`. */
  lastId: string;
  pulledAt: number;
}

/**
 * A record of a scoped collection kept outside the sync scope (docs/sync.md, The cache): read
 * from the server when a screen showed it, kept while it is among the most recently shown.
 */
export interface CacheRow {
  /** `${table}/${id}` */
  key: string;
  usedAt: number;
}

/**
 * A group saved for offline on this device (docs/sync.md, Groups saved for offline): every card
 * of it, and their posts, stay in the sync scope until it is un-saved. Local only, per device.
 */
export interface OfflineGroupRow {
  /** The group's id. */
  group: string;
  savedAt: number;
}

/** A like made while logged out: kept on this device only (docs/product-rules.md, Likes), adopted at login. */
export interface GuestLikeRow {
  photoCard: string;
  likedAt: number;
}

/** One fan of a match answer (docs/trades.md, Routes): the cards on each side, by id. */
export interface MatchFan {
  fan: string;
  /** Cards on my want list that the fan publicly has (at most 20 ids). */
  theyHave: string[];
  /** Cards on my have list that the fan publicly wants (at most 20 ids). */
  theyWant: string[];
  theyHaveCount: number;
  theyWantCount: number;
  /** Both sides have something for the other. */
  twoWay: boolean;
  /** The latest change among the matching items (a PocketBase time stamp; '' when not sent). */
  latest: string;
}

/** The key of a kept match answer: per fan and card filter (empty: every card). */
export function matchesKey(userId: string, card = ''): string {
  return `${userId}:${card}`;
}

/** The last match answer for one user and card filter, kept for offline use. */
export interface MatchesRow {
  /** `${userId}:${card}` (`card` empty: every card). */
  key: string;
  userId: string;
  card: string;
  fans: MatchFan[];
  fetchedAt: number;
}

export interface AuthRow {
  key: 'session';
  token: string;
  record: unknown;
}

export class AppDB extends Dexie {
  groups!: EntityTable<Group, 'id'>;
  photoCards!: EntityTable<PhotoCard, 'id'>;
  users!: EntityTable<UserProfile, 'id'>;
  collectBook!: EntityTable<CollectBook, 'id'>;
  exchangeList!: EntityTable<ExchangePost, 'id'>;
  meetUps!: EntityTable<MeetUp, 'id'>;
  comments!: EntityTable<Comment, 'id'>;
  likes!: EntityTable<Like, 'id'>;
  informUs!: EntityTable<Report, 'id'>;
  notifications!: EntityTable<AppNotification, 'id'>;
  tradeItems!: EntityTable<TradeItem, 'id'>;
  conversations!: EntityTable<Conversation, 'id'>;
  messages!: EntityTable<Message, 'id'>;
  trades!: EntityTable<Trade, 'id'>;
  reviews!: EntityTable<Review, 'id'>;
  blocks!: EntityTable<Block, 'id'>;
  chatReports!: EntityTable<ChatReport, 'id'>;
  encounters!: EntityTable<Encounter, 'id'>;
  notices!: EntityTable<Notice, 'id'>;
  matches!: EntityTable<MatchesRow, 'key'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  deadLetters!: EntityTable<DeadLetterRow, 'seq'>;
  syncState!: EntityTable<SyncStateRow, 'collection'>;
  auth!: EntityTable<AuthRow, 'key'>;
  guestLikes!: EntityTable<GuestLikeRow, 'photoCard'>;
  cache!: EntityTable<CacheRow, 'key'>;
  offlineGroups!: EntityTable<OfflineGroupRow, 'group'>;

  constructor(name = 'pocamarket') {
    super(name);
    this.version(1).stores({
      groups: 'id, &groupName, updated',
      photoCards: 'id, group, groupName, memberName, likeCount, created, updated',
      users: 'id, username, updated',
      collectBook: 'id, users, group, updated',
      exchangeList: 'id, photoCard, writer, status, created, updated',
      meetUps: 'id, group, startDate, updated',
      comments: 'id, meetUp, name, created, updated',
      likes: 'id, &[user+photoCard], user, photoCard, updated',
      informUs: 'id, user, updated',
      notifications: 'id, user, read, created',
      outbox: '++seq, &id, kind, recordKey, nextTryAt',
      deadLetters: '++seq, id, kind, failedAt',
      syncState: 'collection',
      auth: 'key',
    });
    // v2: outbox rows remember whose session queued them (rows of a logged-out user wait for
    // that user), and dead letters are findable by record for the pending marks.
    this.version(2).stores({
      outbox: '++seq, &id, kind, recordKey, nextTryAt, userId',
      deadLetters: '++seq, id, kind, failedAt, recordKey',
    });
    // v3: likes made while logged out stay on the device (never sent: the server counts only
    // signed-in likes) and are queued as the user's own likes when they log in.
    this.version(3).stores({
      guestLikes: 'photoCard, likedAt',
    });
    // v4: trades (docs/trades.md). One list item per user and card, one conversation per pair,
    // one review per trade and author, one block per pair: unique like the server's indexes.
    // `matches` caches the match route's answers (local only).
    this.version(4).stores({
      tradeItems: 'id, &[user+photoCard], [user+kind], photoCard, updated',
      conversations: 'id, &[a+b], b, updated',
      messages: 'id, [conversation+created], sender, updated',
      trades: 'id, proposer, receiver, status, counterOf, updated',
      reviews: 'id, &[trade+author], trade, subject, updated',
      blocks: 'id, &[user+blocked], user, blocked, updated',
      chatReports: 'id, reporter, message, updated',
      matches: 'key, userId',
    });
    // v5: 만난 팬 (docs/encounters.md), the fan's own, listed newest first.
    this.version(5).stores({
      encounters: 'id, [user+metAt], fan, updated',
    });
    // v6: 공지사항 (docs/data-model.md, notices), listed newest first.
    this.version(6).stores({
      notices: 'id, published, updated',
    });
    // v7: sync by scope (docs/sync.md, Pull by scope): the cards and posts kept outside the scope,
    // by when a screen last showed them. A device that held the whole catalogue drops what is
    // outside its scope after its next pull (sync/evict.ts); the outbox, dead letters, likes and
    // book ticks are untouched.
    this.version(7).stores({
      cache: 'key, usedAt',
    });
    // v8: groups saved for offline on this device (docs/sync.md, Groups saved for offline): they
    // join the sync scope's followed groups, oldest save first.
    this.version(8).stores({
      offlineGroups: 'group, savedAt',
    });
  }
}

/** The app's one database, shared by every screen and the service worker. */
export const db = new AppDB();

/**
 * The collections mirrored from PocketBase, in pull order (catalogues first; of the trades, blocks
 * before the conversations they hide, conversations before their messages, trades before their
 * reviews).
 */
export const SYNCED_TABLES = [
  'groups',
  'photoCards',
  'users',
  'meetUps',
  'comments',
  'exchangeList',
  'likes',
  'collectBook',
  'informUs',
  'notifications',
  'tradeItems',
  'blocks',
  'conversations',
  'messages',
  'trades',
  'reviews',
  'chatReports',
  'encounters',
  'notices',
] as const;

export type SyncedTable = (typeof SYNCED_TABLES)[number];

/**
 * How server copies of a synced table are stored, where it differs from a plain put
 * (sync/apply.ts applies these for every path that brings records: pull, realtime, a send's
 * answer, a rollback). docs/data-model.md, Local tables (Dexie).
 */
export interface SyncedTableRule {
  /**
   * Fields some answers leave out or send empty (hidden from that reader, as in realtime
   * messages): a copy without them keeps the local values.
   */
  keepLocal?: readonly string[];
  /** Of `keepLocal`: fields left out of the stored copy when neither side has a value. */
  dropEmpty?: readonly string[];
  /**
   * Fields of a unique index beside the id: one record per value. A server copy replaces a local
   * record with the same values and another id (a like of one card made on two devices).
   */
  oneRecordPer?: readonly string[];
  /**
   * Tables whose rows go with a deleted record of this one (table → the field naming it): the
   * server writes no tombstones for them (a conversation's messages, docs/trades.md).
   */
  cascade?: { readonly [T in SyncedTable]?: string };
}

export const SYNCED_TABLE_RULES: { readonly [T in SyncedTable]?: SyncedTableRule } = {
  users: { keepLocal: ['email', 'phoneNumber', 'birth', 'tradePublic'], dropEmpty: ['email'] },
  likes: { oneRecordPer: ['user', 'photoCard'] },
  tradeItems: { oneRecordPer: ['user', 'photoCard'] },
  conversations: { oneRecordPer: ['a', 'b'], cascade: { messages: 'conversation' } },
  reviews: { oneRecordPer: ['trade', 'author'] },
  blocks: { oneRecordPer: ['user', 'blocked'] },
};
