import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { COMMENT_MAX_LENGTH, loadRepos, StorageFullError } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko-features';
import { isBlank } from '@/lib/text';
import { useWriteForm } from '@/components/hooks/use-write-form';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import styles from '@/components/ui/write-form.module.css';
import { meetupsKo } from '@/domains/meetups/ko.ts';
import { useOwnStanding } from '@/domains/reports/hooks';
import { StandingNotice } from '@/components/reports/standing-notice';

/**
 * The comment form. The comment lands in the local store at once and is queued (offline too), so
 * it is at the top of the list before the server has it; the outbox sends it once.
 *
 * Logged out, the field is read-only and a click or a keystroke in it (or the submit button) asks
 * the fan to log in ('로그인이 필요한 서비스입니다.', confirm goes to /login). Tabbing onto it does
 * not: a dialog that pops up on focus would trap a keyboard user.
 *
 * A suspended fan sees why and until when above it, and a submit is refused at once with the same
 * words (docs/operators.md, Moderation).
 */
export function CommentForm({ meetUpId }: { meetUpId: string }) {
  const [announce, setAnnounce] = useState('');
  const form = useWriteForm({
    isOver: (text) => charCount(text) > COMMENT_MAX_LENGTH,
    check: (text) => (isBlank(text) ? ko.sync.commentEmpty : null),
    save: async (text) => (await loadRepos()).createComment(meetUpId, text),
    onSaved: () => setAnnounce(ko.meetupDetail.commentPosted),
    onFailure: (err) =>
      toast.error(
        err instanceof StorageFullError ? ko.sync.storageFull : meetupsKo.failures.comment,
      ),
  });

  const standing = useOwnStanding();

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        if (!standing) return form.handleSubmit(e);
        e.preventDefault();
        toast.error(standing.message);
      }}
      noValidate
      data-testid="comment-form"
    >
      <StandingNotice standing={standing} />
      <CountedTextField
        {...form.field}
        label={ko.meetupDetail.commentFormLabel}
        onChange={(value) => {
          form.field.onChange(value);
          setAnnounce('');
        }}
        max={COMMENT_MAX_LENGTH}
        overMessage={ko.sync.commentTooLong}
        counterLabel={ko.meetupDetail.commentCounterLabel}
        placeholder={ko.meetupDetail.commentPlaceholder}
        testId="comment"
      />
      <div className={styles.actions}>
        <span className="visually-hidden" role="status">
          {announce}
        </span>
        <button
          type="submit"
          className={styles.submit}
          disabled={form.submitDisabled}
          data-testid="comment-submit"
        >
          {ko.meetupDetail.commentSubmit}
        </button>
      </div>
    </form>
  );
}
