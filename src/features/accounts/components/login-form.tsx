import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { getClient } from '@/data/pb/client';
import { loginWithPassword } from '@/data/session/session';
import { ko } from '@/i18n/ko-features';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import styles from './login-screen.module.css';

interface LoginFormProps {
  /** Called with the user's id once the session is stored. */
  onLoggedIn: (userId: string) => void;
  onFindAccount: () => void;
  /** Set while the screen waits for the first pull after the login. */
  waiting: boolean;
}

type FieldErrors = { email?: string; password?: string };

/** The server's answer to a failed login: refused (wrong email or password), or never reached. */
function failureMessage(err: unknown): string {
  const status = (err as { status?: number }).status ?? 0;
  if (status === 0) {
    return typeof navigator !== 'undefined' && !navigator.onLine
      ? ko.login.offline
      : ko.messages.networkError;
  }
  if (status >= 500) return ko.messages.networkError;
  return ko.messages.loginFailed;
}

/**
 * Email and password, both required and otherwise unchecked on the client (docs/product-rules.md,
 * Login): the server decides. A refusal shows that heading's alert text; the fields keep what was
 * typed.
 */
export function LoginForm({ onLoggedIn, onFindAccount, waiting }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || waiting) return;
    const next: FieldErrors = {
      email: email.trim() ? undefined : ko.login.emailRequired,
      password: password ? undefined : ko.login.passwordRequired,
    };
    setErrors(next);
    setFailure(null);
    if (next.email) return emailRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();

    setBusy(true);
    try {
      const record = await loginWithPassword(await getClient(), email.trim(), password);
      onLoggedIn(record.id);
    } catch (err) {
      setFailure(failureMessage(err));
      passwordRef.current?.select();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="login-form">
      <div className={styles.field}>
        <label htmlFor={ids.email} className={styles.label}>
          {ko.login.emailLabel}
        </label>
        <input
          ref={emailRef}
          id={ids.email}
          className={styles.input}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={ko.login.emailPlaceholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-required="true"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? ids.emailError : undefined}
          data-testid="login-email"
        />
        {errors.email ? (
          <p id={ids.emailError} className={styles.fieldError}>
            {errors.email}
          </p>
        ) : null}
      </div>

      <div className={styles.field}>
        <label htmlFor={ids.password} className={styles.label}>
          {ko.login.passwordLabel}
        </label>
        <input
          ref={passwordRef}
          id={ids.password}
          className={styles.input}
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder={ko.login.passwordPlaceholder}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-required="true"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? ids.passwordError : undefined}
          data-testid="login-password"
        />
        {errors.password ? (
          <p id={ids.passwordError} className={styles.fieldError}>
            {errors.password}
          </p>
        ) : null}
        <Link
          to="/forgot-password"
          className={`${styles.textButton} ${styles.forgot}`}
          data-testid="login-forgot-password"
        >
          {koAccountLinks.forgotLink}
        </Link>
      </div>

      {failure ? (
        <p className={styles.alert} role="alert" data-testid="login-failure">
          {failure}
        </p>
      ) : null}

      <button
        type="submit"
        className={styles.submit}
        disabled={busy || waiting}
        data-testid="login-submit"
      >
        {waiting ? ko.login.loading : busy ? ko.login.submitting : ko.login.submit}
      </button>

      <div className={styles.aux}>
        <button type="button" className={styles.textButton} onClick={onFindAccount}>
          {ko.login.findAccount}
        </button>
        <span className={styles.divider} aria-hidden="true" />
        <Link to="/register" className={styles.textButton}>
          {ko.login.register}
        </Link>
      </div>
    </form>
  );
}
