import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { signInAfterSignup } from '@/features/accounts/sign-in-after-signup';
import { needsBiasStep } from './bias-step';
import { screenDocumentTitle, useDocumentTitle } from '@/components/hooks/use-document-title';
import { Link, useNavigate } from '@tanstack/react-router';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { ko } from '@/i18n/ko-features';
import { PAGE_COUNT, RegisterPage } from '@/features/accounts/components/register/register-pages';
import { useIsDesktop } from '@/components/hooks/use-is-desktop';
import { useRegisterForm } from '@/features/accounts/hooks/use-register-form';
import styles from '@/features/accounts/components/register/register.module.css';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { UserIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { useOwnProfile } from '@/domains/accounts/hooks';

const t = ko.register;
const OUTCOME_MESSAGES = {
  nicknameRefused: ko.nickname.taken,
  notVerified: ko.messages.emailNotVerified,
  notStarted: ko.messages.verifyEmailFirst,
  networkError: ko.messages.networkError,
} as const;

/**
 * /register (docs/product-rules.md, Sign-up): a 6-page wizard on phones, one form from 1080 px. The
 * data calls are in domains/accounts/signup.ts; the rules in lib/account-validation.ts.
 */
export function RegisterScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  // the wizard's own sign-up logs the fan in: it stays until its welcome is answered
  const [finishing, setFinishing] = useState(false);
  useDocumentTitle(screenDocumentTitle(t.title));
  // already logged in: nothing to sign up for (docs/accounts.md, Sign-up)
  return userId && !finishing ? (
    <LoggedInNotice />
  ) : (
    <RegisterWizard onFinishing={() => setFinishing(true)} />
  );
}

function LoggedInNotice() {
  const profile = useOwnProfile();
  const name = profile ? profile.username || profile.name : '';
  return (
    <section className={styles.screen}>
      <NoticeCard
        icon={<UserIcon size={32} />}
        title={ko.registerLoggedIn.title}
        body={name ? ko.registerLoggedIn.body(name) : undefined}
        testId="register-logged-in"
      >
        <Link to="/" className={noticeActionClass}>
          {ko.registerLoggedIn.home}
        </Link>
      </NoticeCard>
    </section>
  );
}

function RegisterWizard({ onFinishing }: { onFinishing: () => void }) {
  const form = useRegisterForm();
  const desktop = useIsDesktop();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  // signed up, logging in: the form is done
  const [joined, setJoined] = useState(false);
  const enterPressed = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Enter in a field never submits; the flag also swallows a submit the browser would still fire
  // for that Enter, and clears itself right after.
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
    e.preventDefault();
    enterPressed.current = true;
    setTimeout(() => (enterPressed.current = false), 0);
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (enterPressed.current) {
      enterPressed.current = false;
      return;
    }
    if (!form.canSubmit || joined) return;
    const result = await form.submit();
    if (result === 'welcome') {
      // the sign-up ends logged in (docs/accounts.md, Sign-up): with the password just typed
      setJoined(true);
      onFinishing();
      const userId = await signInAfterSignup(form.values.email, form.values.password);
      // either button closes the welcome; then the 최애 step (docs/accounts.md, First login), or
      // /login when the login did not go through
      await confirm({
        message: ko.messages.welcome,
        confirmLabel: userId ? t.welcomeStart : t.welcomeClose,
        cancelLabel: t.welcomeDismiss,
      });
      if (!userId) return void navigate({ to: '/login' });
      const ask = await needsBiasStep(userId);
      await navigate({ to: ask ? '/welcomeBias' : '/', replace: true });
    } else if (result) {
      toast.error(OUTCOME_MESSAGES[result]);
    }
  }

  const go = (to: number) => {
    setPage(to);
    headingRef.current?.focus();
  };

  const outcome =
    form.outcome && form.outcome !== 'welcome' ? OUTCOME_MESSAGES[form.outcome] : null;
  const submitButton = (
    <button type="submit" className={styles.primary} disabled={!form.canSubmit || joined}>
      {form.submitting || joined ? t.submitting : t.submit}
    </button>
  );

  return (
    <section className={styles.screen} aria-labelledby="register-title">
      <h1 id="register-title" className={styles.title}>
        {t.title}
      </h1>
      <p className={styles.intro}>{t.intro}</p>
      <form
        className={styles.form}
        aria-label={t.formLabel}
        noValidate
        onKeyDown={onKeyDown}
        onSubmit={(e) => void onSubmit(e)}
      >
        {desktop ? (
          Array.from({ length: PAGE_COUNT }, (_, i) => (
            <div key={i} className={styles.section}>
              <RegisterPage form={form} page={i} desktop />
            </div>
          ))
        ) : (
          <>
            <div
              className={styles.progress}
              role="progressbar"
              aria-label={t.progressLabel}
              aria-valuemin={1}
              aria-valuemax={PAGE_COUNT}
              aria-valuenow={page + 1}
              aria-valuetext={t.step(page + 1, PAGE_COUNT)}
            >
              <span style={{ width: `${((page + 1) / PAGE_COUNT) * 100}%` }} />
            </div>
            <h2 ref={headingRef} tabIndex={-1} className={styles.pageTitle}>
              <span className={styles.step}>{t.step(page + 1, PAGE_COUNT)}</span>
              {t.pageTitles[page]}
            </h2>
            <div className={styles.section}>
              <RegisterPage form={form} page={page} desktop={false} />
            </div>
          </>
        )}
        {!desktop && page === 1 && form.linkOpened ? (
          <div className={styles.verified} role="status" data-testid="register-verified">
            <p>{ko.registerVerified.status}</p>
            <button type="button" className={styles.primary} onClick={() => go(2)}>
              {ko.registerVerified.continue}
            </button>
          </div>
        ) : null}
        {desktop && form.linkOpened ? (
          <p className={styles.verified} role="status" data-testid="register-verified">
            {ko.registerVerified.status}
          </p>
        ) : null}
        {outcome && (
          <p className={styles.outcome} role="alert">
            {outcome}
          </p>
        )}
        {desktop ? (
          submitButton
        ) : (
          <div className={styles.nav}>
            {page > 0 && (
              <button type="button" className={styles.secondary} onClick={() => go(page - 1)}>
                {ko.common.previous}
              </button>
            )}
            {page < PAGE_COUNT - 1 ? (
              <button
                type="button"
                className={styles.primary}
                disabled={!form.pageValid[page]}
                onClick={() => go(page + 1)}
              >
                {ko.common.next}
              </button>
            ) : (
              submitButton
            )}
          </div>
        )}
      </form>
      <p className={styles.footer}>
        {t.haveAccount} <Link to="/login">{t.login}</Link>
      </p>
    </section>
  );
}
