/**
 * The public book route's answer (GET /api/pocamarket/books/{id}, pb_hooks/lib/books.js), checked
 * before the page shows it: a page any visitor opens must not trust a shape it did not make.
 */
import * as v from 'valibot';

const publicBookSchema = v.object({
  found: v.literal(true),
  id: v.string(),
  title: v.string(),
  owner: v.string(),
  group: v.string(),
  cover: v.string(),
  cards: v.array(
    v.object({
      id: v.string(),
      title: v.string(),
      memberName: v.string(),
      groupName: v.string(),
      cardImg: v.string(),
    }),
  ),
});

export type PublicBook = v.InferOutput<typeof publicBookSchema>;

/** The book, or null when the answer is not one (`found: false`: private or missing). */
export function parsePublicBook(body: unknown): PublicBook | null {
  const parsed = v.safeParse(publicBookSchema, body);
  return parsed.success ? parsed.output : null;
}
