import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ScreenTitle } from '@/components/ui/screen-title';
import { confirmEmail } from '@/domains/accounts/signup';
import { ko } from '@/i18n/ko-features';
import { koAccountLinks } from '@/features/accounts/account-links-text';
import styles from './verify-email-screen.module.css';

type State = 'checking' | 'done' | 'doneElsewhere' | 'invalid' | 'error';

/**
 * The verification mail's link lands here: the address is confirmed and the link's token kept
 * for '가입하기' (only whoever opened the mail can finish the sign-up). In the browser that started
 * the sign-up the fan goes back to the form, where their entries wait; elsewhere (the mail read
 * on another device or in a mail app's browser) they continue the sign-up here.
 */
export function VerifyEmailScreen({ token }: { token: string }) {
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let live = true;
    confirmEmail(token)
      .then(({ result, startedHere }) => {
        if (!live) return;
        if (result === 'done') setState(startedHere ? 'done' : 'doneElsewhere');
        else setState(result === 'invalid' ? 'invalid' : 'error');
      })
      .catch(() => live && setState('error'));
    return () => {
      live = false;
    };
  }, [token]);

  const t = ko.verifyEmail;
  const message = {
    checking: t.checking,
    done: t.done,
    doneElsewhere: koAccountLinks.verifyElsewhere,
    invalid: t.invalid,
    error: t.error,
  }[state];
  return (
    <section className={styles.screen}>
      <ScreenTitle title={t.title} />
      <div className={styles.card} data-testid="verify-email" data-state={state}>
        <p role={state === 'checking' ? 'status' : 'alert'} className={styles.message}>
          {message}
        </p>
        {state === 'checking' ? null : (
          <Link to="/register" className={styles.link}>
            {state === 'doneElsewhere' ? koAccountLinks.continueSignup : t.toRegister}
          </Link>
        )}
      </div>
    </section>
  );
}
