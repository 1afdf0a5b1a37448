import type { KeyboardEvent, MouseEvent, Ref } from 'react';
import { POST_MAX_LENGTH } from '../../../data/repos/index';
import { ko } from '../../../i18n/ko-features';
import { isOverLimit, postLength } from './post-errors';
import styles from './post-text-field.module.css';

export interface PostTextFieldProps {
  id: string;
  label: string;
  /** Show the label on screen (the new-post form) or only to screen readers (edit in place). */
  labelVisible?: boolean;
  value: string;
  onChange: (value: string) => void;
  /** A refusal to show under the field (role=alert); the over-length message is built in. */
  error: string | null;
  placeholder?: string;
  readOnly?: boolean;
  rows?: number;
  autoFocus?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onClick?: (event: MouseEvent<HTMLTextAreaElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/**
 * The post textarea with its 'n/150' counter. There is deliberately no maxLength: a paste longer
 * than 150 characters stays visible (so the fan can trim it), the counter turns red, the limit
 * message shows, and the form's submit button is disabled until it fits.
 */
export function PostTextField({
  id,
  label,
  labelVisible = true,
  value,
  onChange,
  error,
  placeholder,
  readOnly,
  rows = 3,
  autoFocus,
  textareaRef,
  onClick,
  onKeyDown,
}: PostTextFieldProps) {
  const over = isOverLimit(value);
  const message = over ? ko.validation.exchangeTooLong : error;
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
        data-testid="post-textarea"
      />
      <div className={styles.below}>
        {message ? (
          <p id={errorId} className={styles.error} role="alert" data-testid="post-error">
            {message}
          </p>
        ) : (
          <span />
        )}
        <span
          id={counterId}
          className={over ? `${styles.counter} ${styles.over}` : styles.counter}
          data-testid="post-counter"
        >
          <span className="visually-hidden">{ko.exchange.counterLabel} </span>
          {ko.validation.postCounter(postLength(value), POST_MAX_LENGTH)}
        </span>
      </div>
    </div>
  );
}
