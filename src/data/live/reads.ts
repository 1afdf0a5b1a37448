/**
 * Every live read the screens make, by name: the one list that the client's live queries, the
 * server renderer and the first-screen payload agree on (see docs/first-visit.md).
 *
 * A screen asks for `useRead('photoCards', query)`; the client runs `reads.photoCards(query)` as a
 * Dexie live query, and the server renderer runs the same function against its own copy of the
 * public catalogue and embeds the result in the HTML, so the first client render equals the
 * server's markup. Only the reads listed in PUBLIC_READS are rendered on the server: the others
 * (likes, the outbox, the signed-in user's books and alerts) are personal and fill in after the
 * page has hydrated.
 *
 * This module imports Dexie (through the queries): screens reach it only by name, through the
 * lazily loaded live module (live.ts), never statically.
 */
import { getCollectBook, listCollectBooksOf } from '@/data/queries/collect-books.ts';
import {
  countExchangePostsOfCard,
  getExchangePost,
  listExchangePostsByWriter,
  listExchangePostsOfCard,
} from '@/data/queries/exchange.ts';
import { getGroup, getGroupByName, listGroups } from '@/data/queries/groups.ts';
import { pendingLikeCardIds } from '@/data/queries/like-counts.ts';
import { getLikeOfCard, listLikedCardIds, listLikedCards } from '@/data/queries/likes.ts';
import { upcomingMeetUps } from '@/lib/meetup-dates.ts';
import { getMeetUp, listCommentsOfMeetUp, listMeetUps } from '@/data/queries/meetups.ts';
import { countUnreadNotifications, listNotifications } from '@/data/queries/notifications.ts';
import {
  getPhotoCard,
  getPhotoCards,
  listPhotoCards,
  type PhotoCardQuery,
} from '@/data/queries/photo-cards.ts';
import { listReports } from '@/data/queries/reports.ts';
import { listQrCatalogue } from '@/data/trade-qr/catalogue.ts';
import {
  countDeadLetters,
  countOutbox,
  listDeadLetters,
  listFailedKeys,
  listOutboxItems,
  listPendingKeys,
  listUnnotifiedDeadLetters,
  pendingFile,
} from '@/data/queries/sync.ts';
import { getOwnProfile, getPublicProfile, getPublicProfiles } from '@/data/queries/users.ts';
import {
  countUnreadMessages,
  getConversationWith,
  getThread,
  listBlocks,
  listConversations,
} from '@/data/queries/chat.ts';
import {
  emptyTradeGroups,
  getCachedMatches,
  getTradeItemOfCard,
  getTradeLists,
  getTradeMarks,
  getTradeSummary,
  listReviewsOfTrade,
  listTradesByStatus,
} from '@/data/queries/trades.ts';
import { listEncounters } from '@/data/queries/encounters.ts';
import { getNotice, hasNewNotice, listNotices, noticesSeenAt } from '@/data/queries/notices.ts';

type Id = string | null | undefined;

