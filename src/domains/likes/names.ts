/**
 * The names this domain's outbox rows are stored with (docs/sync.md, The outbox): rows written by
 * one app version are read by the next, so these strings never change. No runtime imports, so the
 * entry bundle and the screens can name a kind without loading its payload checks.
 */

/** The domain's kinds of queued change, by the name stored in their outbox rows. */
export const KINDS = {
  likeSet: 'like.set',
  likeUnset: 'like.unset',
} as const;

/** Likes and unlikes of one card by one user go in the order they were made (two like records). */
export function likeOrderKey(user: string, photoCard: string): string {
  return `likes:${user}:${photoCard}`;
}
