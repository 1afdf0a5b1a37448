import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './register.module.css';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id'
> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** The rule's message, shown and announced when set. */
  error?: string | null;
  /** A status line below the field (e.g. availability), announced politely. */
  status?: string | null;
  hint?: string;
  /** Beside the input, e.g. the '인증하기' button. */
  action?: ReactNode;
}

/** A labelled input whose hint and error are linked with aria-describedby. */
export function TextField({
  label,
  value,
  onValue,
  error,
  status,
  hint,
  action,
  ...input
}: TextFieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`, status && `${id}-status`]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        <input
          {...input}
          id={id}
          className={styles.input}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {action}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {status && (
        <p id={`${id}-status`} className={styles.status} role="status">
          {status}
        </p>
      )}
    </div>
  );
}
