import panels from '@/components/ui/panels.module.css';
import { koAdmin } from '@/features/admin/ko';

/** A section's list could not be read (the server did not answer): said, with 다시 시도. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      className={`${panels.error} ${panels.actions}`}
      role="alert"
      data-testid="admin-load-failed"
    >
      <span>{koAdmin.loadFailed}</span>
      <button type="button" className={panels.button} onClick={onRetry}>
        {koAdmin.retry}
      </button>
    </div>
  );
}
