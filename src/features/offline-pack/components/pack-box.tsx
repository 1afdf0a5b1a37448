import { ProgressBar } from '@/components/ui/progress-bar';
import { useNearViewport } from '@/components/hooks/use-near-viewport';
import { koOfflinePack as t } from '@/features/offline-pack/ko';
import { useOfflinePack, type PackTarget } from '@/features/offline-pack/hooks/use-offline-pack';
import styles from './offline-pack.module.css';

export interface PackBoxProps {
  target: PackTarget;
  title: string;
  saveLabel: string;
  /** What the pack is of, for the remove button's name ('… 오프라인 저장 삭제'). */
  what: string;
  more?: string | null;
}

function savedTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getMonth() + 1}/${d.getDate()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * One pack: before saving, what it will keep (events, images, map tiles, about how much space);
 * while saving, a progress bar; once saved, '오프라인 저장됨 · 2.3MB' and 삭제. Renders nothing
 * where packs cannot be kept (no service worker).
 */
export function PackBox({ target, title, saveLabel, what, more }: PackBoxProps) {
  const [nearRef, near] = useNearViewport<HTMLElement>();
  const p = useOfflinePack(target, near);
  if (!p.supported) return null;
  const { plan } = p;

  let body;
  if (p.saving) {
    const done = p.progress?.done ?? 0;
    const total = p.progress?.total ?? plan.files.length + plan.tiles.length;
    body = (
      <>
        <ProgressBar
          value={done}
          max={total}
          label={t.progressLabel}
          valueText={t.progress(done, total)}
        />
        <p className={styles.note} aria-live="polite">
          {t.progress(done, total)}
        </p>
      </>
    );
  } else if (p.record) {
    const r = p.record;
    body = (
      <>
        <div className={styles.row}>
          <p className={styles.saved} role="status" data-testid="offline-pack-saved">
            <span aria-hidden="true">✓</span> {t.saved(r.bytes)}
          </p>
          <button
            type="button"
            className={styles.remove}
            onClick={p.remove}
            disabled={p.removing}
            aria-label={t.removeLabel(what)}
          >
            {t.remove}
          </button>
        </div>
        <p className={styles.note}>
          {t.kept(r.events.length, r.files, r.tiles, r.comments)} ·{' '}
          {t.savedAt(savedTime(r.savedAt))}
        </p>
        {r.failed > 0 ? (
          <p className={styles.note}>
            {t.partial(r.failed)}{' '}
            <button type="button" className={styles.link} onClick={p.save} disabled={!p.online}>
              {t.retry}
            </button>
          </p>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <p className={styles.note} data-testid="offline-pack-plan">
          {p.estimate === null
            ? t.planHint
            : t.plan(target.events.length, plan.files.length, plan.tiles.length, p.estimate)}
        </p>
        {more ? <p className={styles.note}>{more}</p> : null}
        <button
          type="button"
          className={styles.button}
          onClick={p.save}
          disabled={!p.online || !target.events.length}
        >
          {saveLabel}
        </button>
        {!p.online ? <p className={styles.note}>{t.offline}</p> : null}
        {p.error ? (
          <p className={styles.error} role="alert" data-testid="offline-pack-error">
            {p.error === 'quota' ? t.storageFull : t.failed}
          </p>
        ) : null}
      </>
    );
  }

  const state = p.saving ? 'saving' : p.record ? 'saved' : 'idle';
  return (
    <section
      ref={nearRef}
      className={styles.box}
      aria-label={title}
      data-testid="offline-pack"
      data-state={state}
      data-pack={target.pack}
      data-bytes={p.record?.bytes ?? undefined}
    >
      {body}
    </section>
  );
}
