import { ProgressBar } from '@/components/ui/progress-bar';
import { ko } from '@/i18n/ko-features';
import { useSaveOffline } from '@/features/collect-book/hooks/use-save-offline';
import styles from './save-offline-button.module.css';

export interface SaveOfflineButtonProps {
  /** The collect book's group id: its cards' images are the ones kept. */
  groupId: string;
}

/** '약 1.4 MB': one decimal under 10 MB, at least 0.1. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 ? String(Math.round(mb)) : Math.max(0.1, Math.round(mb * 10) / 10).toFixed(1);
}

/**
 * "Save for offline" for a collect book (docs/product-rules.md, Collect book): the size it will
 * use, a progress bar while the service worker downloads, and '오프라인 저장됨' once every image of the
 * book's group is kept. Renders nothing where images cannot be kept (no service worker) or the book
 * has none.
 */
export function SaveOfflineButton({ groupId }: SaveOfflineButtonProps) {
  const s = useSaveOffline(groupId);
  if (s.state === 'unsupported' || s.total === 0) return null;
  const t = ko.offlineImages;

  if (s.state === 'saving') {
    const done = s.progress?.done ?? 0;
    const total = s.progress?.total ?? s.total;
    return (
      <div className={styles.box} data-testid="save-offline" data-state="saving">
        <ProgressBar
          value={done}
          max={total}
          label={t.progressLabel}
          valueText={t.progress(done, total)}
        />
        <p className={styles.note} aria-live="polite">
          {t.progress(done, total)}
        </p>
      </div>
    );
  }

  if (s.state === 'saved') {
    return (
      <div className={styles.box} data-testid="save-offline" data-state="saved" role="status">
        <p className={styles.saved}>
          <span aria-hidden="true">✓</span> {t.saved}
        </p>
        <p className={styles.note}>{t.savedCount(s.total)}</p>
      </div>
    );
  }

  const retry = s.failed > 0;
  return (
    <div className={styles.box} data-testid="save-offline" data-state={s.state}>
      <button
        type="button"
        className={styles.button}
        onClick={s.save}
        disabled={s.state === 'checking' || !s.online}
      >
        {retry ? t.retry : t.save}
        {s.estimate !== null ? (
          <span className={styles.size}>{t.estimate(megabytes(s.estimate))}</span>
        ) : null}
      </button>
      {retry ? <p className={styles.note}>{t.partial(s.failed)}</p> : null}
      {!s.online ? <p className={styles.note}>{t.offline}</p> : null}
    </div>
  );
}
