import { ko } from '@/i18n/ko-features';
import { useCommentsOfMeetUp } from '@/components/live/meetups';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import styles from './comments.module.css';

/**
 * The event's comments: the count, the form, then the list newest first. Live from the local
 * store: a comment written here (offline too) is at the top at once, and other fans' comments
 * arrive as the sync engine's realtime writes them.
 */
export function CommentSection({ meetUpId }: { meetUpId: string }) {
  const comments = useCommentsOfMeetUp(meetUpId);
  return (
    <section
      className={styles.section}
      aria-labelledby="comment-count"
      data-testid="meetup-comments"
    >
      <h2 id="comment-count" className={styles.count} data-testid="comment-count">
        {ko.meetupDetail.commentCount(comments?.length ?? 0)}
      </h2>
      <CommentForm meetUpId={meetUpId} />
      {comments === undefined ? (
        <p className={styles.empty} role="status">
          {ko.common.loading}
        </p>
      ) : (
        <CommentList comments={comments} />
      )}
    </section>
  );
}
