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
  logoImage: str,
  photoCards: ids,
});

export const photoCardSchema = v.object({
  ...base,
  group: v.string(),
  cardImg: str,
  logoImage: str,
  groupName: v.string(),
  memberName: str,
  memberNameEn: str,
  title: str,
  label: str,
  likeCount: v.optional(v.number(), 0),
  exchangeList: ids,
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
});

export const collectBookSchema = v.object({
  ...base,
  users: v.string(),
  title: v.string(),
  group: str,
  thumbNail: str,
  cardInfo: ids,
});

export const EXCHANGE_STATUSES = ['교환대기중', '교환중', '교환완료'] as const;

export const exchangePostSchema = v.object({
  ...base,
  writer: v.string(),
  photoCard: v.string(),
  description: v.string(),
  status: v.picklist(EXCHANGE_STATUSES),
  chatContent: str,
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
