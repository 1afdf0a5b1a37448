/**
 * Record shapes of the PocketBase collections, as the client stores them in Dexie.
 *
 * Names follow the server collections one to one (see pb_migrations/). Every record read from
 * the network or from storage goes through `parseRecord`, which checks it against the schema and
 * drops (and logs) anything malformed instead of letting it crash a screen.
 */
import * as v from 'valibot';

const base = {
  id: v.string(),
  created: v.string(),
  updated: v.string(),
};
const str = v.optional(v.string(), '');
const ids = v.optional(v.array(v.string()), []);
const num = v.optional(v.nullable(v.number()), null);

export const groupSchema = v.object({
  ...base,
  groupName: v.string(),
  /**
   * The group's Korean name (라이즈 for RIIZE), for search (docs/product-rules.md, Search); copies
   * stored before it existed lack it.
   */
  groupNameKo: v.optional(v.string()),
  logoImage: str,
  /** How many cards the group has, kept by the server (docs/data-model.md, `groups`). */
  cardCount: v.optional(v.number(), 0),
});

export const photoCardSchema = v.object({
  ...base,
  group: v.string(),
  cardImg: str,
  /** The card's back (docs/data-model.md, `photoCards`); copies stored before it lack it. */
  cardBackImg: v.optional(v.string()),
  logoImage: str,
  groupName: v.string(),
  memberName: str,
  memberNameEn: str,
  title: str,
  label: str,
  likeCount: v.optional(v.number(), 0),
  exchangeList: ids,
  /**
   * Taken out of the catalogue by an admin (docs/operators.md, Catalogue management): still here
   * for what names it, left out of every list and search. Copies stored before it lack it.
   */
  hidden: v.optional(v.boolean()),
  /** A merged card's survivor (the card it was merged into); '' or missing for the rest. */
  mergedInto: v.optional(v.string()),
});

/** Public profile fields only: other users' emails are never sent to the client. */
export const userSchema = v.object({
  ...base,
  name: str,
  username: str,
  avatar: str,
  email: v.optional(v.string()),
  biasGroup: str,
  likeList: ids,
  collectBook: ids,
  exchangeStatus: ids,
  birth: str,
  phoneNumber: str,
  role: str,
  verified: v.optional(v.boolean()),
  /**
   * The list-level 공개 switch of the have and want lists (docs/trades.md). Optional, like the
   * two below: copies stored before trades existed lack them (read as false and 0).
   */
  tradePublic: v.optional(v.boolean()),
  /** Hook-kept: completed trades. */
  tradesCompleted: v.optional(v.number()),
  /** The first-login 최애 step was answered (docs/accounts.md, First login). */
  biasStepDone: v.optional(v.boolean()),
});

export const collectBookSchema = v.object({
  ...base,
  users: v.string(),
  title: v.string(),
  group: str,
  thumbNail: str,
  cardInfo: ids,
  /** 나만 보기 (false) / 자랑하기 (true): a public book makes its trade items public. */
  isPublic: v.optional(v.boolean()),
  /** The cover: one of the book's cards, or empty (docs/data-model.md, `collectBook`). */
  cover: v.optional(v.string()),
  /** The place on the profile shelf, lowest first; equal places keep creation order. */
  shelfOrder: v.optional(v.number()),
});

export const EXCHANGE_STATUSES = ['교환대기중', '교환중', '교환완료'] as const;

/** 교환, 양도, 구함 (docs/data-model.md, `exchangeList`). */
export const POST_TYPES = ['exchange', 'sell', 'want'] as const;
/** 준등기, 반값택배, 일반택배, 직거래. */
export const SHIPPING_METHODS = ['semi', 'half', 'parcel', 'meet'] as const;
/** The 반값택배 chains: GS25, CU, 세븐일레븐. */
export const CVS_CHAINS = ['gs25', 'cu', 'seven'] as const;

export const exchangePostSchema = v.object({
  ...base,
  writer: v.string(),
  photoCard: v.string(),
  description: v.string(),
  status: v.picklist(EXCHANGE_STATUSES),
  chatContent: str,
  /**
   * The post's terms (docs/product-rules.md, Exchange posts). Optional: copies stored before they
   * existed lack them, and a missing type reads as `exchange` (src/domains/posts/terms.ts).
   */
  postType: v.optional(v.union([v.picklist(POST_TYPES), v.literal('')])),
  price: v.optional(v.number()),
  shipping: v.optional(v.array(v.picklist(SHIPPING_METHODS))),
  cvs: v.optional(v.union([v.picklist(CVS_CHAINS), v.literal('')])),
  meetPlace: v.optional(v.string()),
  photos: v.optional(v.array(v.string())),
  /**
   * Hidden by an admin (docs/operators.md, Moderation): still synced, shown as a notice in its
   * place. Optional: copies stored before moderation lack it.
   */
  hidden: v.optional(v.boolean()),
});

