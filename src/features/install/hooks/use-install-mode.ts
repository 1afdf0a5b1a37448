import { useEffect, useState, useSyncExternalStore } from 'react';
import { installMode, isStandalone, type InstallMode } from '@/features/install/install-mode';
import { getInstallPromptState, subscribeInstallPrompt } from '@/features/install/install-prompt';

/** What the '앱 설치' entry shows, kept current as the browser offers, installs or switches mode. */
export function useInstallMode(): InstallMode {
  const { canPrompt, installed } = useSyncExternalStore(
    subscribeInstallPrompt,
    getInstallPromptState,
    getInstallPromptState,
  );
  const [standalone, setStandalone] = useState(() => isStandalone());
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    // Chromium moves an installed tab into the app window; the page learns it from the media query.
    const query = window.matchMedia('(display-mode: standalone)');
    const update = () => setStandalone(isStandalone());
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return installMode({
    standalone,
    installed,
    canPrompt,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  });
}
