import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { UserIcon } from '@/components/ui/icons';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ko } from '@/i18n/ko-features';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { needsBiasStep } from './bias-step';
import { FindAccountSheet } from './find-account-sheet';
import { LoginForm } from './login-form';
import { SocialLoginButtons } from './social-login-buttons';
import styles from './login-screen.module.css';

/** The longest the screen waits for the first pull after a login before going home anyway. */
const FIRST_PULL_WAIT_MS = 4000;

/**
 * /login (and /Login): email and password, 'find account', 'sign up', the social buttons and
 * 'maybe later' (docs/product-rules.md, Login). After a login the sync engine pulls the user's
 * private rows; the screen waits for that pull (bounded), so the collect books are there when home
 * opens.
 */
export function LoginScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  const status = useAtomValue(syncStatusAtom);
  const navigate = useNavigate();
  const [findOpen, setFindOpen] = useState(false);
  const [waitFor, setWaitFor] = useState<{ userId: string; since: number } | null>(null);
  const left = useRef(false);

  useEffect(() => {
    if (!waitFor) return;
    const goHome = () => {
      if (left.current) return;
      left.current = true;
      // a fan who never answered the 최애 step gets it first (docs/accounts.md, First login)
      void needsBiasStep(waitFor.userId).then((ask) =>
        navigate({ to: ask ? '/welcomeBias' : '/' }),
      );
    };
    const pulled =
      status.userId === waitFor.userId &&
      !status.pulling &&
      (status.lastPullAt ?? 0) >= waitFor.since;
    if (pulled) return goHome();
    const timer = setTimeout(goHome, Math.max(0, waitFor.since + FIRST_PULL_WAIT_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [waitFor, status, navigate]);

  const showForm = !userId || waitFor !== null;

  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.login} />
      {showForm ? (
        <div className={styles.card}>
          <div className={styles.hero}>
            <p className={styles.brand}>{ko.app.name}</p>
            <p className={styles.heroTitle}>{ko.login.heroTitle}</p>
            <p className={styles.heroBody}>{ko.login.heroBody}</p>
          </div>
          <LoginForm
            waiting={waitFor !== null}
            onLoggedIn={(id) => setWaitFor({ userId: id, since: Date.now() })}
            onFindAccount={() => setFindOpen(true)}
          />
          <section className={styles.social} aria-labelledby="login-social-title">
            <h2 id="login-social-title" className={styles.socialTitle}>
              {ko.login.socialTitle}
            </h2>
            <SocialLoginButtons />
          </section>
          <Link to="/" className={styles.later} data-testid="login-later">
            {ko.login.later}
          </Link>
        </div>
      ) : (
        <AlreadyLoggedIn />
      )}
      <FindAccountSheet open={findOpen} onClose={() => setFindOpen(false)} />
    </section>
  );
}

function AlreadyLoggedIn() {
  const profile = useOwnProfile();
  const who = profile ? profile.username || profile.name || profile.email || '' : '';
  return (
    <div className={`${styles.card} ${styles.already}`} data-testid="login-already">
      <span className={styles.alreadyIcon} aria-hidden="true">
        <UserIcon size={32} />
      </span>
      <p className={styles.heroTitle}>{who ? ko.login.already(who) : ko.common.loadingWriter}</p>
      <p className={styles.heroBody}>{ko.login.alreadyBody}</p>
      <Link to="/profile" className={styles.submit}>
        {ko.login.goProfile}
      </Link>
    </div>
  );
}
