import { useId, useState, type FormEvent } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { toast } from '@/components/ui/toast';
import {
  checkPostText,
  InvalidInputError,
  loadRepos,
  LoginRequiredError,
} from '@/data/writes/lazy';
import { ko } from '@/i18n/ko-features';
import { isOverLimit, postErrorMessage } from './post-errors';
import { PostTextField } from './post-text-field';
import { useLoginPrompt } from '@/components/hooks/use-login-prompt';
import styles from '@/components/ui/write-form.module.css';
import { writeKeyHandler } from '@/components/ui/write-keys';

/**
 * The new-post form on a card's detail. The write lands in the local store at once and is queued
 * (offline too), so the post shows at the top of the list before the server has it.
 *
 * Logged out, the field is read-only and a click or a keystroke in it (or the submit button)
 * asks the fan to log in. Tabbing onto it does not: a dialog that pops up on focus would trap a
 * keyboard user, since closing it hands focus straight back to the field.
 */
export function PostForm({ cardId }: { cardId: string }) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const askLogin = useLoginPrompt();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const over = isOverLimit(text);

  async function submit() {
    if (!loggedIn) return askLogin();
    if (busy || over) return;
    const problem = checkPostText(text);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await (await loadRepos()).createPost(cardId, text);
      setText('');
      setError(null);
      toast.success(ko.messages.exchangeSaved);
    } catch (err) {
      if (err instanceof LoginRequiredError) void askLogin();
      else if (err instanceof InvalidInputError) setError(err.message);
      else toast.error(postErrorMessage(err, ko.messages.exchangeSaveFailed, true));
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
    <form className={styles.form} onSubmit={handleSubmit} noValidate data-testid="post-form">
      <PostTextField
        id={id}
        label={ko.exchange.formLabel}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(null);
        }}
        error={error}
        placeholder={ko.exchange.formPlaceholder}
        readOnly={!loggedIn}
        onClick={loggedIn ? undefined : () => void askLogin()}
        onKeyDown={handleKeyDown}
      />
      <div className={styles.actions}>
        <button
          type="submit"
          className={styles.submit}
          disabled={loggedIn && (over || busy)}
          data-testid="post-submit"
        >
          {ko.exchange.submit}
        </button>
      </div>
    </form>
  );
}
