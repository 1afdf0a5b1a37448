import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ChevronLeftIcon } from '@/components/ui/icons';
import styles from './promo-banner.module.css';

export interface PromoBannerProps {
  to: '/profile' | '/profileSetting';
  title: string;
  body: string;
  /** A line icon from components/ui/icons, drawn in the badge. */
  icon: ReactNode;
  tone: 'rose' | 'lilac';
  testId: string;
}

/** A wide link card between and after the home rows (collect book, FAQ). */
export function PromoBanner({ to, title, body, icon, tone, testId }: PromoBannerProps) {
  return (
    <Link to={to} className={`${styles.promo} ${styles[tone]}`} data-testid={testId}>
      <span className={styles.badge} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.text}>
        <span className={styles.title}>{title}</span>
        <span className={styles.body}>{body}</span>
      </span>
      <ChevronLeftIcon size={20} className={styles.chevron} />
    </Link>
  );
}
