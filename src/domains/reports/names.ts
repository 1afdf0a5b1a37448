/**
 * The names this domain's outbox rows are stored with (docs/sync.md, The outbox): rows written by
 * one app version are read by the next, so these strings never change. No runtime imports, so the
 * entry bundle and the screens can name a kind without loading its payload checks.
 */

/** The domain's kinds of queued change, by the name stored in their outbox rows. */
export const KINDS = {
  reportCreate: 'report.create',
  reportDelete: 'report.delete',
  /** A 신고 of an exchange post or a meetup comment (docs/operators.md, Moderation). */
  contentReport: 'report.content',
} as const;
