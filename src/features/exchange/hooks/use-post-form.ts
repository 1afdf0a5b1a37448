import { useId, useState, type FormEvent } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import {
  checkPostText,
  InvalidInputError,
  LoginRequiredError,
  loadRepos,
} from '@/domains/tables/lazy';
import { checkPostTerms, type PostTermsProblems } from '@/domains/posts/rules';
import { useLoginPrompt } from '@/components/hooks/use-login-prompt';
import { writeKeyHandler } from '@/components/ui/write-keys';
import { isOverLimit } from '@/features/exchange/components/post-errors';
import {
  NEW_POST_TERMS,
  termsOfDraft,
  type TermsDraft,
} from '@/features/exchange/post-terms-draft';
import { usePostPhotos } from './use-post-photos';

interface PostFormOptions {
  cardId: string;
  /** After the post is queued: the form is empty again. */
  onSaved: () => void;
  /** Any failure but a lost session (asks to log in) and refused input (shown at its field). */
  onFailure: (err: unknown) => void;
}

/**
 * The new-post form's logic (docs/product-rules.md, Exchange posts): the text, the terms and the
 * photos with their messages, and the submit. Every rule is checked before anything is queued,
 * each message under its own field; logged out, any change or the submit asks to log in (as the
 * text field does, see writeKeyHandler).
 */
export function usePostForm({ cardId, onSaved, onFailure }: PostFormOptions) {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const askLogin = useLoginPrompt();
  const id = useId();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [terms, setTerms] = useState<TermsDraft>(NEW_POST_TERMS);
  const [termErrors, setTermErrors] = useState<PostTermsProblems>({});
  const photos = usePostPhotos();
  const [busy, setBusy] = useState(false);
  const over = isOverLimit(text);
  const locked = loggedIn ? undefined : () => void askLogin();

  async function submit() {
    if (!loggedIn) return askLogin();
    if (busy || over) return;
    const textProblem = checkPostText(text);
    const stored = termsOfDraft(terms);
    const problems = checkPostTerms(stored);
    setTextError(textProblem);
    setTermErrors(problems);
    // the photos held are all valid (a refused pick was never taken): its message is a note
    if (textProblem || Object.keys(problems).length) return;
    setBusy(true);
    try {
      await (await loadRepos()).createPost(cardId, { text, ...stored, photos: photos.photos });
      setText('');
      setTerms(NEW_POST_TERMS);
      photos.clear();
      onSaved();
    } catch (err) {
      if (err instanceof LoginRequiredError) void askLogin();
      else if (err instanceof InvalidInputError) setTextError(err.message);
      else onFailure(err);
    } finally {
      setBusy(false);
    }
  }

  return {
    handleSubmit(event: FormEvent) {
      event.preventDefault();
      void submit();
    },
    /** The text field's props. */
    field: {
      id,
      value: text,
      onChange(value: string) {
        setText(value);
        setTextError(null);
      },
      error: textError,
      readOnly: !loggedIn,
      onClick: loggedIn ? undefined : () => void askLogin(),
      onKeyDown: writeKeyHandler(loggedIn, askLogin, submit),
    },
    terms: {
      id: `${id}-terms`,
      value: terms,
      onChange(next: TermsDraft) {
        setTerms(next);
        setTermErrors({});
      },
      errors: termErrors,
      locked,
    },
    photos: {
      photos: photos.photos,
      error: photos.error,
      onAdd: (files: File[]) => void photos.add(files),
      onRemove: photos.remove,
      locked,
    },
    /** Logged out the button stays on: pressing it asks to log in. */
    submitDisabled: loggedIn && (over || busy),
  };
}
