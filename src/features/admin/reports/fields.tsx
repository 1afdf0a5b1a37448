/**
 * The draft forms' fields (docs/operators.md, The report queue): a labelled box or choice with
 * its hint and its error (the form's own check, or the server's words for that field) said under
 * it and tied to it, so a screen reader hears why a field is refused.
 */
import type { ReactNode } from 'react';
import { charCount } from '@/components/ui/counted-text-field';
import admin from '@/features/admin/components/admin.module.css';
import { koReports } from './ko';
import styles from './reports.module.css';

/** Whether a text is longer than `max` characters (as the server counts them). */
export function over(value: string, max: number | undefined): boolean {
  return max !== undefined && charCount(value.trim()) > max;
}

interface Common {
  id: string;
  label: string;
  /** The refusal for this field, or null. */
  error: string | null;
  hint?: string;
  required?: boolean;
  testId: string;
}

function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  return (
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  );
}

function Below({
  id,
  hint,
  error,
  testId,
}: {
  id: string;
  hint?: string;
  error: string | null;
  testId: string;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          className={admin.fieldError}
          role="alert"
          data-testid={`${testId}-error`}
        >
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  max,
  type = 'text',
  inputMode,
  autoFocus,
  testId,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  max?: number;
  type?: 'text' | 'date' | 'url';
  inputMode?: 'decimal' | 'url';
  autoFocus?: boolean;
}) {
  const message = over(value, max) && max !== undefined ? koReports.tooLong(max) : error;
  return (
    <div className={admin.field}>
      <label htmlFor={id} className={admin.label}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        className={admin.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, !!hint, !!message)}
        // the form opens on the field the admin came to check first
        autoFocus={autoFocus}
        autoComplete="off"
        data-testid={testId}
      />
      <Below id={id} hint={hint} error={message} testId={testId} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  children,
  testId,
}: Common & { value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className={admin.field}>
      <label htmlFor={id} className={admin.label}>
        {label}
      </label>
      <select
        id={id}
        className={admin.input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, !!hint, !!error)}
        data-testid={testId}
      >
        {children}
      </select>
      <Below id={id} hint={hint} error={error} testId={testId} />
    </div>
  );
}
