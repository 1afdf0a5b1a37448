import { Link } from '@tanstack/react-router';
import { CardsIcon, MapPinIcon } from '@/components/ui/icons';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ko } from '@/i18n/ko-features';
import { ReportList } from './report-list';
import styles from './reports.module.css';

/**
 * /informUs (docs/product-rules.md, Reports): the report hub, open to everyone, with its two links;
 * below them an admin reads the reports received and a fan sees the ones they sent.
 */
export function InformUsScreen() {
  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.informUs} back />
      <p className={styles.intro}>{ko.reports.hubIntro}</p>
      <nav aria-label={ko.reports.hubLinksLabel}>
        <ul className={styles.links}>
          <li>
            <Link
              to="/informUs/photoCardSubmit"
              className={styles.link}
              data-testid="report-link-phoca"
            >
              <span className={styles.linkIcon} aria-hidden="true">
                <CardsIcon size={28} />
              </span>
              <span className={styles.linkText}>
                <span className={styles.linkTitle}>{ko.reports.photoCardLink}</span>
                <span className={styles.linkBody}>{ko.reports.photoCardLinkBody}</span>
              </span>
            </Link>
          </li>
          <li>
            <Link
              to="/informUs/meetUpSubmit"
              className={styles.link}
              data-testid="report-link-meetup"
            >
              <span className={styles.linkIcon} aria-hidden="true">
                <MapPinIcon size={28} />
              </span>
              <span className={styles.linkText}>
                <span className={styles.linkTitle}>{ko.reports.meetUpLink}</span>
                <span className={styles.linkBody}>{ko.reports.meetUpLinkBody}</span>
              </span>
            </Link>
          </li>
        </ul>
      </nav>
      <ReportList />
    </section>
  );
}
