import { useNow } from '@/components/hooks/use-now';
import { koMeetupNear } from '@/i18n/ko-meetup-near';
import { relativeTime } from '@/lib/relative-time';
import type { NearMe, NearOrder } from './near-me';
import styles from './near-order.module.css';

const t = koMeetupNear.meetupNear;

/** How often the kept position's age ('5분 전') is brought up to date. */
const AGE_TICK_MS = 30_000;

/**
 * Under the search while the list knows the fan's position (docs/product-rules.md, Meetup map):
 * where the distances are measured from ('현재 위치 기준', or '마지막 위치 · 5분 전' for a kept
 * position), and the order: '가까운 순' or back to '기본 순' (the usual date order) and again,
 * without asking for the position anew.
 */
export function NearOrderBar({
  near,
  order,
  onOrder,
}: {
  near: NearMe;
  order: NearOrder;
  onOrder: (order: NearOrder) => void;
}) {
  const now = useNow(AGE_TICK_MS);
  const source = near.last ? t.fromLast(relativeTime(near.at, now)) : t.fromHere;
  return (
    <div className={styles.bar}>
      <p
        className={near.last ? `${styles.source} ${styles.last}` : styles.source}
        data-testid="near-source"
        data-last={near.last ? 'true' : 'false'}
      >
        {source}
      </p>
      <div className={styles.order} role="group" aria-label={t.orderLabel}>
        <button
          type="button"
          aria-pressed={order === 'distance'}
          onClick={() => onOrder('distance')}
        >
          {t.byDistance}
        </button>
        <button type="button" aria-pressed={order === 'date'} onClick={() => onOrder('date')}>
          {t.byDate}
        </button>
      </div>
    </div>
  );
}