export const reads = {
  // catalogue and public records
  groups: () => listGroups(),
  groupNames: async () => (await listGroups()).map((g) => g.groupName),
  group: (id: Id) => (id ? getGroup(id) : Promise.resolve(null)),
  groupByName: (name: Id) => (name ? getGroupByName(name) : Promise.resolve(null)),
  photoCards: (query: PhotoCardQuery) => listPhotoCards(query),
  photoCard: (id: Id) => (id ? getPhotoCard(id) : Promise.resolve(null)),
  photoCardsByIds: (ids: string[]) => getPhotoCards(ids),
  /** A card's newest `limit` posts: the card page's pages. */
  postsOfCard: (cardId: Id, limit: number) =>
    cardId ? listExchangePostsOfCard(cardId, limit) : Promise.resolve([]),
  postCountOfCard: (cardId: Id) => (cardId ? countExchangePostsOfCard(cardId) : Promise.resolve(0)),
  postsByWriter: (writerId: Id) =>
    writerId ? listExchangePostsByWriter(writerId) : Promise.resolve([]),
  post: (id: Id) => (id ? getExchangePost(id) : Promise.resolve(null)),
  meetUps: () => listMeetUps(),
  /** The home strip's events on `today` (YYYY-MM-DD): a few, not the whole list. */
  upcomingMeetUps: async (today: string) => upcomingMeetUps(await listMeetUps(), today),
  meetUp: (id: Id) => (id ? getMeetUp(id) : Promise.resolve(null)),
  commentsOfMeetUp: (id: Id) => (id ? listCommentsOfMeetUp(id) : Promise.resolve([])),
  publicProfile: (id: Id) => (id ? getPublicProfile(id) : Promise.resolve(null)),
  publicProfiles: (ids: string[]) => getPublicProfiles(ids),
  // personal: the signed-in user's own records and this device's queue
  ownProfile: (userId: Id) => (userId ? getOwnProfile(userId) : Promise.resolve(null)),
  likedCardIds: (userId: string | null) => listLikedCardIds(userId),
  likedCards: (userId: string | null) => listLikedCards(userId),
  likeOfCard: (userId: Id, cardId: Id) =>
    userId && cardId ? getLikeOfCard(userId, cardId) : Promise.resolve(null),
  pendingLikeCardIds: () => pendingLikeCardIds(),
  collectBooksOf: (userId: Id) => (userId ? listCollectBooksOf(userId) : Promise.resolve([])),
  collectBook: (id: Id) => (id ? getCollectBook(id) : Promise.resolve(null)),
  notifications: (userId: Id) => (userId ? listNotifications(userId) : Promise.resolve([])),
  unreadNotifications: (userId: Id) =>
    userId ? countUnreadNotifications(userId) : Promise.resolve(0),
  reports: (userId: Id) => (userId ? listReports() : Promise.resolve([])),
  outboxCount: () => countOutbox(),
  deadLetterCount: () => countDeadLetters(),
  outboxItems: () => listOutboxItems(),
  deadLetters: () => listDeadLetters(),
  unnotifiedDeadLetters: () => listUnnotifiedDeadLetters(),
  pendingKeys: () => listPendingKeys(),
  failedKeys: () => listFailedKeys(),
  pendingFile: (collection: string, id: string, field: string) =>
    pendingFile(collection, id, field),
  // personal: trades (docs/trades.md)
  tradeLists: (userId: Id) =>
    userId ? getTradeLists(userId) : Promise.resolve({ have: [], want: [] }),
  tradeItemOfCard: (userId: Id, cardId: Id) =>
    userId && cardId ? getTradeItemOfCard(userId, cardId) : Promise.resolve(null),
  tradeMarks: (userId: Id) =>
    userId ? getTradeMarks(userId) : Promise.resolve(new Map<string, 'have' | 'want'>()),
  tradesByStatus: (userId: Id) =>
    userId ? listTradesByStatus(userId) : Promise.resolve(emptyTradeGroups()),
  trade: (userId: Id, id: Id) =>
    userId && id ? getTradeSummary(id, userId) : Promise.resolve(null),
  reviewsOfTrade: (tradeId: Id) => (tradeId ? listReviewsOfTrade(tradeId) : Promise.resolve([])),
  /** Every card's id, group and created, for the trade QR codes (docs/trade-qr.md). */
  tradeQrCatalogue: () => listQrCatalogue(),
  cachedMatches: (userId: Id, card: string) =>
    userId ? getCachedMatches(userId, card) : Promise.resolve(null),
  conversations: (userId: Id) => (userId ? listConversations(userId) : Promise.resolve([])),
  thread: (userId: Id, conversationId: Id) =>
    userId && conversationId ? getThread(conversationId, userId) : Promise.resolve(null),
  unreadMessages: (userId: Id) => (userId ? countUnreadMessages(userId) : Promise.resolve(0)),
  conversationWith: (userId: Id, otherId: Id) =>
    userId && otherId ? getConversationWith(userId, otherId) : Promise.resolve(null),
  blocks: (userId: Id) => (userId ? listBlocks(userId) : Promise.resolve([])),
  // personal: 만난 팬 (docs/encounters.md)
  encounters: (userId: Id) => (userId ? listEncounters(userId) : Promise.resolve([])),
  // 공지사항 (docs/product-rules.md, Notices): public records, but never on a first screen, so
  // read like personal ones (straight from the store)
  notices: () => listNotices(),
  notice: (id: Id) => (id ? getNotice(id) : Promise.resolve(null)),
  hasNewNotice: () => hasNewNotice(),
  noticesSeenAt: () => noticesSeenAt(),
};

export type Reads = typeof reads;
export type ReadName = keyof Reads;
export type ReadArgs<N extends ReadName> = Parameters<Reads[N]>;
export type ReadResult<N extends ReadName> = Awaited<ReturnType<Reads[N]>>;
