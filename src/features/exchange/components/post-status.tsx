import { useId } from 'react';
import { ko } from '@/i18n/ko-features';
import { POST_STATUSES, type PostStatus } from './post-errors';
import styles from './post-status.module.css';

const CHIP_CLASS: Record<PostStatus, string | undefined> = {
  교환대기중: styles.waiting,
  교환중: styles.trading,
  교환완료: styles.done,
};

/** The status as a coloured chip (every pair ≥ 4.5:1, see the CSS). */
export function StatusChip({ status }: { status: PostStatus }) {
  const label = POST_STATUSES.find((s) => s.value === status)?.label ?? status;
  return (
    <span className={`${styles.chip} ${CHIP_CLASS[status] ?? ''}`} data-testid="post-status">
      {label}
    </span>
  );
}

/**
 * The writer's control, in the chip's place and colours: moves the post 교환대기중 → 교환중 → 교환완료
 * (or back).
 */
export function StatusSelect({
  status,
  onChange,
}: {
  status: PostStatus;
  onChange: (status: PostStatus) => void;
}) {
  const id = useId();
  return (
    <span className={styles.control}>
      <label htmlFor={id} className="visually-hidden">
        {ko.exchange.statusLabel}
      </label>
      <select
        id={id}
        className={`${styles.select} ${CHIP_CLASS[status] ?? ''}`}
        value={status}
        onChange={(e) => onChange(e.target.value as PostStatus)}
        data-testid="post-status-select"
      >
        {POST_STATUSES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </span>
  );
}
