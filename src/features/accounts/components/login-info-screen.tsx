import { useNavigate } from '@tanstack/react-router';
import { LoginNotice } from '@/components/ui/login-notice';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { DIALOG_TOAST_DURATION_MS } from '@/components/ui/confirm-dialog';
import { ScreenTitle } from '@/components/ui/screen-title';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import {
  deleteAccount,
  getSessionAccount,
  listLinkedProviders,
  NoUserIdError,
  OfflineError,
  signOut,
} from '@/domains/accounts/account';
import { ko } from '@/i18n/ko-features';
import { useOwnProfile } from '@/domains/accounts/hooks';
import list from './menu-list.module.css';
import settings from '@/components/ui/settings-screen.module.css';
import styles from './login-info-screen.module.css';

/**
 * /loginInfo: email, nickname, linked social logins, logout and leaving the service
 * (docs/product-rules.md, Login info, logout, leaving). Both actions ask first ('예'/'아니오'), toast
 * when done and go to /login. Leaving needs the server, so offline it explains and changes nothing.
 */
export function LoginInfoScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  return (
    <section className={settings.screen}>
      <ScreenTitle title={ko.screens.loginInfo} back />
      {userId ? <Account userId={userId} /> : <LoggedOut />}
    </section>
  );
}

function LoggedOut() {
  return (
    <LoginNotice
      title={ko.loginInfo.loggedOutTitle}
      body={ko.loginInfo.loggedOutBody}
      link={ko.loginInfo.loginLink}
      testId="login-info-logged-out"
    />
  );
}

function useLinkedProviders(userId: string): string[] | undefined {
  const [found, setFound] = useState<{ userId: string; providers: string[] } | null>(null);
  useEffect(() => {
    let live = true;
    void listLinkedProviders().then((providers) => {
      if (live) setFound({ userId, providers });
    });
    return () => {
      live = false;
    };
  }, [userId]);
  return found?.userId === userId ? found.providers : undefined;
}

function Account({ userId }: { userId: string }) {
  const profile = useOwnProfile();
  // The local profile copy can lack the email (pulled before this login); the session has it.
  const session = useLiveQuery(() => getSessionAccount(), []);
  const providers = useLinkedProviders(userId);
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function askLogout() {
    setProblem(null);
    const ok = await confirm({
      message: ko.confirm.logout,
      confirmLabel: ko.common.yes,
      cancelLabel: ko.common.no,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await signOut();
    } catch {
      setBusy(false);
      return setProblem(ko.loginInfo.logoutFailed);
    }
    toast.success(ko.confirm.logoutDone, { duration: DIALOG_TOAST_DURATION_MS });
    void navigate({ to: '/login' });
  }

  async function askDelete() {
    setProblem(null);
    const ok = await confirm({
      message: ko.confirm.deleteAccount,
      confirmLabel: ko.common.yes,
      cancelLabel: ko.common.no,
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await deleteAccount();
    } catch (err) {
      setBusy(false);
      if (err instanceof NoUserIdError) return setProblem(ko.messages.userIdNotFound);
      if (err instanceof OfflineError) return setProblem(ko.loginInfo.deleteOffline);
      console.warn('[accounts] delete failed', err);
      return setProblem(ko.loginInfo.deleteFailed);
    }
    toast.success(ko.confirm.deleteAccountDone, { duration: DIALOG_TOAST_DURATION_MS });
    void navigate({ to: '/login' });
  }

  const loading = profile === undefined || session === undefined;
  const mine = session?.userId === userId ? session : null;
  const email =
    profile?.email || mine?.email || (loading ? ko.common.loadingWriter : ko.loginInfo.empty);
  const username =
    profile?.username || mine?.username || (loading ? ko.common.loadingWriter : ko.loginInfo.empty);

  return (
    <div className={styles.body}>
      <section className={list.group} aria-labelledby="login-info-account">
        <h2 id="login-info-account" className={list.groupTitle}>
          {ko.loginInfo.accountTitle}
        </h2>
        <dl className={list.list}>
          <div className={list.row}>
            <dt>{ko.loginInfo.emailLabel}</dt>
            <dd className={`${list.value} ${styles.dd}`} data-testid="login-info-email">
              {email}
            </dd>
          </div>
          <div className={list.row}>
            <dt>{ko.loginInfo.usernameLabel}</dt>
            <dd className={`${list.value} ${styles.dd}`} data-testid="login-info-username">
              {username}
            </dd>
          </div>
        </dl>
      </section>

      <section className={list.group} aria-labelledby="login-info-social">
        <h2 id="login-info-social" className={list.groupTitle}>
          {ko.loginInfo.socialTitle}
        </h2>
        <ul className={list.list} aria-busy={providers === undefined}>
          {providers?.length ? (
            providers.map((p) => (
              <li key={p} className={list.row}>
                <span>{ko.loginInfo.providers[p] ?? p}</span>
                <span className={list.value}>{ko.loginInfo.socialLinked}</span>
              </li>
            ))
          ) : (
            <li className={`${list.row} ${styles.muted}`}>
              {providers === undefined ? ko.common.loadingWriter : ko.loginInfo.socialNone}
            </li>
          )}
        </ul>
      </section>

      {problem ? (
        <p className={styles.alert} role="alert" data-testid="login-info-problem">
          {problem}
        </p>
      ) : null}

      <div className={styles.actions}>
        <button
          type="button"
          className={styles.logout}
          onClick={() => void askLogout()}
          disabled={busy}
          data-testid="logout-button"
        >
          {ko.loginInfo.logout}
        </button>
        <button
          type="button"
          className={styles.leave}
          onClick={() => void askDelete()}
          disabled={busy}
          data-testid="delete-account"
        >
          {ko.loginInfo.deleteAccount}
        </button>
      </div>
    </div>
  );
}
