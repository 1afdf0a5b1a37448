import { useEffect } from 'react';
import { onUpdateReady } from './register-sw';

/**
 * Shows the '새 버전이 준비되었어요' toast when a new version of the app waits, and a progress toast
 * while an accepted update is applied. Renders nothing;
 * the toast and react-hot-toast load only when there is an update to offer.
 */
export function UpdatePrompt() {
  useEffect(
    () =>
      onUpdateReady((state) => {
        void import('./update-toast')
          .then((m) => (state === 'ready' ? m.showUpdateToast() : m.showApplyingToast()))
          .catch((err: unknown) => console.warn('[sw] update toast failed to load', err));
      }),
    [],
  );
  return null;
}
