import type { ReactNode } from 'react';
import { ko } from '@/i18n/ko';
import { ScreenTitle } from './screen-title';
import styles from './coming-soon.module.css';

export interface ComingSoonProps {
  title: string;
  /** One of the line icons from ./icons, drawn large in the illustration. */
  icon: ReactNode;
  back?: boolean;
  /** A line under the badge, e.g. the collect book's title from the URL. */
  subtitle?: string;
}

/** Placeholder for a screen whose feature has not landed yet: title, illustration, one line. */
export function ComingSoon({ title, icon, back = false, subtitle }: ComingSoonProps) {
  return (
    <section className={styles.screen}>
      <ScreenTitle title={title} back={back} />
      <div className={styles.card}>
        <div className={styles.art} aria-hidden="true">
          <span className={styles.blobA} />
          <span className={styles.blobB} />
          <span className={styles.sparkle1}>✦</span>
          <span className={styles.sparkle2}>✦</span>
          <span className={styles.icon}>{icon}</span>
        </div>
        <span className={styles.badge}>{ko.placeholder.badge}</span>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        <p className={styles.body}>{ko.placeholder.body}</p>
      </div>
    </section>
  );
}
