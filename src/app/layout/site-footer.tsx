import { ko } from '@/i18n/ko';
import { Logo } from './logo';
import { PlainLink } from './plain-link';
import styles from './site-footer.module.css';

const LINKS = ['about', 'source', 'recruit', 'support'] as const;

/**
 * Project links, team and cohort (docs/product-rules.md, Layout and navigation). Not shown on
 * /meetup (see shouldShowFooter).
 */
export function SiteFooter() {
  const t = ko.footer;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo onDark />
          <p className={styles.tagline}>{t.tagline}</p>
        </div>
        <nav aria-label={t.label}>
          <ul className={styles.links}>
            {LINKS.map((key) => (
              <li key={key}>
                {/* Placeholder targets until the real pages exist. */}
                <PlainLink to="/" className={styles.link}>
                  {t.links[key]}
                </PlainLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.team} aria-labelledby="footer-team-title">
          <h2 id="footer-team-title" className={styles.teamTitle}>
            {t.teamTitle}
          </h2>
          <ul className={styles.members}>
            {t.team.map((member) => (
              <li key={member}>{member}</li>
            ))}
          </ul>
        </section>
        <p className={styles.cohort}>{t.cohort}</p>
        <p className={styles.copyright}>{t.copyright}</p>
      </div>
    </footer>
  );
}
