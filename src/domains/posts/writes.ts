/**
 * Exchange posts (교환 글): write, edit, move through the statuses, delete. The same rules as the
 * server (pb_hooks/guards.pb.js) are checked first, so a fan gets the product's message at once
 * (docs/product-rules.md, Exchange posts).
 */
import { ko } from '@/i18n/ko.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { postCreate, postDelete, postUpdate } from './kinds.ts';
import type { ExchangePost } from '@/data/pb/records.ts';
import { pbTimestamp } from '@/data/time.ts';
import { InvalidInputError, LoginRequiredError, queueMutation } from '@/data/writes/queue.ts';
import {
  checkPostPhotos,
  checkPostTerms,
  checkPostText,
  firstProblem,
  POST_MAX_LENGTH,
} from './rules.ts';
import { normalizeTerms, sameTerms, termsOf, type PostTerms } from './terms.ts';

export { checkPostText, POST_MAX_LENGTH };

/**
 * A post as the form makes it: its text, its terms and up to three photos. A plain text is a 교환
 * post with no terms (what the app wrote before the terms existed).
 */
export interface PostDraft extends PostTerms {
  text: string;
  photos?: readonly Blob[];
}

/** An edit from the form: the text and, when the form shows them, the terms. */
export interface PostEdit extends Partial<PostTerms> {
  text: string;
}

function assertText(text: string): string {
  const problem = checkPostText(text);
  if (problem) throw new InvalidInputError(problem);
  return text.trim();
}

/** The terms as stored, after the form's rules (a shipping method required); throws the first. */
function assertTerms(t: PostTerms): PostTerms {
  const terms = normalizeTerms(t);
  const problem = firstProblem(checkPostTerms(terms));
  if (problem) throw new InvalidInputError(problem);
  return terms;
}

/** Writes a post on a card (a text, or a draft with terms and photos); returns its id. */
export async function createPost(
  photoCard: string,
  input: string | PostDraft,
  db: AppDB = defaultDb,
): Promise<string> {
  const draft = typeof input === 'string' ? { text: input } : input;
  const description = assertText(draft.text);
  const terms = 'postType' in draft ? assertTerms(draft) : null;
  const photos = 'photos' in draft && draft.photos?.length ? [...draft.photos] : null;
  if (photos) {
    const problem = checkPostPhotos(photos);
    if (problem) throw new InvalidInputError(problem);
  }
  const p = await queueMutation(
    postCreate,
    ({ userId }) => ({
      id: newRecordId(),
      writer: userId,
      photoCard,
      description,
      ...(terms ?? {}),
      ...(photos ? { photos } : {}),
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

/**
 * Edits a post's text (the writer or an admin) and, from its writer, its terms: only what changed
 * is sent, and nothing when nothing did.
 */
export async function editPost(
  id: string,
  input: string | PostEdit,
  db: AppDB = defaultDb,
): Promise<void> {
  const edit: PostEdit = typeof input === 'string' ? { text: input } : input;
  const description = assertText(edit.text);
  await queueMutation(
    postUpdate,
    async ({ db, userId }) => {
      const post = await ownPost(db, id, userId);
      const before = termsOf(post);
      const asked: PostTerms = {
        postType: edit.postType ?? before.postType,
        price: edit.price ?? before.price,
        shipping: edit.shipping ?? before.shipping,
        cvs: edit.cvs ?? before.cvs,
        meetPlace: edit.meetPlace ?? before.meetPlace,
      };
      const terms = sameTerms(normalizeTerms(asked), before) ? null : assertTerms(asked);
      // the trade terms are the writer's, as the status is (the server refuses an admin's)
      if (terms && post.writer !== userId) throw new LoginRequiredError();
      if (!terms && description === post.description) return null;
      return { id, description, ...(terms ?? {}) };
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
