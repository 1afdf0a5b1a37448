/** Comments on a meetup. */
import { ko } from '@/i18n/ko.ts';
import { isBlank } from '@/lib/text.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { commentCreate } from './kinds.ts';
import { pbTimestamp } from '@/data/time.ts';
import { InvalidInputError, queueMutation } from '@/data/writes/queue.ts';

import { COMMENT_MAX_LENGTH } from '@/domains/posts/rules.ts';

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
