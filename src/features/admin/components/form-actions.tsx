/**
 * The foot every console form ends with (docs/operators.md, The console): the form's error, if
 * any, said as an alert, then a row with 취소 and the submit button, both held while the form is
 * sending, the submit button naming what it is doing meanwhile (저장 중…).
 */
import panels from '@/components/ui/panels.module.css';

export interface FormActionsProps {
  /** What went wrong for the form as a whole (not one field), or null. */
  error: string | null;
  errorTestId: string;
  onCancel: () => void;
  cancelLabel: string;
  /** The form is sending: both buttons wait, and the submit button says busyLabel. */
  busy: boolean;
  /** The submit button waits for another reason too (a field past its length). */
  disabled?: boolean;
  submitLabel: string;
  busyLabel: string;
  /** primary for a save or publish, danger for a refusal. */
  tone: 'primary' | 'danger';
  submitTestId: string;
  /** A class the form's layout adds to the error line and the row (a grid form's full width). */
  className?: string;
}

export function FormActions({
  error,
  errorTestId,
  onCancel,
  cancelLabel,
  busy,
  disabled = false,
  submitLabel,
  busyLabel,
  tone,
  submitTestId,
  className,
}: FormActionsProps) {
  const extra = className ? ` ${className}` : '';
  return (
    <>
      {error ? (
        <p className={`${panels.error}${extra}`} role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      <div className={`${panels.actions} ${panels.end}${extra}`}>
        <button type="button" className={panels.button} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button
          type="submit"
          className={`${panels.button} ${tone === 'danger' ? panels.danger : panels.primary}`}
          disabled={busy || disabled}
          data-testid={submitTestId}
        >
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
