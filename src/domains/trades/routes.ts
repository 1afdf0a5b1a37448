/**
 * The trade routes (docs/trades.md, Routes): matches, a card's traders, a fan's trust. These are
 * the only trade reads that go to the network: other fans' lists are never synced to the device.
 * The match answer is kept in the local `matches` table (per fan and card filter), so the 매칭
 * screen shows the last answer, with its time, offline; the other two are asked when shown.
 *
 * The answers' shapes are docs/trades.md's (Routes); they are read defensively (a missing count is
 * the length of its list, a malformed entry is left out), like every record read from the network.
 */
import * as v from 'valibot';
import type PocketBase from 'pocketbase';
import {
  db as defaultDb,
  matchesKey,
  type AppDB,
  type MatchFan,
  type MatchesRow,
} from '@/data/db/index.ts';
import { getClient } from '@/data/pb/client.ts';
import { REVIEW_RATINGS } from '@/data/pb/records.ts';
import { readSession } from '@/data/session/session.ts';

export const MATCHES_PATH = '/api/pocamarket/matches';
export const cardTradersPath = (cardId: string) =>
  `/api/pocamarket/cards/${encodeURIComponent(cardId)}/traders`;
export const fanTrustPath = (fanId: string) =>
  `/api/pocamarket/fans/${encodeURIComponent(fanId)}/trust`;

const ids = v.optional(v.array(v.string()), []);
const count = v.optional(v.number());

const matchEntry = v.object({
  user: v.string(),
  theyHave: ids,
  theyWant: ids,
  theyHaveCount: count,
  theyWantCount: count,
  twoWay: v.optional(v.boolean()),
  latest: v.optional(v.string(), ''),
});

function readMatches(raw: unknown): MatchFan[] {
  const answer = (raw ?? {}) as { items?: unknown };
  const list = Array.isArray(answer.items) ? answer.items : [];
  const fans: MatchFan[] = [];
  for (const entry of list) {
    const parsed = v.safeParse(matchEntry, entry);
    if (!parsed.success) continue;
    const e = parsed.output;
    const theyHaveCount = e.theyHaveCount ?? e.theyHave.length;
    const theyWantCount = e.theyWantCount ?? e.theyWant.length;
    fans.push({
      fan: e.user,
      theyHave: e.theyHave,
      theyWant: e.theyWant,
      theyHaveCount,
      theyWantCount,
      twoWay: e.twoWay ?? (theyHaveCount > 0 && theyWantCount > 0),
      latest: e.latest,
    });
  }
  return fans;
}

interface RouteOptions {
  db?: AppDB;
  /** The client to ask with (the page's by default). */
  pb?: PocketBase;
}

async function pbOf(opts: RouteOptions): Promise<PocketBase> {
  return opts.pb ?? (await getClient()).pb;
}

/**
 * Asks the match route (fans whose public lists match the signed-in fan's; `card`: only fans who
 * have or want that card) and keeps the answer for offline use. Null when nobody is signed in.
 * Throws what the SDK throws (offline, a refusal): the last answer stays.
 */
export async function refreshMatches(
  card = '',
  opts: RouteOptions = {},
): Promise<MatchesRow | null> {
  const db = opts.db ?? defaultDb;
  const session = await readSession(db);
  if (!session) return null;
  const pb = await pbOf(opts);
  const raw: unknown = await pb.send(MATCHES_PATH, {
    method: 'GET',
    ...(card ? { query: { card } } : {}),
    requestKey: null,
  });
  const row: MatchesRow = {
    key: matchesKey(session.userId, card),
    userId: session.userId,
    card,
    fans: readMatches(raw),
    fetchedAt: Date.now(),
  };
  // the fan may have signed out (or another in) while the answer was on its way
  await db.transaction('rw', db.auth, db.matches, async () => {
    if ((await readSession(db))?.userId === session.userId) await db.matches.put(row);
  });
  return row;
}

export interface CardTraders {
  /** Fans who publicly have the card. */
  have: number;
  /** Fans who publicly want it. */
  want: number;
}

const tradersAnswer = v.object({ have: count, want: count });

/** How many fans publicly have and want a card. */
export async function fetchCardTraders(
  cardId: string,
  opts: RouteOptions = {},
): Promise<CardTraders> {
  const pb = await pbOf(opts);
  const raw: unknown = await pb.send(cardTradersPath(cardId), { method: 'GET', requestKey: null });
  const parsed = v.safeParse(tradersAnswer, raw ?? {});
  const a = parsed.success ? parsed.output : {};
  return { have: a.have ?? 0, want: a.want ?? 0 };
}

const trustReview = v.object({
  id: v.string(),
  author: v.optional(v.string(), ''),
  rating: v.picklist(REVIEW_RATINGS),
  text: v.optional(v.string(), ''),
  created: v.optional(v.string(), ''),
  tags: v.optional(v.array(v.string()), []),
});
export type TrustReview = v.InferOutput<typeof trustReview>;

export interface FanTrust {
  tradesCompleted: number;
  /** The latest reviews of the fan (at most 20), newest first. */
  reviews: TrustReview[];
  /** How many of all the fan's reviews carry each tag (docs/trades.md, `reviews`). */
  tagCounts: Record<string, number>;
  /** How many of all the fan's reviews are 좋았어요 and 아쉬워요 (absent from an older server). */
  ratingCounts?: { good: number; bad: number };
  /** The fan's public have and want lists (card ids). */
  have: string[];
  want: string[];
}

const counts = v.optional(v.record(v.string(), v.number()), {});

const trustAnswer = v.object({
  tradesCompleted: v.optional(v.number(), 0),
  reviews: v.optional(v.array(v.unknown()), []),
  tagCounts: counts,
  ratingCounts: counts,
  have: ids,
  want: ids,
});

/** A fan's completed trades, latest reviews and public lists (the profile, the proposal form). */
export async function fetchFanTrust(fanId: string, opts: RouteOptions = {}): Promise<FanTrust> {
  const pb = await pbOf(opts);
  const raw: unknown = await pb.send(fanTrustPath(fanId), { method: 'GET', requestKey: null });
  const parsed = v.safeParse(trustAnswer, raw ?? {});
  const a = parsed.success
    ? parsed.output
    : { tradesCompleted: 0, reviews: [], tagCounts: {}, ratingCounts: {}, have: [], want: [] };
  const reviews: TrustReview[] = [];
  for (const r of a.reviews) {
    const review = v.safeParse(trustReview, r);
    if (review.success) reviews.push(review.output);
  }
  return {
    tradesCompleted: a.tradesCompleted,
    reviews,
    tagCounts: a.tagCounts,
    ...(Object.keys(a.ratingCounts).length
      ? { ratingCounts: { good: a.ratingCounts['good'] ?? 0, bad: a.ratingCounts['bad'] ?? 0 } }
      : {}),
    have: a.have,
    want: a.want,
  };
}