export const meetUpSchema = v.object({
  ...base,
  eventTitle: v.string(),
  cafeName: str,
  address: str,
  date: str,
  startDate: str,
  endDate: str,
  lat: num,
  lng: num,
  artistName: str,
  artistImg: str,
  eventImg: ids,
  source: str,
  basicGift: str,
  desertGift: str,
  priorityGift: str,
  firstHashtag: str,
  secondHashtag: str,
  group: str,
  comments: ids,
});

export const commentSchema = v.object({
  ...base,
  name: v.string(),
  ment: str,
  meetUp: v.string(),
  /**
   * Hidden by an admin (docs/operators.md, Moderation): still synced, shown as a notice in its
   * place. Optional: copies stored before moderation lack it.
   */
  hidden: v.optional(v.boolean()),
});

export const likeSchema = v.object({
  ...base,
  user: v.string(),
  photoCard: v.string(),
});

export const reportSchema = v.object({
  ...base,
  user: v.string(),
  type: v.picklist(['phoca', 'meetup']),
  group: str,
  artistName: str,
  phocaType: str,
  phocaTitle: str,
  phocaImg: str,
  meetUpImg: str,
  cafeName: str,
  cafeAddress: str,
  meetUpDuration: str,
  SourceURL_: str,
});

export const notificationSchema = v.object({
  ...base,
  user: v.string(),
  topic: str,
  title: str,
  body: str,
  url: str,
  read: v.optional(v.boolean(), false),
  sentAt: str,
  /** When its latest event happened (a chat alert is brought up to date by each message). */
  at: str,
});

// Trades (docs/trades.md, Collections): have and want lists, conversations and their messages,
// proposals, reviews, blocks and chat reports. Each is readable only by the fans it concerns.

export const TRADE_ITEM_KINDS = ['have', 'want'] as const;

export const tradeItemSchema = v.object({
  ...base,
  user: v.string(),
  photoCard: v.string(),
  kind: v.picklist(TRADE_ITEM_KINDS),
  /** `have`: spare copies, at least 1; `want`: 0. */
  spare: v.optional(v.number(), 0),
  /** The collect book the item was added from. */
  book: str,
});

export const conversationSchema = v.object({
  ...base,
  /** The two fans, `a` < `b` by id. */
  a: v.string(),
  b: v.string(),
  photoCard: str,
  post: str,
  trade: str,
  aReadAt: str,
  bReadAt: str,
  lastMessage: str,
  lastMessageAt: str,
  lastSender: str,
});

export const messageSchema = v.object({
  ...base,
  conversation: v.string(),
  sender: v.string(),
  text: str,
  image: str,
  /**
   * Hidden by an admin (docs/operators.md, Moderation): still synced, shown as a notice in its
   * place. Optional: copies stored before moderation lack it.
   */
  hidden: v.optional(v.boolean()),
});

export const TRADE_STATUSES = [
  'proposed',
  'accepted',
  'declined',
  'cancelled',
  'countered',
  'completed',
] as const;

export const tradeSchema = v.object({
  ...base,
  proposer: v.string(),
  receiver: v.string(),
  /** What the proposer gives. */
  give: ids,
  /** What the proposer gets. */
  get: ids,
  message: str,
  status: v.picklist(TRADE_STATUSES),
  proposerDone: v.optional(v.boolean(), false),
  receiverDone: v.optional(v.boolean(), false),
  counterOf: str,
  conversation: str,
  // the shipping step of an accepted trade, one set per side (docs/trades.md, Shipping); copies
  // stored before it lack them
  proposerShip: v.optional(v.string()),
  receiverShip: v.optional(v.string()),
  /** Where that side wants the cards sent: readable by the two sides only, cleared later. */
  proposerAddress: v.optional(v.string()),
  receiverAddress: v.optional(v.string()),
  proposerCarrier: v.optional(v.string()),
  receiverCarrier: v.optional(v.string()),
  proposerTracking: v.optional(v.string()),
  receiverTracking: v.optional(v.string()),
  /** 받았어요: the other side's cards arrived. */
  proposerReceived: v.optional(v.boolean()),
  receiverReceived: v.optional(v.boolean()),
  completedAt: v.optional(v.string()),
  /**
   * Up to 3 photos of the real card and its packing, set with the proposal only; protected files
   * (a file token of one of the two sides). Copies stored before they existed lack them.
   */
  photos: v.optional(v.array(v.string())),
});

