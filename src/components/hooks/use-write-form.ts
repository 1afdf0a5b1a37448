import { useId, useState, type FormEvent } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { InvalidInputError, LoginRequiredError } from '@/domains/tables/lazy';
import { writeKeyHandler } from '@/components/ui/write-keys';
import { useLoginPrompt } from './use-login-prompt';

interface WriteFormOptions {
  /** Over the length limit: the button is off and a submit does nothing (the field says why). */
  isOver: (text: string) => boolean;
  /** The message that stops a write before it is made (blank text), or null. */
  check: (text: string) => string | null;
  /** Writes the text (to the local store and the outbox). */
  save: (text: string) => Promise<unknown>;
  /** After a write: the field is already empty. */
  onSaved: () => void;
  /** Any failure but a lost session (asks to log in) and refused input (shown under the field). */
  onFailure: (err: unknown) => void;
}

/**
 * The logic of a write form (a post, a comment): the text, its error and the busy flag, and the
 * submit, the Enter keys and the login prompt of a logged-out fan (see writeKeyHandler).
 */
export function useWriteForm({ isOver, check, save, onSaved, onFailure }: WriteFormOptions) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const askLogin = useLoginPrompt();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const over = isOver(text);

  async function submit() {
    if (!loggedIn) return askLogin();
    if (busy || over) return;
    const problem = check(text);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await save(text);
      setText('');
      setError(null);
      onSaved();
    } catch (err) {
      if (err instanceof LoginRequiredError) void askLogin();
      else if (err instanceof InvalidInputError) setError(err.message);
      else onFailure(err);
    } finally {
      setBusy(false);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return {
    handleSubmit,
    /** The text field's props. */
    field: {
      id,
      value: text,
      onChange(value: string) {
        setText(value);
        setError(null);
      },
      error,
      readOnly: !loggedIn,
      onClick: loggedIn ? undefined : () => void askLogin(),
      onKeyDown: writeKeyHandler(loggedIn, askLogin, submit),
    },
    /** Logged out the button stays on: pressing it asks to log in. */
    submitDisabled: loggedIn && (over || busy),
  };
}
