import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { finishOAuth2Redirect } from '@/domains/accounts/social';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ko } from '@/i18n/ko-features';
import { needsBiasStep } from './bias-step';
import styles from './social-return.module.css';

export interface SocialReturnProps {
  title: string;
  /** Finishes the login from the return address's query; resolves to the user id. */
  finish: (search: string) => Promise<string>;
}

/**
 * Where a provider sends the browser back: '로그인 중...' while the code is exchanged, then home
 * (or the first-login 최애 step, for a fan who has not answered it);
 * on any failure (wrong state, refused code, offline) the alert '오류입니다' (docs/product-rules.md,
 * Login) and a way back to the login screen.
 */
export function SocialReturn({ title, finish }: SocialReturnProps) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    finish(window.location.search).then(
      async (userId) => {
        // a fan who never answered the 최애 step gets it first (docs/accounts.md, First login);
        // replace: the used code stays out of the history
        const ask = await needsBiasStep(userId);
        if (live) void navigate({ to: ask ? '/welcomeBias' : '/', replace: true });
      },
      (err: unknown) => {
        console.warn('social login failed', err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [finish, navigate]);

  return (
    <section className={styles.screen}>
      <ScreenTitle title={title} />
      <div className={styles.card}>
        {failed ? (
          <>
            <p className={styles.error} role="alert">
              {ko.messages.socialLoginFailed}
            </p>
            <Link to="/login" className={styles.link}>
              {ko.social.backToLogin}
            </Link>
          </>
        ) : (
          <p className={styles.progress} role="status">
            <span className={styles.spinner} aria-hidden="true" />
            {ko.social.inProgress}
          </p>
        )}
      </div>
    </section>
  );
}

/** Kakao and Instagram return here (through /api/oauth2-redirect, see pb_hooks/oauth.pb.js). */
export function OAuth2RedirectScreen() {
  return <SocialReturn title={ko.screens.oauth2Redirect} finish={finishOAuth2Redirect} />;
}
