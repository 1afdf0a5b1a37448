import { Link } from '@tanstack/react-router';
import { koSafety } from './ko-safety';
import styles from './sell-safety-notice.module.css';

/**
 * The notice on a 양도 (sell) post, where money changes hands (docs/product-rules.md, Exchange
 * posts): what a scam asks for, and the way to the safety guide. A component of its own so the
 * chat thread and the proposal form can show it when they start from a 양도 post.
 */
export function SellSafetyNotice({ className }: { className?: string }) {
  return (
    <p
      className={className ? `${styles.notice} ${className}` : styles.notice}
      data-testid="sell-safety"
    >
      <span aria-hidden="true" className={styles.icon}>
        !
      </span>
      <span>
        {koSafety.notice}{' '}
        <Link to="/safety" className={styles.guide}>
          {koSafety.guide}
        </Link>
      </span>
    </p>
  );
}
