import { useId, useState, type FormEvent } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { toast } from '@/components/ui/toast';
import {
  COMMENT_MAX_LENGTH,
  InvalidInputError,
  loadRepos,
  LoginRequiredError,
  StorageFullError,
} from '@/data/writes/lazy';
import { ko } from '@/i18n/ko-features';
import { isBlank } from '@/lib/text';
import { useLoginPrompt } from '@/components/hooks/use-login-prompt';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import styles from '@/components/ui/write-form.module.css';
import { writeKeyHandler } from '@/components/ui/write-keys';

/**
 * The comment form. The comment lands in the local store at once and is queued (offline too), so
 * it is at the top of the list before the server has it; the outbox sends it once.
 *
 * Logged out, the field is read-only and a click or a keystroke in it (or the submit button) asks
 * the fan to log in ('로그인이 필요한 서비스입니다.', confirm goes to /login). Tabbing onto it does
 * not: a dialog that pops up on focus would trap a keyboard user.
 */
export function CommentForm({ meetUpId }: { meetUpId: string }) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const askLogin = useLoginPrompt();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const id = useId();
  const over = charCount(text) > COMMENT_MAX_LENGTH;

  async function submit() {
    if (!loggedIn) return askLogin();
    if (busy || over) return;
    if (isBlank(text)) {
      setError(ko.sync.commentEmpty);
      return;
    }
    setBusy(true);
    try {
      await (await loadRepos()).createComment(meetUpId, text);
      setText('');
      setError(null);
      setAnnounce(ko.meetupDetail.commentPosted);
    } catch (err) {
      if (err instanceof LoginRequiredError) void askLogin();
      else if (err instanceof InvalidInputError) setError(err.message);
      else if (err instanceof StorageFullError) toast.error(ko.sync.storageFull);
      else toast.error(ko.sync.failures.comment);
    } finally {
      setBusy(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  const handleKeyDown = writeKeyHandler(loggedIn, askLogin, submit);

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate data-testid="comment-form">
      <CountedTextField
        id={id}
        label={ko.meetupDetail.commentFormLabel}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
          setAnnounce('');
        }}
        max={COMMENT_MAX_LENGTH}
        overMessage={ko.sync.commentTooLong}
        counterLabel={ko.meetupDetail.commentCounterLabel}
        error={error}
        placeholder={ko.meetupDetail.commentPlaceholder}
        readOnly={!loggedIn}
        onClick={loggedIn ? undefined : () => void askLogin()}
        onKeyDown={handleKeyDown}
        testId="comment"
      />
      <div className={styles.actions}>
        <span className="visually-hidden" role="status">
          {announce}
        </span>
        <button
          type="submit"
          className={styles.submit}
          disabled={loggedIn && (over || busy)}
          data-testid="comment-submit"
        >
          {ko.meetupDetail.commentSubmit}
        </button>
      </div>
    </form>
  );
}
