import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { useObjectUrl } from '@/live/use-object-url';
import { CloseIcon } from '@/components/ui/icons';
import { InvalidInputError, loadRepos } from '@/domains/tables/lazy';
import { checkMessage, MESSAGE_PHOTO_TYPES } from '@/domains/trades/rules';
import { koChat } from '@/features/chat/ko';
import { usePhotoChoice } from '@/features/chat/hooks/use-photo-choice';
import { writeErrorText } from '@/features/chat/write-errors';
import { PhotoIcon, SendIcon } from './chat-icons';
import styles from './composer.module.css';
import { useBottomBarHeight } from '@/components/hooks/use-bottom-bar-height';

const c = koChat.chat;

export interface ComposerProps {
  conversationId: string;
  /** After a message is queued (the thread scrolls to it). */
  onSent?: () => void;
}

/**
 * The thread's composer: a text field (Enter sends, Shift+Enter is a new line; never while an
 * input method is composing a Korean syllable) and a photo button with the upload byte checks.
 * A message shows in the thread the moment it is queued (sendMessage), offline too.
 */
export function Composer({ conversationId, onSent }: ComposerProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const photo = usePhotoChoice();
  const preview = useObjectUrl(photo.photo);
  const field = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();
  useBottomBarHeight(form);
  const shownError = photo.error ?? error;

  async function send() {
    if (sending) return;
    const problem = checkMessage(text, photo.photo);
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    try {
      await (await loadRepos()).sendMessage(conversationId, text, photo.photo);
      setText('');
      setError(null);
      photo.clear();
      onSent?.();
    } catch (err) {
      if (err instanceof InvalidInputError) setError(err.message);
      else toast.error(writeErrorText(err, c.sendFailed));
    } finally {
      setSending(false);
      field.current?.focus();
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void send();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void send();
  }

  const empty = !text.trim() && !photo.photo;
  return (
    <form
      ref={form}
      className={styles.composer}
      onSubmit={onSubmit}
      noValidate
      data-testid="composer"
    >
      {shownError ? (
        <p className={styles.error} id={errorId} role="alert">
          {shownError}
        </p>
      ) : null}
      {preview ? (
        <div className={styles.preview}>
          <img src={preview} alt={c.photoPreviewAlt} className={styles.previewImage} />
          <button
            type="button"
            className={styles.removePhoto}
            onClick={photo.clear}
            aria-label={c.removePhoto}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ) : null}
      <div className={styles.row}>
        <label className={styles.photoButton}>
          <input
            className="visually-hidden"
            type="file"
            accept={MESSAGE_PHOTO_TYPES.join(',')}
            aria-label={c.attachPhoto}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              // lets the same file be chosen again after a refusal
              e.target.value = '';
              setError(null);
              void photo.choose(chosen);
            }}
            data-testid="composer-photo"
          />
          <PhotoIcon />
        </label>
        <textarea
          ref={field}
          className={styles.field}
          rows={1}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={c.composerPlaceholder}
          aria-label={c.composerLabel}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : undefined}
          enterKeyHint="send"
          data-testid="composer-text"
        />
        <button
          type="submit"
          className={styles.send}
          disabled={empty || sending}
          aria-label={c.send}
          data-testid="composer-send"
        >
          <SendIcon />
        </button>
      </div>
    </form>
  );
}
