/**
 * The signed-in fan's standing (docs/operators.md, Moderation): whether an admin suspended or
 * banned them, until when and why, read from GET /api/pocamarket/standing (the fields are hidden
 * from every record answer, the fan's own included). Loaded on demand by the hook that shows it.
 */
import * as v from 'valibot';
import { getClient } from '@/data/pb/client.ts';

export const STANDING_PATH = '/api/pocamarket/standing';

const answer = v.object({
  banned: v.optional(v.boolean(), false),
  banReason: v.optional(v.string(), ''),
  /** ISO time the suspension ends, '' for none. */
  suspendedUntil: v.optional(v.string(), ''),
  suspendReason: v.optional(v.string(), ''),
  /** The server's Korean sentence for it ('' for a fan in good standing). */
  message: v.optional(v.string(), ''),
});
export type Standing = v.InferOutput<typeof answer>;

/** Asks the server; throws what the SDK throws (offline, a refused session). */
export async function fetchOwnStanding(): Promise<Standing> {
  const { pb } = await getClient();
  const raw: unknown = await pb.send(STANDING_PATH, { method: 'GET', requestKey: null });
  const parsed = v.safeParse(answer, raw ?? {});
  return parsed.success ? parsed.output : v.parse(answer, {});
}
