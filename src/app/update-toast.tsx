import { wantToastOutlet } from '@/components/ui/toast';
import { toast } from '@/components/ui/toaster';
import { ko } from '@/i18n/ko';
import { applyUpdate } from './register-sw';
import styles from './update-toast.module.css';

/** One id: a second waiting worker (or StrictMode's second effect) updates the same toast. */
export const UPDATE_TOAST_ID = 'app-update';

/** The persistent toast offering the new version; '업데이트' reloads into it. */
export function showUpdateToast(): void {
  wantToastOutlet();
  toast(
    (t) => (
      <span className={styles.toast} data-testid="update-toast">
        <span className={styles.text}>{ko.appUpdate.ready}</span>
        <span className={styles.actions}>
          <button
            type="button"
            className={styles.later}
            onClick={() => toast.dismiss(t.id)}
            data-testid="update-later"
          >
            {ko.appUpdate.later}
          </button>
          <button
            type="button"
            className={styles.apply}
            onClick={() => applyUpdate()}
            data-testid="update-apply"
          >
            {ko.appUpdate.apply}
          </button>
        </span>
      </span>
    ),
    {
      id: UPDATE_TOAST_ID,
      duration: Infinity,
      // wide enough on a desktop for the message and both buttons on one line
      style: { maxWidth: 'min(92vw, 440px)' },
      ariaProps: { role: 'status', 'aria-live': 'polite' },
    },
  );
}

/** In place of the offer once the fan accepted it: the page reloads when the new version is in. */
export function showApplyingToast(): void {
  wantToastOutlet();
  toast.loading(<span data-testid="update-applying">{ko.appUpdate.applying}</span>, {
    id: UPDATE_TOAST_ID,
    ariaProps: { role: 'status', 'aria-live': 'polite' },
  });
}
