import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import { ko } from '@/i18n/ko';
import styles from './counted-text-field.module.css';

/** Characters as a fan counts them: an emoji or a Hangul syllable is one (same as the repos). */
export function charCount(text: string): number {
  return Array.from(text).length;
}

export interface CountedTextFieldProps {
  id: string;
  label: string;
  /** Show the label on screen (a new post or comment) or only to screen readers (edit in place). */
  labelVisible?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** The most characters the text may have, and what to say past it. */
  max: number;
  overMessage: string;
  /** Read before the counter by screen readers ('글자 수'). */
  counterLabel: string;
  /** A refusal to show under the field (role=alert); the over-length message is built in. */
  error: string | null;
  placeholder?: string;
  readOnly?: boolean;
  rows?: number;
  autoFocus?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onClick?: (event: MouseEvent<HTMLTextAreaElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** Prefix of the test ids: `${testId}-textarea`, `-error`, `-counter`. */
  testId: string;
}

/**
 * A textarea with its 'n/max' counter (exchange posts, meetup comments). There is deliberately no
 * maxLength: a paste over the limit stays visible (so the fan can trim it), the counter turns red,
 * the limit message shows, and the form's submit button is disabled until it fits.
 */
export function CountedTextField({
  id,
  label,
  labelVisible = true,
  value,
  onChange,
  max,
  overMessage,
  counterLabel,
  error,
  placeholder,
  readOnly,
  rows = 3,
  autoFocus,
  textareaRef,
  onClick,
  onKeyDown,
  testId,
}: CountedTextFieldProps) {
  const length = charCount(value);
  const over = length > max;
  const message = over ? overMessage : error;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={labelVisible ? styles.label : 'visually-hidden'}>
        {label}
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        className={styles.textarea}
        value={value}
        rows={rows}
        placeholder={placeholder}
        readOnly={readOnly}
        // edit mode: focus moves into the field the fan chose to edit
        autoFocus={autoFocus}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${counterId} ${errorId}` : counterId}
        onChange={(e) => onChange(e.target.value)}
        onClick={onClick}
        onKeyDown={onKeyDown}
        data-testid={`${testId}-textarea`}
      />
      <div className={styles.below}>
        {message ? (
          <p id={errorId} className={styles.error} role="alert" data-testid={`${testId}-error`}>
            {message}
          </p>
        ) : (
          <span />
        )}
        <span
          id={counterId}
          className={over ? `${styles.counter} ${styles.over}` : styles.counter}
          data-testid={`${testId}-counter`}
        >
          <span className="visually-hidden">{counterLabel} </span>
          {ko.validation.postCounter(length, max)}
        </span>
      </div>
    </div>
  );
}
