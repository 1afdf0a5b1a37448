import { Link, useNavigate } from '@tanstack/react-router';
import { memo, Suspense, useId, useRef, useState, type MouseEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { useLoginPrompt } from '@/components/hooks/use-login-prompt';
import type { ExchangePost } from '@/data/pb/records';
import {
  checkPostText,
  InvalidInputError,
  LoginRequiredError,
  loadRepos,
} from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko-features';
import { koChatPost } from '@/features/exchange/ko-chat-post';
import { nicknameOf, type PublicProfile } from '@/domains/accounts/hooks';
import { checkPostTerms, type PostTermsProblems } from '@/domains/posts/rules';
import { sameTerms, termsOf } from '@/domains/posts/terms';
import { SellSafetyNotice } from '@/components/posts/sell-safety-notice';
import { draftOf, termsOfDraft, type TermsDraft } from '@/features/exchange/post-terms-draft';
import { toastPostChange } from '@/features/exchange/post-toasts';
import { isOverLimit, postErrorMessage, type PostStatus } from './post-errors';
import { PostPhotos } from './post-photos';
import { StatusChip, StatusSelect } from './post-status';
import { PostTermsFields } from './post-terms-fields';
import { PostTermsLine } from './post-terms';
import { PostTextField } from './post-text-field';
import { BylineHead } from '@/components/ui/byline';
import { HiddenNotice } from '@/components/reports/hidden-notice';
import { LazyContentReportSheet } from '@/components/reports/lazy-report-sheet';
import { ReportButton } from '@/components/reports/report-button';
import { reportsKo } from '@/domains/reports/ko';
import byline from '@/components/ui/byline.module.css';
import styles from './post-item.module.css';

export interface PostItemProps {
  post: ExchangePost;
  /** Undefined until the writer's profile is in the local store ('로딩 중...'). */
  writer: PublicProfile | undefined;
  now: number;
  /** The signed-in user wrote it: status, edit, delete. */
  own: boolean;
  /** The signed-in user is an admin: edit and delete any post. */
  admin: boolean;
  loggedIn: boolean;
  sync: 'sent' | 'pending' | 'failed';
}

/** A plain left click, which the app handles itself (others open the link's href in a new tab). */
function plainClick(e: MouseEvent): boolean {
  return !(
    e.defaultPrevented ||
    e.button !== 0 ||
    e.metaKey ||
    e.ctrlKey ||
    e.shiftKey ||
    e.altKey
  );
}

/**
 * The proposal form's address from a post: to its writer, asking for its card
 * (docs/trades.md; the form's search params: to, give, get, card, post, counterOf, conversation).
 */
function proposeFromPost(post: ExchangePost): string {
  const search = new URLSearchParams({ to: post.writer, get: post.photoCard, post: post.id });
  return `/trades/new?${search.toString()}`;
}

/**
 * One exchange post: writer, time, status, its terms (type, price, shipping), text, photos, the
 * safety notice of a 양도 post, and what the viewer may do with it (신고 included, docs/operators.md,
 * Moderation). A post an admin hid shows a notice in their place; its writer and admins may still
 * edit or delete it.
 */
export const PostItem = memo(function PostItem({
  post,
  writer,
  now,
  own,
  admin,
  loggedIn,
  sync,
}: PostItemProps) {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const askLogin = useLoginPrompt();
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  // the terms are the writer's to edit (an admin edits the text only)
  const [terms, setTerms] = useState<TermsDraft>(() => draftOf(termsOf(post)));
  const [termErrors, setTermErrors] = useState<PostTermsProblems>({});
  const editButton = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const canModify = own || admin;
  const name = nicknameOf(writer);
  const sell = termsOf(post).postType === 'sell';
  const hidden = post.hidden === true;

  function startEdit() {
    setDraft(post.description);
    setError(null);
    setTerms(draftOf(termsOf(post)));
    setTermErrors({});
    setEditing(true);
  }

  function stopEdit() {
    setEditing(false);
    // Back to the button that opened the editor, so a keyboard user keeps their place.
    requestAnimationFrame(() => editButton.current?.focus());
  }

  async function save() {
    if (isOverLimit(draft)) return;
    const problem = checkPostText(draft);
    // the terms are checked only when changed: an older post without a shipping method keeps
    // its text editable
    const asked = own ? termsOfDraft(terms) : null;
    const changedTerms = asked && !sameTerms(asked, termsOf(post)) ? asked : null;
    const problems = changedTerms ? checkPostTerms(changedTerms) : {};
    setError(problem);
    setTermErrors(problems);
    if (problem || Object.keys(problems).length) return;
    if (draft.trim() === post.description && !changedTerms) return stopEdit();
    try {
      await (await loadRepos()).editPost(post.id, { text: draft, ...(changedTerms ?? {}) });
      toastPostChange('edited');
      stopEdit();
    } catch (err) {
      if (err instanceof InvalidInputError) setError(err.message);
      else toast.error(postErrorMessage(err, ko.messages.exchangeEditFailed, loggedIn));
    }
  }

  async function remove() {
    const ok = await confirm({
      message: ko.exchange.deleteConfirm,
      confirmLabel: ko.exchange.delete,
      destructive: true,
    });
    if (!ok) return;
    try {
      await (await loadRepos()).deletePost(post.id);
      toastPostChange('deleted');
    } catch (err) {
      toast.error(postErrorMessage(err, ko.messages.exchangeDeleteFailed, loggedIn));
    }
  }

  // 채팅: opens the fan's conversation with the writer (or the one they have), about this post and
  // its card, offline too (openConversation queues it), then the thread.
  async function openChat() {
    if (!loggedIn) return askLogin();
    try {
      const repos = await loadRepos();
      const id = await repos.openConversation(post.writer, {
        photoCard: post.photoCard,
        post: post.id,
      });
      await navigate({ to: '/chatting/$id', params: { id } });
    } catch (err) {
      if (err instanceof LoginRequiredError) return askLogin();
      toast.error(err instanceof InvalidInputError ? err.message : koChatPost.openFailed);
    }
  }

  function changeStatus(status: PostStatus) {
    loadRepos()
      .then((repos) => repos.setPostStatus(post.id, status))
      .catch((err: unknown) => {
        toast.error(postErrorMessage(err, ko.messages.exchangeEditFailed, loggedIn));
      });
  }

  return (
    <li
      className={styles.post}
      data-testid="exchange-post"
      data-post-id={post.id}
      aria-label={ko.exchange.writtenBy(name)}
    >
      <BylineHead
        writer={writer}
        name={name}
        created={post.created}
        now={now}
        sync={sync}
        nameTestId="post-writer"
      >
        {/* one status: the writer's select stands where others see the chip */}
        {own ? (
          <StatusSelect status={post.status} onChange={changeStatus} />
        ) : (
          <StatusChip status={post.status} />
        )}
      </BylineHead>

      {editing || hidden ? null : <PostTermsLine post={post} />}

      {editing ? (
        <form
          className={styles.editForm}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {own ? (
            <PostTermsFields
              id={`${fieldId}-terms`}
              value={terms}
              onChange={(next) => {
                setTerms(next);
                setTermErrors({});
              }}
              errors={termErrors}
            />
          ) : null}
          <PostTextField
            id={fieldId}
            label={ko.exchange.editLabel}
            labelVisible={false}
            value={draft}
            onChange={(value) => {
              setDraft(value);
              setError(null);
            }}
            error={error}
            autoFocus
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                stopEdit();
              }
            }}
          />
          <div className={styles.actions}>
            <button type="button" className={styles.button} onClick={stopEdit}>
              {ko.exchange.cancel}
            </button>
            <button
              type="submit"
              className={`${styles.button} ${styles.primary}`}
              disabled={isOverLimit(draft)}
              data-testid="post-save"
            >
              {ko.exchange.save}
            </button>
          </div>
        </form>
      ) : (
        <>
          {hidden ? (
            <HiddenNotice kind="post" />
          ) : (
            <>
              <p className={byline.text} data-testid="post-description">
                {post.description}
              </p>
              <PostPhotos post={post} writerName={name} />
            </>
          )}
          {/* money changes hands: the notice where the fan is about to reach the seller */}
          {sell && !own && !hidden ? <SellSafetyNotice /> : null}
          <div className={styles.actions}>
            {own || hidden ? null : (
              <>
                <a
                  href={proposeFromPost(post)}
                  className={styles.button}
                  aria-label={koChatPost.proposeLabel(name)}
                  onClick={(e) => {
                    if (!plainClick(e)) return;
                    e.preventDefault();
                    if (!loggedIn) void askLogin();
                    else void navigate({ href: proposeFromPost(post) });
                  }}
                  data-testid="post-propose"
                >
                  {koChatPost.propose}
                </a>
                {/* /chatting before the app has started (a server-rendered page); then the thread */}
                <Link
                  to="/chatting"
                  className={`${styles.button} ${styles.chat}`}
                  onClick={(e) => {
                    if (!plainClick(e)) return;
                    e.preventDefault();
                    void openChat();
                  }}
                  data-testid="post-chat"
                >
                  {ko.exchange.chat}
                </Link>
                <ReportButton
                  label={reportsKo.moderation.reportPostLabel(name)}
                  onClick={() => (loggedIn ? setReporting(true) : void askLogin())}
                />
              </>
            )}
            {canModify ? (
              <>
                <button
                  ref={editButton}
                  type="button"
                  className={styles.button}
                  onClick={startEdit}
                  data-testid="post-edit"
                >
                  {ko.exchange.edit}
                </button>
                <button
                  type="button"
                  className={`${styles.button} ${styles.danger}`}
                  onClick={() => void remove()}
                  data-testid="post-delete"
                >
                  {ko.exchange.delete}
                </button>
              </>
            ) : null}
          </div>
        </>
      )}
      {reporting ? (
        <Suspense fallback={null}>
          <LazyContentReportSheet
            item={{ post: post.id }}
            onClose={() => setReporting(false)}
            onLoginRequired={() => void askLogin()}
          />
        </Suspense>
      ) : null}
    </li>
  );
});
