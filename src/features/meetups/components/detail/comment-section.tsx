import { ko } from '@/i18n/ko-features';
import { useCommentsOfMeetUp } from '@/domains/meetups/hooks';
import { koViewer } from '@/i18n/ko-viewer';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import styles from './comments.module.css';

/**
 * The event's comments: the count, the form, then the list newest first. Live from the local
 * store: a comment written here (offline too) is at the top at once, and other fans' comments
 * arrive as the sync engine's realtime writes them.
 */
export function CommentSection({
  meetUpId,
  ended = false,
}: {
  meetUpId: string;
  /** The event has ended: a notice instead of the form. */
  ended?: boolean;
}) {
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
      {ended ? (
        // docs/product-rules.md, Comments: an ended event takes no new comments (the server
        // refuses them too); what was written stays.
        <p className={styles.ended} data-testid="comment-ended">
          {koViewer.endedComments.notice}
        </p>
      ) : (
        <CommentForm meetUpId={meetUpId} />
      )}
      {comments === undefined ? (
        <p className={styles.empty} role="status">
          {ko.common.loading}
        </p>
      ) : (
        <CommentList comments={comments} ended={ended} />
      )}
    </section>
  );
}
