/** Comments on a meetup. */
import { ko } from '@/i18n/ko.ts';
import { isBlank } from '@/lib/text.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { commentCreate, commentDelete } from './kinds.ts';
import { meetupsKo } from './ko.ts';
import { pbTimestamp } from '@/data/time.ts';
import { InvalidInputError, queueMutation } from '@/data/writes/queue.ts';
import { COMMENT_MAX_LENGTH } from './rules.ts';

export { COMMENT_MAX_LENGTH };

/** Writes a comment; returns its id. */
export async function createComment(
  meetUp: string,
  text: string,
  db: AppDB = defaultDb,
): Promise<string> {
  const ment = text.trim();
  if (isBlank(ment)) throw new InvalidInputError(ko.sync.commentEmpty);
  if (Array.from(ment).length > COMMENT_MAX_LENGTH)
    throw new InvalidInputError(ko.sync.commentTooLong);
  const p = await queueMutation(
    commentCreate,
    ({ userId }) => ({ id: newRecordId(), name: userId, meetUp, ment, createdAt: pbTimestamp() }),
    db,
  );
  return p!.id;
}

/**
 * Deletes one of the signed-in fan's own comments (docs/product-rules.md, Comments). Another
 * fan's comment, or one not here, is refused before anything is queued.
 */
export async function deleteComment(id: string, db: AppDB = defaultDb): Promise<void> {
  await queueMutation(
    commentDelete,
    async ({ db, userId }) => {
      const comment = await db.comments.get(id);
      if (!comment || comment.name !== userId)
        throw new InvalidInputError(meetupsKo.rules.commentNotOwn);
      return { id, meetUp: comment.meetUp };
    },
    db,
  );
}
