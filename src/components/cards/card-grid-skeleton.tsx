import { ko } from '@/i18n/ko-features';
import styles from './card-grid-skeleton.module.css';

export interface CardGridSkeletonProps {
  /** The grid's own layout class, so the placeholders take the real tiles' places. */
  className?: string;
  count?: number;
}

/**
 * Grey tiles where cards are about to be. Reads come from IndexedDB and usually land within a
 * frame, so the tiles fade in only after a short delay: a fast load shows nothing at all rather
 * than a flash.
 */
export function CardGridSkeleton({ className, count = 12 }: CardGridSkeletonProps) {
  return (
    <div data-testid="card-grid-skeleton">
      <p role="status" className="visually-hidden">
        {ko.cardGrid.loading}
      </p>
      <ul className={className} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className={styles.tile}>
            <span className={styles.image} />
            <span className={styles.line} />
            <span className={`${styles.line} ${styles.short}`} />
          </li>
        ))}
      </ul>
    </div>
  );
}
