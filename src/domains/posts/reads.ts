/**
 * The exchange posts' live reads, by name, and the part of each beyond the sync scope (a card's
 * posts, one post: docs/sync.md, The cache). Joined into the app's read table by
 * src/domains/tables/reads.ts.
 */
import type { Window } from '@/domains/catalogue/windows.ts';
import {
  countExchangePostsOfCard,
  countPostFacetsOfCard,
  getExchangePost,
  listExchangePostsByWriter,
  listExchangePostsOfCard,
  listExchangePostsOfCardFiltered,
  pendingPostPhotos,
  type PostFacets,
  type PostFilter,
} from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  /** A card's newest `limit` posts: the card page's pages. */
  postsOfCard: (cardId: Id, limit: number) =>
    cardId ? listExchangePostsOfCard(cardId, limit) : Promise.resolve([]),
  postCountOfCard: (cardId: Id) => (cardId ? countExchangePostsOfCard(cardId) : Promise.resolve(0)),
  postsByWriter: (writerId: Id) =>
    writerId ? listExchangePostsByWriter(writerId) : Promise.resolve([]),
  post: (id: Id) => (id ? getExchangePost(id) : Promise.resolve(null)),
  /** A card's newest `limit` posts of one type or shipping method (the card page's chips). */
  postsOfCardFiltered: (cardId: Id, filter: PostFilter, limit: number) =>
    cardId
      ? listExchangePostsOfCardFiltered(cardId, filter, limit)
      : Promise.resolve({ posts: [], total: 0 }),
  /** The chips' counts. */
  postFacetsOfCard: (cardId: Id): Promise<PostFacets | null> =>
    cardId ? countPostFacetsOfCard(cardId) : Promise.resolve(null),
  /** A queued post's photos, until the server has them. */
  pendingPostPhotos: (id: Id) => (id ? pendingPostPhotos(id) : Promise.resolve([])),
};

export const windows: {
  [N in keyof typeof reads]?: (...args: Parameters<(typeof reads)[N]>) => Window | null;
} = {
  // the count of a card's posts is the count of that window's posts
  postCountOfCard: (id) => (id ? { kind: 'postsOfCard', card: id } : null),
  postsOfCard: (id) => (id ? { kind: 'postsOfCard', card: id } : null),
  post: (id) => (id ? { kind: 'post', id } : null),
  postsOfCardFiltered: (id) => (id ? { kind: 'postsOfCard', card: id } : null),
  postFacetsOfCard: (id) => (id ? { kind: 'postsOfCard', card: id } : null),
};

/**
 * Reads whose every value waits for their window: a count of what the store holds so far (the
 * first screen's 20 posts of a card with 25) is not an answer before the window is in.
 */
export const waitsForWindow: readonly (keyof typeof reads)[] = [
  'postCountOfCard',
  'postFacetsOfCard',
];