export const SHIP_METHODS = ['semi', 'half', 'parcel', 'meet'] as const;
export type ShipMethod = (typeof SHIP_METHODS)[number];
export const CARRIERS = [
  'epost',
  'cj',
  'lotte',
  'hanjin',
  'logen',
  'gs25',
  'cu',
  'seven',
  'other',
] as const;
export type Carrier = (typeof CARRIERS)[number];

export const REVIEW_RATINGS = ['good', 'bad'] as const;

export const reviewSchema = v.object({
  ...base,
  trade: v.string(),
  author: v.string(),
  subject: str,
  rating: v.picklist(REVIEW_RATINGS),
  text: str,
  /** Review tags (docs/trades.md, `reviews`); copies stored before them lack them. */
  tags: v.optional(v.array(v.string())),
});

export const blockSchema = v.object({
  ...base,
  user: v.string(),
  blocked: v.string(),
});

export const chatReportSchema = v.object({
  ...base,
  reporter: v.string(),
  target: v.string(),
  message: str,
  reason: str,
  evidence: str,
  /**
   * A 신고 of an exchange post or a meetup comment instead of a message (docs/operators.md,
   * Moderation), and where the admins' queue has it. Optional: older copies lack them.
   */
  post: v.optional(v.string()),
  comment: v.optional(v.string()),
  status: v.optional(v.string()),
});

// 만난 팬 (docs/encounters.md): a fan's own record of another fan met at an event, readable only
// by its owner.

export const encounterSchema = v.object({
  ...base,
  user: v.string(),
  /** The fan met. */
  fan: v.string(),
  /** The name their trade code showed. */
  fanName: v.string(),
  /** The event (meetUps) where they met, if one was picked. */
  meetup: str,
  /** Cards on my want list that they have. */
  theyHave: ids,
  /** Cards on my have list that they want. */
  theyWant: ids,
  note: str,
  metAt: v.string(),
});

// 공지사항 (docs/data-model.md, notices): written by admins, read by everyone.

export const noticeSchema = v.object({
  ...base,
  title: v.string(),
  body: v.string(),
  /** When it was published (a PocketBase time stamp); what the new dot compares. */
  published: str,
  pinned: v.optional(v.boolean(), false),
});

export const recordSchemas = {
  groups: groupSchema,
  photoCards: photoCardSchema,
  users: userSchema,
  collectBook: collectBookSchema,
  exchangeList: exchangePostSchema,
  meetUps: meetUpSchema,
  comments: commentSchema,
  likes: likeSchema,
  informUs: reportSchema,
  notifications: notificationSchema,
  tradeItems: tradeItemSchema,
  conversations: conversationSchema,
  messages: messageSchema,
  trades: tradeSchema,
  reviews: reviewSchema,
  blocks: blockSchema,
  chatReports: chatReportSchema,
  encounters: encounterSchema,
  notices: noticeSchema,
} as const;

export type SyncedCollection = keyof typeof recordSchemas;
export type RecordOf<C extends SyncedCollection> = v.InferOutput<(typeof recordSchemas)[C]>;

export type Group = RecordOf<'groups'>;
export type PhotoCard = RecordOf<'photoCards'>;
export type UserProfile = RecordOf<'users'>;
export type CollectBook = RecordOf<'collectBook'>;
export type ExchangePost = RecordOf<'exchangeList'>;
export type MeetUp = RecordOf<'meetUps'>;
export type Comment = RecordOf<'comments'>;
export type Like = RecordOf<'likes'>;
export type Report = RecordOf<'informUs'>;
export type AppNotification = RecordOf<'notifications'>;
export type TradeItem = RecordOf<'tradeItems'>;
export type TradeItemKind = TradeItem['kind'];
export type Conversation = RecordOf<'conversations'>;
export type Message = RecordOf<'messages'>;
export type Trade = RecordOf<'trades'>;
export type TradeStatus = Trade['status'];
export type Review = RecordOf<'reviews'>;
export type ReviewRating = Review['rating'];
export type Block = RecordOf<'blocks'>;
export type ChatReport = RecordOf<'chatReports'>;
export type Encounter = RecordOf<'encounters'>;
export type Notice = RecordOf<'notices'>;

/** Checks one record; returns null (and logs) when it does not match its collection's schema. */
export function parseRecord<C extends SyncedCollection>(
  collection: C,
  raw: unknown,
): RecordOf<C> | null {
  const result = v.safeParse(recordSchemas[collection], raw);
  if (result.success) return result.output as RecordOf<C>;
  console.warn(`[data] dropped malformed ${collection} record`, result.issues[0]?.message);
  return null;
}
