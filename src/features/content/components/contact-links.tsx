import { Link } from '@tanstack/react-router';
import { ko } from '@/i18n/ko-features';
import { koContent } from '@/features/content/ko';
import { siteLinks } from '@/lib/site-links';
import styles from './content.module.css';

const t = koContent.content;

/**
 * Where to ask: the mail address when the deployment set one (VITE_CONTACT_EMAIL, lib/site-links),
 * the source repository when set, and always the in-app report form and FAQ.
 */
export function ContactLinks({ source = false }: { source?: boolean }) {
  const { contactEmail, sourceUrl } = siteLinks;
  return (
    <div className={styles.links}>
      {contactEmail ? (
        <a className={styles.pill} href={`mailto:${contactEmail}`} data-testid="contact-mail">
          {t.mailLink(contactEmail)}
        </a>
      ) : null}
      {source && sourceUrl ? (
        <a className={styles.pill} href={sourceUrl} rel="noopener" data-testid="source-link">
          {t.sourceLink}
        </a>
      ) : null}
      <Link className={styles.pill} to="/informUs">
        {ko.profile.report}
      </Link>
      <Link className={styles.pill} to="/faq">
        {t.faqLink}
      </Link>
    </div>
  );
}
