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
 *   offline), local only;
 * - `cardPrints`: each card's fingerprint for the camera scan, made on this device from the card's
 *   image (docs/card-scan.md, On the device), local only.
 *
 * A schema change edits SCHEMA and raises SCHEMA_VERSION by one (never lowers it). A change that
 * must transform rows needs its own `this.version(n).upgrade(...)`, and from then on the versions
 * before it are declared again (Dexie runs an upgrade function from the version declared before it).
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
  /**
   * Sending it again as it is cannot succeed (a block stands between the two fans, the terms it
   * answers changed): the fan is offered to delete it, not to retry. Absent on older rows.
   */
  hopeless?: boolean;
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

/**
 * A card's fingerprint for the camera scan (docs/card-scan.md, On the device), made on this device
 * from the image at `image`: made again when the card's image changes. Local only.
 */
export interface CardPrintRow {
  /** The card's id. */
  card: string;
  /** The image file the print was made from (the record's `cardImg`). */
  image: string;
  /** The way it was made (`PRINT_FORMAT`; none before the first change of it). */
  format?: number;
  print: Int8Array;
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

/** The version of SCHEMA; raised by one with every change of it. */
export const SCHEMA_VERSION = 9;

/** Every table and its indexes (Dexie's schema syntax: primary key first, `&` unique). */
export const SCHEMA = {
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
  outbox: '++seq, &id, kind, recordKey, nextTryAt, userId',
  deadLetters: '++seq, id, kind, failedAt, recordKey',
  syncState: 'collection',
  auth: 'key',
  guestLikes: 'photoCard, likedAt',
  tradeItems: 'id, &[user+photoCard], [user+kind], photoCard, updated',
  conversations: 'id, &[a+b], b, updated',
  messages: 'id, [conversation+created], sender, updated',
  trades: 'id, proposer, receiver, status, counterOf, updated',
  reviews: 'id, &[trade+author], trade, subject, updated',
  blocks: 'id, &[user+blocked], user, blocked, updated',
  chatReports: 'id, reporter, message, updated',
  matches: 'key, userId',
  encounters: 'id, [user+metAt], fan, updated',
  notices: 'id, published, updated',
  cache: 'key, usedAt',
  offlineGroups: 'group, savedAt',
  cardPrints: 'card',
} as const;

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
  cardPrints!: EntityTable<CardPrintRow, 'card'>;

  constructor(name = 'pocamarket') {
    super(name);
    // The whole current schema in one declaration: Dexie (3 and later) compares the installed
    // database with it and adds or drops tables and indexes itself, so older versions need no
    // declaration of their own while none has an upgrade function (each declaration costs the
    // page's first open; eight of them took ~30 ms of a phone's main thread unthrottled).
    // What each version added, for the record: v2 the outbox's userId and the dead letters'
    // recordKey (rows wait for their own user; pending marks find them); v3 guestLikes (hearts
    // ticked while logged out, adopted at login); v4 the trades (docs/trades.md: one list item per
    // user and card, one conversation per pair, one review per trade and author, one block per
    // pair, unique like the server's indexes; `matches` caches the match route's answers); v5
    // 만난 팬 (docs/encounters.md); v6 공지사항 (docs/data-model.md, notices); v7 sync by scope's
    // cache (docs/sync.md, The cache: cards and posts outside the scope by when a screen last
    // showed them; sync/evict.ts drops what a device that held the whole catalogue no longer
    // keeps); v8 the groups saved for offline on this device (docs/sync.md, Groups saved for
    // offline); v9 the cards' fingerprints for the camera scan (docs/card-scan.md, On the device).
    this.version(SCHEMA_VERSION).stores(SCHEMA);
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
  users: {
    keepLocal: ['email', 'name', 'phoneNumber', 'birth', 'collectBook', 'tradePublic'],
    dropEmpty: ['email'],
  },
  likes: { oneRecordPer: ['user', 'photoCard'] },
  tradeItems: { oneRecordPer: ['user', 'photoCard'] },
  conversations: { oneRecordPer: ['a', 'b'], cascade: { messages: 'conversation' } },
  reviews: { oneRecordPer: ['trade', 'author'] },
  blocks: { oneRecordPer: ['user', 'blocked'] },
};
