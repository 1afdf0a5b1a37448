import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import {
  configuredProviders,
  startSocialLogin,
  type ProviderAvailability,
  type SocialProvider,
} from '@/domains/accounts/social';
import { ko } from '@/i18n/ko-features';
import styles from './social-login-buttons.module.css';

const PROVIDERS: SocialProvider[] = ['kakao', 'naver', 'instagram'];

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Brand marks drawn inline (no external images): a speech bubble, an N, a camera outline. */
function ProviderMark({ provider }: { provider: SocialProvider }) {
  if (provider === 'kakao') {
    return (
      <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 3.5c-5 0-9 3.1-9 7 0 2.5 1.7 4.7 4.2 6l-1 3.6c-.1.3.3.6.6.4l4.3-2.9h.9c5 0 9-3.1 9-7s-4-7-9-7z"
        />
      </svg>
    );
  }
  if (provider === 'naver') {
    return (
      <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M4 4h5.3l5.4 7.9V4H20v16h-5.3L9.3 12.1V20H4z" />
      </svg>
    );
  }
  return (
    <svg className={styles.mark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" />
      <circle cx="12" cy="12" r="4.2" fill="none" stroke="currentColor" />
      <circle cx="17.3" cy="6.7" r="1.2" fill="currentColor" />
    </svg>
  );
}

type Availability = ProviderAvailability | 'checking' | 'unavailable';

/**
 * Kakao, Naver and Instagram login (a redirect to the provider and back). A provider the server
 * has no credentials for stays disabled and says so; offline, all are disabled with the reason.
 */
export function SocialLoginButtons() {
  const online = useOnline();
  const noteId = useId();
  const [availability, setAvailability] = useState<Availability>('checking');
  const [starting, setStarting] = useState<SocialProvider | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!online) return;
    let live = true;
    configuredProviders().then(
      (found) => live && setAvailability(found),
      () => live && setAvailability('unavailable'),
    );
    return () => {
      live = false;
    };
  }, [online]);

  // back from the provider's page through the back/forward cache: the buttons work again
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setStarting(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  async function start(provider: SocialProvider) {
    setFailed(false);
    setStarting(provider);
    try {
      await startSocialLogin(provider);
      // the page is leaving for the provider; the button stays busy until it does
    } catch {
      setStarting(null);
      setFailed(true);
    }
  }

  const noneConfigured =
    typeof availability === 'object' && !PROVIDERS.some((p) => availability[p]);
  const groupNote = !online
    ? ko.social.offline
    : availability === 'checking'
      ? ko.social.checking
      : availability === 'unavailable'
        ? ko.social.unavailable
        : noneConfigured
          ? ko.social.noneConfigured
          : null;

  return (
    <div className={styles.group} role="group" aria-label={ko.social.groupLabel}>
      <ul className={styles.list}>
        {PROVIDERS.map((provider) => {
          const configured = typeof availability === 'object' && availability[provider];
          const usable = online && configured;
          const hintId = `${noteId}-${provider}`;
          const showHint =
            online && !noneConfigured && typeof availability === 'object' && !configured;
          return (
            <li key={provider} className={styles.item}>
              <button
                type="button"
                className={`${styles.button} ${styles[provider]}`}
                disabled={!usable || starting !== null}
                aria-busy={starting === provider}
                aria-describedby={showHint ? hintId : groupNote ? noteId : undefined}
                onClick={() => void start(provider)}
              >
                <ProviderMark provider={provider} />
                <span>{starting === provider ? ko.social.starting : ko.social[provider]}</span>
              </button>
              {showHint ? (
                <p id={hintId} className={styles.hint}>
                  {ko.social.notConfigured}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {groupNote ? (
        <p id={noteId} className={styles.hint} aria-live="polite">
          {groupNote}
        </p>
      ) : null}
      {failed ? (
        <p className={styles.error} role="alert">
          {ko.messages.socialLoginFailed}
        </p>
      ) : null}
    </div>
  );
}
