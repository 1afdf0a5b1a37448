import { useState } from 'react';
import { PendingMark } from '@/components/ui/pending-mark';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { useFileUrl } from '@/data/pb/file-token';
import { fileUrl } from '@/data/pb/files';
import type { Report } from '@/data/pb/records';
import { recordKey } from '@/data/outbox/names';
import { InvalidInputError, LoginRequiredError, loadRepos } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko-features';
import { relativeTime } from '@/lib/relative-time';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { usePendingFileUrl, usePendingKeys } from '@/live/sync';
import { useReports } from '@/domains/reports/hooks';
import { reportsKo } from '@/domains/reports/ko';
import styles from './report-list.module.css';

const t = ko.reports;

/**
 * Below the hub's links: an admin reads every report received ('받은 제보'), a fan sees the ones
 * they sent ('내가 보낸 제보'), each with its image, what it names and when; one still queued on
 * this device carries a pending mark. Nothing shows when logged out or when there are none.
 *
 * Each row can be deleted (after a confirm) by whoever sees it: its author, or an admin. The
 * delete is queued like every change, so it works offline and is sent once when back online.
 * The images are protected files: shown with a file token, offline from the worker's cache
 * (data/pb/file-token.ts).
 */
export function ReportList() {
  const me = useOwnProfile();
  const reports = useReports();
  const pending = usePendingKeys();
  if (!me || !reports?.length) return null;
  const admin = me.role === 'admin';
  return (
    <section className={styles.section} aria-labelledby="report-list-title">
      <h2 id="report-list-title" className={styles.title}>
        {admin ? t.receivedTitle(reports.length) : t.mineTitle(reports.length)}
      </h2>
      <ul className={styles.list} data-testid="report-list">
        {reports.map((r) => (
          <ReportRow key={r.id} report={r} pending={pending.has(recordKey('informUs', r.id))} />
        ))}
      </ul>
    </section>
  );
}

function ReportRow({ report: r, pending }: { report: Report; pending: boolean }) {
  const confirm = useConfirm();
  const [failed, setFailed] = useState<string | null>(null);
  const field = r.type === 'phoca' ? 'phocaImg' : 'meetUpImg';
  const queued = usePendingFileUrl('informUs', r.id, field);
  const file = r.type === 'phoca' ? r.phocaImg : r.meetUpImg;
  const stored = useFileUrl('informUs', file ? fileUrl('informUs', r.id, file) : '');
  const src = queued ?? stored;
  const name = r.type === 'phoca' ? r.phocaTitle : r.cafeName;

  async function remove() {
    const ok = await confirm({
      message: t.deleteConfirm,
      confirmLabel: t.delete,
      destructive: true,
    });
    if (!ok) return;
    try {
      await (await loadRepos()).deleteReport(r.id);
      toast.success(t.deleted);
    } catch (err) {
      toast.error(
        err instanceof LoginRequiredError
          ? ko.messages.loginRequired
          : err instanceof InvalidInputError
            ? err.message
            : reportsKo.failures.reportDelete,
      );
    }
  }

  const details =
    r.type === 'phoca' ? [r.phocaType] : [r.cafeAddress, r.meetUpDuration].filter(Boolean);
  return (
    <li className={styles.item} data-testid="report-item" data-id={r.id}>
      {src && src !== failed ? (
        <img
          className={styles.image}
          src={src}
          alt={t.imageAlt(name)}
          loading="lazy"
          onError={() => setFailed(src)}
        />
      ) : (
        <span className={styles.image} aria-hidden="true" />
      )}
      <div className={styles.body}>
        <p className={styles.kind}>
          <span className={styles.chip}>{r.type === 'phoca' ? t.kindPhoca : t.kindMeetup}</span>
          <span className={styles.time}>{relativeTime(r.created)}</span>
          {pending ? <PendingMark /> : null}
          <button
            type="button"
            className={styles.delete}
            onClick={() => void remove()}
            aria-label={t.deleteAria(name)}
            data-testid="report-delete"
          >
            {t.delete}
          </button>
        </p>
        <p className={styles.name}>{name}</p>
        <p className={styles.meta}>{[r.group, r.artistName].filter(Boolean).join(' · ')}</p>
        {details.length ? <p className={styles.meta}>{details.join(' · ')}</p> : null}
        {r.SourceURL_ ? (
          <a className={styles.link} href={r.SourceURL_} target="_blank" rel="noopener noreferrer">
            {t.sourceOpen}
          </a>
        ) : null}
      </div>
    </li>
  );
}
