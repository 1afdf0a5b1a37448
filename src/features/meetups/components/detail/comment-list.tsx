import { memo, useMemo } from 'react';
import { PendingMark } from '@/components/ui/pending-mark';
import type { Comment } from '@/data/pb/records';
import { recordKey } from '@/data/outbox/names';
import { pbTimestampMs } from '@/data/time';
import { ko } from '@/i18n/ko-features';
import { relativeTime } from '@/lib/relative-time';
import { usePublicProfiles, type PublicProfile } from '@/components/live/accounts';
import { WriterAvatar } from '@/components/ui/writer-avatar';
import { useNow } from '@/components/hooks/use-now';
import { useFailedKeys, usePendingKeys } from '@/components/live/sync';
import byline from '@/components/ui/byline.module.css';
import styles from './comments.module.css';

// Relative times change by the minute; a 30 s tick keeps them at most half a minute behind.
const TICK_MS = 30_000;

/** An event's comments, newest first (the order useCommentsOfMeetUp reads them in). */
export function CommentList({ comments }: { comments: Comment[] }) {
  const authorIds = useMemo(() => comments.map((c) => c.name), [comments]);
  const authors = usePublicProfiles(authorIds);
  const pending = usePendingKeys();
  const failed = useFailedKeys();
  const now = useNow(TICK_MS);

  if (comments.length === 0) {
    return <p className={styles.empty}>{ko.meetupDetail.noComments}</p>;
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
  const name = author ? author.username || author.name : ko.common.loadingWriter;
  const createdMs = pbTimestampMs(comment.created);
  return (
    <li
      className={styles.comment}
      data-testid="meetup-comment"
      data-comment-id={comment.id}
      aria-label={ko.meetupDetail.commentBy(name)}
    >
      <div className={byline.head}>
        <WriterAvatar writer={author} />
        <div className={byline.who}>
          <span className={byline.name} data-testid="comment-author">
            {name}
          </span>
          {Number.isNaN(createdMs) ? null : (
            <time
              className={byline.time}
              dateTime={new Date(createdMs).toISOString()}
              data-testid="comment-time"
            >
              {relativeTime(createdMs, now)}
            </time>
          )}
        </div>
        {sync === 'sent' ? null : <PendingMark variant={sync} />}
      </div>
      <p className={byline.text} data-testid="comment-text">
        {comment.ment}
      </p>
    </li>
  );
});
