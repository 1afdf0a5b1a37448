import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { getClient } from '@/data/pb/client';
import { loginWithPassword } from '@/data/session/session';
import { ko } from '@/i18n/ko-features';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import { AccountField } from './account-form-parts';
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
      <AccountField
        inputRef={emailRef}
        label={ko.login.emailLabel}
        type="email"
        name="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={ko.login.emailPlaceholder}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        data-testid="login-email"
      />

      <AccountField
        inputRef={passwordRef}
        label={ko.login.passwordLabel}
        type="password"
        name="password"
        autoComplete="current-password"
        placeholder={ko.login.passwordPlaceholder}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        data-testid="login-password"
      >
        <Link
          to="/forgot-password"
          className={`${styles.textButton} ${styles.forgot}`}
          data-testid="login-forgot-password"
        >
          {koAccountLinks.forgotLink}
        </Link>
      </AccountField>

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
