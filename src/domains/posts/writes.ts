/**
 * Exchange posts (교환 글): write, edit, move through the statuses, delete. The same rules as the
 * server (pb_hooks/guards.pb.js) are checked first, so a fan gets the product's message at once (docs/product-rules.md, Exchange posts).
 */
import { ko } from '@/i18n/ko.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { postCreate, postDelete, postUpdate } from './kinds.ts';
import type { ExchangePost } from '@/data/pb/records.ts';
import { pbTimestamp } from '@/data/time.ts';
import { InvalidInputError, LoginRequiredError, queueMutation } from '@/data/writes/queue.ts';
import { checkPostText, POST_MAX_LENGTH } from './rules.ts';

export { checkPostText, POST_MAX_LENGTH };

function assertText(text: string): string {
  const problem = checkPostText(text);
  if (problem) throw new InvalidInputError(problem);
  return text.trim();
}

/** Writes a post on a card; returns its id. */
export async function createPost(
  photoCard: string,
  text: string,
  db: AppDB = defaultDb,
): Promise<string> {
  const description = assertText(text);
  const p = await queueMutation(
    postCreate,
    ({ userId }) => ({
      id: newRecordId(),
      writer: userId,
      photoCard,
      description,
      createdAt: pbTimestamp(),
    }),
    db,
  );
  return p!.id;
}

async function ownPost(db: AppDB, id: string, userId: string): Promise<ExchangePost> {
  const post = await db.exchangeList.get(id);
  if (!post) throw new InvalidInputError(ko.messages.exchangeEditFailed);
  const me = await db.users.get(userId);
  if (post.writer !== userId && me?.role !== 'admin') throw new LoginRequiredError();
  return post;
}

/** Edits a post's text (the writer or an admin). */
export async function editPost(id: string, text: string, db: AppDB = defaultDb): Promise<void> {
  const description = assertText(text);
  await queueMutation(
    postUpdate,
    async ({ db, userId }) => {
      await ownPost(db, id, userId);
      return { id, description };
    },
    db,
  );
}

/** Moves a post to another status (교환대기중 → 교환중 → 교환완료); only its writer may. */
export async function setPostStatus(
  id: string,
  status: ExchangePost['status'],
  db: AppDB = defaultDb,
): Promise<void> {
  await queueMutation(
    postUpdate,
    async ({ db, userId }) => {
      const post = await ownPost(db, id, userId);
      if (post.writer !== userId) throw new LoginRequiredError();
      return post.status === status ? null : { id, status };
    },
    db,
  );
}

/** Deletes a post (the writer or an admin). */
export async function deletePost(id: string, db: AppDB = defaultDb): Promise<void> {
  await queueMutation(
    postDelete,
    async ({ db, userId }) => {
      await ownPost(db, id, userId);
      return { id };
    },
    db,
  );
}
