import { PendingMark } from '@/components/ui/pending-mark';
import { fileUrl } from '@/data/pb/files';
import type { Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { progressPercent } from '@/features/collect-book/book-diff';
import styles from './book-progress.module.css';

const t = ko.collectBookScreen;

export interface BookProgressProps {
  group: Group;
  owned: number;
  total: number;
  /** Unsaved ticks on this screen. */
  dirty: boolean;
  /** A saved change still waits in the outbox. */
  pending: boolean;
  saving: boolean;
  onComplete: () => void;
}

// The ring's geometry: a circle of radius 42 in a 100×100 box, stroked 10 wide.
const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The circular progress card (docs/product-rules.md, Collect book): the group's logo inside a ring
 * filled to the percent owned, the percent and owned/total, and '완료'. Reflects unsaved ticks too,
 * marked '저장 안 됨'.
 */
export function BookProgress({
  group,
  owned,
  total,
  dirty,
  pending,
  saving,
  onComplete,
}: BookProgressProps) {
  const percent = progressPercent(owned, total);
  const logo = group.logoImage ? fileUrl('groups', group.id, group.logoImage, '100x100') : '';
  return (
    <div className={styles.card} data-testid="book-progress">
      <div
        className={styles.ring}
        role="img"
        aria-label={t.progressAria(percent, owned, total)}
        data-percent={percent}
      >
        <svg viewBox="0 0 100 100" className={styles.svg} aria-hidden="true">
          <circle className={styles.track} cx="50" cy="50" r={RADIUS} />
          <circle
            className={styles.fill}
            cx="50"
            cy="50"
            r={RADIUS}
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
          />
        </svg>
        {logo ? (
          <img className={styles.logo} src={logo} alt="" width={56} height={56} />
        ) : (
          <span className={styles.initial} aria-hidden="true">
            {group.groupName.slice(0, 1)}
          </span>
        )}
      </div>
      <div className={styles.stats}>
        <p className={styles.group}>{group.groupName}</p>
        <p className={styles.percentLine} aria-hidden="true">
          <span className={styles.label}>{t.progressLabel}</span>
          <span className={styles.percent} data-testid="book-percent">
            {percent}%
          </span>
        </p>
        <p className={styles.count} aria-hidden="true" data-testid="book-count">
          {t.count(owned, total)}
        </p>
        <p className={styles.flags} aria-live="polite">
          {dirty ? (
            <span className={styles.unsaved} data-testid="book-unsaved">
              {t.unsaved}
            </span>
          ) : null}
          {pending ? <PendingMark /> : null}
        </p>
      </div>
      <button
        type="button"
        className={styles.complete}
        onClick={onComplete}
        disabled={saving}
        data-testid="book-complete"
      >
        {t.complete}
      </button>
    </div>
  );
}
