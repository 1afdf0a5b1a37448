import { ko } from '@/i18n/ko';
import { koFooterLinks } from '@/i18n/ko-content-nav';
import { siteLinks } from '@/lib/site-links';
import { Logo } from './logo';
import { PlainLink } from './plain-link';
import styles from './site-footer.module.css';

const PAGES = [
  ['about', '/about'],
  ['notices', '/notices'],
  ['faq', '/faq'],
  ['guide', '/guide'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
] as const;

/**
 * The app's pages about itself, the source repository and mail when the deployment configured
 * them (lib/site-links.ts), team and cohort (docs/product-rules.md, Layout and navigation). Not
 * shown on /meetup (see shouldShowFooter).
 */
export function SiteFooter() {
  const t = ko.footer;
  const links = koFooterLinks;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo onDark />
          <p className={styles.tagline}>{t.tagline}</p>
        </div>
        <nav aria-label={t.label}>
          <ul className={styles.links}>
            {PAGES.map(([key, to]) => (
              <li key={key}>
                <PlainLink to={to} className={styles.link}>
                  {links[key]}
                </PlainLink>
              </li>
            ))}
            {siteLinks.sourceUrl ? (
              <li>
                <a href={siteLinks.sourceUrl} rel="noopener" className={styles.link}>
                  {links.source}
                </a>
              </li>
            ) : null}
            {siteLinks.contactEmail ? (
              <li>
                <a href={`mailto:${siteLinks.contactEmail}`} className={styles.link}>
                  {links.contact}
                </a>
              </li>
            ) : null}
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
