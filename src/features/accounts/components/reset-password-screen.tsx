import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { confirmPasswordReset } from '@/data/accounts/signup';
import { passwordConfirmError, passwordError } from '@/lib/account-validation';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import { useOnline } from '@/components/hooks/use-online';
import styles from './login-screen.module.css';

const t = koAccountLinks.reset;
type State = 'idle' | 'saving' | 'done' | 'invalid' | 'networkError';

// getRouteApi reads the param without importing the route definition (see verify-email.page).
const route = getRouteApi('/main/reset-password/$token');

export function ResetPasswordPage() {
  const { token } = route.useParams();
  return <ResetPasswordScreen token={token} />;
}

/**
 * The password reset mail's link lands here: the fan chooses a new password (the sign-up's
 * rules and messages) and then logs in with it. PocketBase logs every other device out.
 */
export function ResetPasswordScreen({ token }: { token: string }) {
  const online = useOnline();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [state, setState] = useState<State>('idle');
  const passwordRef = useRef<HTMLInputElement>(null);
  const ids = {
    password: useId(),
    confirm: useId(),
    passwordError: useId(),
    confirmError: useId(),
  };

  const errors = {
    password: passwordError(password),
    confirm: passwordConfirmError(password, confirm),
  };
  const shown = {
    password: touched.password ? errors.password : null,
    confirm: touched.confirm ? errors.confirm : null,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'saving' || !online) return;
    setTouched({ password: true, confirm: true });
    if (errors.password || errors.confirm) return passwordRef.current?.focus();
    setState('saving');
    setState(await confirmPasswordReset(token, password));
  }

  if (state === 'done' || state === 'invalid') {
    return (
      <section className={styles.screen}>
        <ScreenTitle title={t.title} />
        <div className={styles.card} data-testid="reset-password" data-state={state}>
          <p className={state === 'done' ? styles.notice : styles.alert} role="alert">
            {state === 'done' ? t.done : t.invalid}
          </p>
          <Link to={state === 'done' ? '/login' : '/forgot-password'} className={styles.submit}>
            {state === 'done' ? koAccountLinks.goLogin : t.requestAgain}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.screen}>
      <ScreenTitle title={t.title} />
      <div className={styles.card} data-testid="reset-password" data-state={state}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.sheetBody}>{t.intro}</p>
          <div className={styles.field}>
            <label htmlFor={ids.password} className={styles.label}>
              {t.passwordLabel}
            </label>
            <input
              ref={passwordRef}
              id={ids.password}
              className={styles.input}
              type="password"
              name="new-password"
              autoComplete="new-password"
              placeholder={t.passwordPlaceholder}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onBlur={() => setTouched((v) => ({ ...v, password: true }))}
              aria-required="true"
              aria-invalid={shown.password ? true : undefined}
              aria-describedby={shown.password ? ids.passwordError : undefined}
            />
            {shown.password ? (
              <p id={ids.passwordError} className={styles.fieldError}>
                {shown.password}
              </p>
            ) : null}
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.confirm} className={styles.label}>
              {t.confirmLabel}
            </label>
            <input
              id={ids.confirm}
              className={styles.input}
              type="password"
              name="new-password-confirm"
              autoComplete="new-password"
              placeholder={t.confirmPlaceholder}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              onBlur={() => setTouched((v) => ({ ...v, confirm: true }))}
              aria-required="true"
              aria-invalid={shown.confirm ? true : undefined}
              aria-describedby={shown.confirm ? ids.confirmError : undefined}
            />
            {shown.confirm ? (
              <p id={ids.confirmError} className={styles.fieldError}>
                {shown.confirm}
              </p>
            ) : null}
          </div>
          <div aria-live="polite">
            {!online ? (
              <p className={styles.alert} role="alert" data-testid="reset-offline">
                {koAccountLinks.offline}
              </p>
            ) : null}
            {state === 'networkError' ? (
              <p className={styles.alert} role="alert">
                {t.networkError}
              </p>
            ) : null}
          </div>
          <button type="submit" className={styles.submit} disabled={!online || state === 'saving'}>
            {state === 'saving' ? t.submitting : t.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
