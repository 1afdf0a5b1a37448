import { Link } from '@tanstack/react-router';
import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import styles from './login-screen.module.css';

interface AccountFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input, which is then marked invalid and described by it. */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the error (the login form's '비밀번호 찾기' link). */
  children?: ReactNode;
}

/**
 * A labelled, required input of the account forms with its error under it. An explicit
 * `aria-invalid` / `aria-describedby` wins over the ones the error sets (for a form whose error
 * is shown elsewhere).
 */
export function AccountField({ label, error, inputRef, children, ...input }: AccountFieldProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className={styles.input}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** The alert an account form shows offline: its mail or token needs the network. */
export function OfflineAlert({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <p className={styles.alert} role="alert" data-testid="reset-offline">
      {koAccountLinks.offline}
    </p>
  );
}

interface TokenLinkScreenProps {
  title: string;
  testId: string;
  state: string;
  children: ReactNode;
}

/** The screen a mailed token link lands on: the title and one card holding the form or result. */
export function TokenLinkScreen({ title, testId, state, children }: TokenLinkScreenProps) {
  return (
    <section className={styles.screen}>
      <ScreenTitle title={title} />
      <div className={styles.card} data-testid={testId} data-state={state}>
        {children}
      </div>
    </section>
  );
}

interface TokenLinkResultProps {
  /** Done (a notice) or not (an alert). */
  ok: boolean;
  message: string;
  to: '/login' | '/forgot-password';
  linkText: string;
}

/** A token link's outcome: the message and the one way on. */
export function TokenLinkResult({ ok, message, to, linkText }: TokenLinkResultProps) {
  return (
    <>
      <p className={ok ? styles.notice : styles.alert} role="alert">
        {message}
      </p>
      <Link to={to} className={styles.submit}>
        {linkText}
      </Link>
    </>
  );
}

interface TokenLinkFormProps {
  text: { intro: string; submit: string; submitting: string };
  onSubmit: (event: FormEvent) => unknown;
  online: boolean;
  saving: boolean;
  /** The fields and the live region with the form's alerts. */
  children: ReactNode;
}

/** A token link's form: the intro, the fields, and a submit button that is off offline or saving. */
export function TokenLinkForm({ text, onSubmit, online, saving, children }: TokenLinkFormProps) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <p className={styles.sheetBody}>{text.intro}</p>
      {children}
      <button type="submit" className={styles.submit} disabled={!online || saving}>
        {saving ? text.submitting : text.submit}
      </button>
    </form>
  );
}
