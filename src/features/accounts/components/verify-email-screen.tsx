import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { confirmEmail } from '../../../data/accounts/signup';
import { ko } from '../../../i18n/ko-features';
import styles from './verify-email-screen.module.css';

type State = 'checking' | 'done' | 'invalid' | 'error';

/**
 * The verification mail's link lands here: the address is confirmed and the fan is told to go
 * back to the sign-up screen (where their entries wait) and press 가입하기.
 */
export function VerifyEmailScreen({ token }: { token: string }) {
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let live = true;
    confirmEmail(token)
      .then((ok) => live && setState(ok ? 'done' : 'invalid'))
      .catch(() => live && setState('error'));
    return () => {
      live = false;
    };
  }, [token]);

  const t = ko.verifyEmail;
  const message = { checking: t.checking, done: t.done, invalid: t.invalid, error: t.error }[state];
  return (
    <section className={styles.screen}>
      <ScreenTitle title={t.title} />
      <div className={styles.card} data-testid="verify-email" data-state={state}>
        <p role={state === 'checking' ? 'status' : 'alert'} className={styles.message}>
          {message}
        </p>
        {state === 'checking' ? null : (
          <Link to="/register" className={styles.link}>
            {t.toRegister}
          </Link>
        )}
      </div>
    </section>
  );
}
