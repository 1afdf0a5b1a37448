import { Link } from '@tanstack/react-router';
import { memo, useId, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import type { ExchangePost } from '@/data/pb/records';
import { checkPostText, InvalidInputError, loadRepos } from '@/data/writes/lazy';
import { ko } from '@/i18n/ko-features';
import type { PublicProfile } from '@/components/live/accounts';
import { isOverLimit, postErrorMessage, type PostStatus } from './post-errors';
import { StatusChip, StatusSelect } from './post-status';
import { PostTextField } from './post-text-field';
import { BylineHead } from '@/components/ui/byline';
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

/** One exchange post: writer, time, status, text, and what the viewer may do with it. */
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
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const fieldId = useId();
  const canModify = own || admin;
  const name = writer ? writer.name || writer.username : ko.common.loadingWriter;

  function startEdit() {
    setDraft(post.description);
    setError(null);
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
    if (problem) return setError(problem);
    if (draft.trim() === post.description) return stopEdit();
    try {
      await (await loadRepos()).editPost(post.id, draft);
      toast.success(ko.messages.exchangeEdited);
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
      toast.success(ko.messages.exchangeDeleted);
    } catch (err) {
      toast.error(postErrorMessage(err, ko.messages.exchangeDeleteFailed, loggedIn));
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
        <StatusChip status={post.status} />
      </BylineHead>

      {editing ? (
        <form
          className={styles.editForm}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
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
          <p className={byline.text} data-testid="post-description">
            {post.description}
          </p>
          <div className={styles.actions}>
            {own ? <StatusSelect status={post.status} onChange={changeStatus} /> : null}
            {own ? null : (
              <Link to="/chatting" className={`${styles.button} ${styles.chat}`}>
                {ko.exchange.chat}
              </Link>
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
    </li>
  );
});
