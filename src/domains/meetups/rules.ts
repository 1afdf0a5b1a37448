/**
 * The comment rule a form checks as the fan types, with no Dexie and no SDK, so the form can show
 * it before the data layer has loaded. The write applies it again, and the server hooks mirror it
 * (docs/product-rules.md, Comments).
 */

/** A meetup comment's longest text, in characters. */
export const COMMENT_MAX_LENGTH = 500;
