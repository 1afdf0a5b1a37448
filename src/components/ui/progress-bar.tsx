import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** Done so far (clamped to 0…max). */
  value: number;
  max: number;
  /** What is in progress, for screen readers ('카드 불러오기 진행률'). */
  label: string;
  /** The value as words ('123 / 400장'); read instead of a bare number. */
  valueText?: string;
  /** A thinner bar (4 px), for a line under a heading. */
  slim?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A progress bar: role="progressbar" with its value, bounds, name and the value as words, and a
 * fill that follows the value (no animation with reduced motion). Shared by the saves for offline
 * (a collect book's images, an event pack) and a group's cards coming in (docs/sync.md, Pull by
 * scope).
 */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  slim = false,
  className,
  testId,
}: ProgressBarProps) {
  const now = Math.max(0, Math.min(value, max));
  const percent = max > 0 ? (now / max) * 100 : 0;
  const classes = [styles.bar, slim ? styles.slim : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div
      className={classes}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={now}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <span className={styles.fill} style={{ width: `${percent}%` }} />
    </div>
  );
}
