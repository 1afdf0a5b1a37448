/**
 * The public book route's answer (GET /api/pocamarket/books/{id}, pb_hooks/lib/public-book.js),
 * checked before the page shows it: a page any visitor opens must not trust a shape it did not
 * make. The same answer draws the page on the server (src/entry-server.tsx reads it for the
 * page and embeds it in the first-screen payload under `publicBookKey`), hydrates it, and is
 * kept on the device for a book seen before (./public-book-cache.ts).
 */
import * as v from 'valibot';
import { readKey } from '@/data/live/payload';

const card = v.object({
  id: v.string(),
  title: v.string(),
  memberName: v.string(),
  groupName: v.string(),
  cardImg: v.string(),
});

const share = v.object({
  title: v.string(),
  description: v.string(),
  /** Same-origin path of the preview image. */
  image: v.string(),
  noindex: v.optional(v.boolean(), false),
});

const publicBookSchema = v.object({
  found: v.literal(true),
  id: v.string(),
  title: v.string(),
  owner: v.string(),
  group: v.string(),
  cover: v.string(),
  isPublic: v.optional(v.boolean(), true),
  /** The book's cards of its group, and the group's card count (0: no group). */
  owned: v.optional(v.number(), 0),
  total: v.optional(v.number(), 0),
  cards: v.array(card),
  /** The owner's public 구함 (want) items of the book's group, newest first, and how many. */
  want: v.optional(v.array(card), []),
  wantCount: v.optional(v.number(), 0),
  share,
});

const missingSchema = v.object({ found: v.literal(false), share });

export type PublicBook = v.InferOutput<typeof publicBookSchema>;
export type PublicBookCard = PublicBook['cards'][number];
export type SharePreview = v.InferOutput<typeof share>;

/** What the route said: the book, or that there is none to show (private or missing alike). */
export type PublicBookAnswer =
  { kind: 'book'; book: PublicBook } | { kind: 'missing'; share: SharePreview | null };

export const publicBookPath = (id: string) => `/api/pocamarket/books/${encodeURIComponent(id)}`;

/** The answer's key in the first-screen payload (a read key that names no read of the store). */
export const publicBookKey = (id: string) => readKey('publicBook', [id]);

/** The book, or null when the answer is not one (`found: false`: private or missing). */
export function parsePublicBook(body: unknown): PublicBook | null {
  const parsed = v.safeParse(publicBookSchema, body);
  return parsed.success ? parsed.output : null;
}

/** The route's answer read; null when it is neither a book nor a not-found answer. */
export function parsePublicBookAnswer(body: unknown): PublicBookAnswer | null {
  const book = parsePublicBook(body);
  if (book) return { kind: 'book', book };
  const missing = v.safeParse(missingSchema, body);
  if (missing.success) return { kind: 'missing', share: missing.output.share };
  // an answer from before previews (no `share`): still an answer
  return body && typeof body === 'object' && (body as { found?: unknown }).found === false
    ? { kind: 'missing', share: null }
    : null;
}
