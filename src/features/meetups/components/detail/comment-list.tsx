import { recordKey } from '@/data/outbox/names';
import { memo, Suspense, useMemo, useState } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import type { Comment } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { koViewer } from '@/i18n/ko-viewer';
import { nicknameOf, usePublicProfiles, type PublicProfile } from '@/domains/accounts/hooks';
import { BylineHead } from '@/components/ui/byline';
import { useNow } from '@/components/hooks/use-now';
import { useFailedKeys, usePendingKeys } from '@/live/sync';
import { useConfirm } from '@/components/hooks/use-confirm';
import { toast } from '@/components/ui/toast';
import { InvalidInputError, loadRepos, StorageFullError } from '@/domains/tables/lazy';
import { meetupsKo } from '@/domains/meetups/ko';
import { reportsKo } from '@/domains/reports/ko';
import { useLoginPrompt } from '@/components/hooks/use-login-prompt';
import { HiddenNotice } from '@/components/reports/hidden-notice';
import { LazyContentReportSheet } from '@/components/reports/lazy-report-sheet';
import { ReportButton } from '@/components/reports/report-button';
import byline from '@/components/ui/byline.module.css';
import panels from '@/components/ui/panels.module.css';
import styles from './comments.module.css';

// Relative times change by the minute; a 30 s tick keeps them at most half a minute behind.
const TICK_MS = 30_000;

/**
 * An event's comments, newest first (the order useCommentsOfMeetUp reads them in). Others' comments
 * can be reported (신고, docs/operators.md, Moderation); one an admin hid shows a notice instead.
 */
export function CommentList({ comments, ended = false }: { comments: Comment[]; ended?: boolean }) {
  const authorIds = useMemo(() => comments.map((c) => c.name), [comments]);
  const authors = usePublicProfiles(authorIds);
  const pending = usePendingKeys();
  const failed = useFailedKeys();
  const now = useNow(TICK_MS);
  const userId = useAtomValue(sessionUserIdAtom);

  if (comments.length === 0) {
    // an ended event invites no first comment (docs/product-rules.md, Comments)
    return (
      <p className={styles.empty}>
        {ended ? koViewer.endedComments.none : ko.meetupDetail.noComments}
      </p>
    );
  }

  return (
    <ul
      className={styles.list}
      aria-label={ko.meetupDetail.commentsLabel}
      data-testid="comment-list"
    >
      {comments.map((comment) => {
        const key = recordKey('comments', comment.id);
        return (
          <CommentItem
            key={comment.id}
            comment={comment}
            author={authors?.get(comment.name)}
            now={now}
            own={userId !== null && comment.name === userId}
            loggedIn={userId !== null}
            sync={failed.has(key) ? 'failed' : pending.has(key) ? 'pending' : 'sent'}
          />
        );
      })}
    </ul>
  );
}

interface CommentItemProps {
  comment: Comment;
  /** Undefined until the author's profile is in the local store ('로딩 중...'). */
  author: PublicProfile | undefined;
  now: number;
  /** The signed-in fan wrote it: they may delete it (docs/product-rules.md, Comments). */
  own: boolean;
  loggedIn: boolean;
  sync: 'sent' | 'pending' | 'failed';
}

const CommentItem = memo(function CommentItem({
  comment,
  author,
  now,
  own,
  loggedIn,
  sync,
}: CommentItemProps) {
  const name = nicknameOf(author);
  const confirm = useConfirm();
  const askLogin = useLoginPrompt();
  const [reporting, setReporting] = useState(false);

  async function remove() {
    const ok = await confirm({
      message: ko.meetupDetail.commentDeleteConfirm,
      confirmLabel: ko.meetupDetail.commentDelete,
      destructive: true,
    });
    if (!ok) return;
    try {
      await (await loadRepos()).deleteComment(comment.id);
      toast.success(ko.meetupDetail.commentDeleted);
    } catch (err) {
      toast.error(
        err instanceof InvalidInputError
          ? err.message
          : err instanceof StorageFullError
            ? ko.sync.storageFull
            : meetupsKo.failures.commentDelete,
      );
    }
  }

  return (
    <li
      className={styles.comment}
      data-testid="meetup-comment"
      data-comment-id={comment.id}
      aria-label={ko.meetupDetail.commentBy(name)}
    >
      <BylineHead
        writer={author}
        name={name}
        created={comment.created}
        now={now}
        sync={sync}
        nameTestId="comment-author"
        timeTestId="comment-time"
      />
      {comment.hidden ? (
        <HiddenNotice kind="comment" />
      ) : (
        <p className={byline.text} data-testid="comment-text">
          {comment.ment}
        </p>
      )}
      {!own && !comment.hidden ? (
        <div className={`${panels.actions} ${panels.end}`}>
          <ReportButton
            label={reportsKo.moderation.reportCommentLabel(name)}
            onClick={() => (loggedIn ? setReporting(true) : void askLogin())}
          />
        </div>
      ) : null}
      {reporting ? (
        <Suspense fallback={null}>
          <LazyContentReportSheet
            item={{ comment: comment.id }}
            onClose={() => setReporting(false)}
            onLoginRequired={() => void askLogin()}
          />
        </Suspense>
      ) : null}
      {own ? (
        <div className={`${panels.actions} ${panels.end}`}>
          <button
            type="button"
            className={panels.button}
            aria-label={ko.meetupDetail.commentDeleteLabel}
            onClick={() => void remove()}
            data-testid="comment-delete"
          >
            {ko.meetupDetail.commentDelete}
          </button>
        </div>
      ) : null}
    </li>
  );
});
