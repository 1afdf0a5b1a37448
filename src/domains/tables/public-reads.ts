/**
 * The reads the server renders into the first screen (the public catalogue and posts), with the
 * table whose records their result holds (a record, a list or a map of them): the client puts
 * those records into its store as soon as the data layer loads (live.ts). `null`: a derived value,
 * nothing to store. Every other read is personal (likes, the outbox, the signed-in user's books
 * and alerts): the server renders its empty state and the client fills it in after hydration.
 *
 * Kept apart from reads.ts (which imports Dexie) so the entry bundle can consult it.
 */
import type { SyncedCollection } from '@/data/pb/records.ts';
import type { ReadName } from './reads.ts';

export const PUBLIC_READS: Partial<Record<ReadName, SyncedCollection | null>> = {
  groups: 'groups',
  groupNames: null,
  group: 'groups',
  groupByName: 'groups',
  photoCards: 'photoCards',
  photoCard: 'photoCards',
  photoCardsByIds: 'photoCards',
  postsOfCard: 'exchangeList',
  postCountOfCard: null,
  postFacetsOfCard: null,
  postsByWriter: 'exchangeList',
  post: 'exchangeList',
  meetUps: 'meetUps',
  upcomingMeetUps: 'meetUps',
  meetUp: 'meetUps',
  commentsOfMeetUp: 'comments',
  // public profiles are a subset of a user record: shown, not stored
  publicProfile: null,
  publicProfiles: null,
};

export function isPublicRead(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(PUBLIC_READS, name);
}

/**
 * Personal reads a first screen draws as empty rather than as loading: the server draws a page for
 * nobody (no hearts ticked), and a grid that waits for the fan's likes would otherwise be drawn
 * as a skeleton. After hydration they fill in from the store.
 */
export const FIRST_SCREEN_EMPTY: Partial<Record<ReadName, () => unknown>> = {
  likedCardIds: () => new Set<string>(),
};
