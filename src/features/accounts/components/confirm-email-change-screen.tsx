import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { confirmEmailChange } from '@/data/accounts/signup';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import { useOnline } from '@/components/hooks/use-online';
import styles from './login-screen.module.css';

const t = koAccountLinks.emailChange;
type State = 'idle' | 'saving' | 'done' | 'invalid' | 'wrongPassword' | 'networkError' | 'empty';

const route = getRouteApi('/main/confirm-email-change/$token');

export function ConfirmEmailChangePage() {
  const { token } = route.useParams();
  return <ConfirmEmailChangeScreen token={token} />;
}

/**
 * The email change mail's link lands here: PocketBase confirms the change only with the account's
 * password, which the fan types here. Their sessions end; they log in with the new email.
 */
export function ConfirmEmailChangeScreen({ token }: { token: string }) {
  const online = useOnline();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<State>('idle');
  const ids = { password: useId(), error: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'saving' || !online) return;
    if (!password) return setState('empty');
    setState('saving');
    setState(await confirmEmailChange(token, password));
  }

  if (state === 'done' || state === 'invalid') {
    return (
      <section className={styles.screen}>
        <ScreenTitle title={t.title} />
        <div className={styles.card} data-testid="confirm-email-change" data-state={state}>
          <p className={state === 'done' ? styles.notice : styles.alert} role="alert">
            {state === 'done' ? t.done : t.invalid}
          </p>
          <Link to="/login" className={styles.submit}>
            {koAccountLinks.goLogin}
          </Link>
        </div>
      </section>
    );
  }

  const error =
    state === 'empty'
      ? t.passwordRequired
      : state === 'wrongPassword'
        ? t.wrongPassword
        : state === 'networkError'
          ? t.networkError
          : !online
            ? koAccountLinks.offline
            : null;
  return (
    <section className={styles.screen}>
      <ScreenTitle title={t.title} />
      <div className={styles.card} data-testid="confirm-email-change" data-state={state}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.sheetBody}>{t.intro}</p>
          <div className={styles.field}>
            <label htmlFor={ids.password} className={styles.label}>
              {t.passwordLabel}
            </label>
            <input
              id={ids.password}
              className={styles.input}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-required="true"
              aria-invalid={error && state !== 'networkError' ? true : undefined}
              aria-describedby={error ? ids.error : undefined}
            />
          </div>
          <div aria-live="polite">
            {error ? (
              <p id={ids.error} className={styles.alert} role="alert">
                {error}
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
