import { recordKey } from '@/data/outbox/names';
import { memo, useMemo } from 'react';
import type { Comment } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { koViewer } from '@/i18n/ko-viewer';
import { nicknameOf, usePublicProfiles, type PublicProfile } from '@/domains/accounts/hooks';
import { BylineHead } from '@/components/ui/byline';
import { useNow } from '@/components/hooks/use-now';
import { useFailedKeys, usePendingKeys } from '@/live/sync';
import byline from '@/components/ui/byline.module.css';
import styles from './comments.module.css';

// Relative times change by the minute; a 30 s tick keeps them at most half a minute behind.
const TICK_MS = 30_000;

/** An event's comments, newest first (the order useCommentsOfMeetUp reads them in). */
export function CommentList({ comments, ended = false }: { comments: Comment[]; ended?: boolean }) {
  const authorIds = useMemo(() => comments.map((c) => c.name), [comments]);
  const authors = usePublicProfiles(authorIds);
  const pending = usePendingKeys();
  const failed = useFailedKeys();
  const now = useNow(TICK_MS);

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
  sync: 'sent' | 'pending' | 'failed';
}

const CommentItem = memo(function CommentItem({ comment, author, now, sync }: CommentItemProps) {
  const name = nicknameOf(author);
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
      <p className={byline.text} data-testid="comment-text">
        {comment.ment}
      </p>
    </li>
  );
});
