import { ko } from '@/i18n/ko';
import { PlainLink } from './plain-link';
import styles from './logo.module.css';

/** The wordmark, linking home. `onDark` for the footer. */
export function Logo({ onDark = false }: { onDark?: boolean }) {
  return (
    <PlainLink
      to="/"
      className={onDark ? `${styles.logo} ${styles.onDark}` : styles.logo}
      aria-label={ko.nav.logoLabel}
    >
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect x="7" y="3" width="19" height="25" rx="4" fill="currentColor" opacity="0.28" />
        <rect x="4" y="5" width="19" height="24" rx="4" fill="currentColor" />
        <path
          d="M13.5 12.2c1-1.7 4.5-1.5 4.5 1.3 0 2.5-4.5 5.3-4.5 5.3S9 16 9 13.5c0-2.8 3.5-3 4.5-1.3Z"
          fill="#fff"
        />
      </svg>
      <span className={styles.text}>{ko.app.name}</span>
    </PlainLink>
  );
}
