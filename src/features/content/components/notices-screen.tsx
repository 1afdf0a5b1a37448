import { Link } from '@tanstack/react-router';
import { useNotices, useNoticesSeenAt } from '@/domains/notices/hooks';
import { MegaphoneIcon } from '@/components/ui/icons';
import { NewDot } from '@/components/ui/new-dot';
import { NoticeCard } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { koContent } from '@/features/content/ko';
import { noticeDate, publishedAt } from '@/features/content/notice-date';
import styles from './content.module.css';

const t = koContent.content;

/**
 * /notices, 공지사항 (docs/product-rules.md, Notices): pinned first, then newest first, read from
 * the local store (synced like every public collection), so the list opens offline. A notice
 * newer than the newest one opened on this device carries the new dot.
 */
export function NoticesScreen() {
  const notices = useNotices();
  const seenAt = useNoticesSeenAt();
  return (
    <section className={styles.screen} data-testid="notices-screen">
      <ScreenTitle title={t.titles.notices} back />
      {notices === undefined ? (
        <p className={styles.hint} role="status">
          {t.notices.loading}
        </p>
      ) : notices.length === 0 ? (
        <NoticeCard
          icon={<MegaphoneIcon size={32} />}
          title={t.notices.empty}
          body={t.notices.emptyBody}
          testId="notices-empty"
        />
      ) : (
        <>
          <ul className={styles.noticeList} aria-label={t.notices.listLabel}>
            {notices.map((n) => (
              <li key={n.id}>
                <Link
                  to="/notices/$noticeId"
                  params={{ noticeId: n.id }}
                  className={styles.noticeRow}
                  data-testid="notice-row"
                >
                  <span className={styles.noticeTitle}>
                    {n.pinned ? <span className={styles.pinned}>{t.notices.pinned}</span> : null}
                    <span>{n.title}</span>
                    {seenAt !== undefined && publishedAt(n) > seenAt ? (
                      <NewDot label={t.notices.newLabel} />
                    ) : null}
                  </span>
                  <span className={styles.meta}>{noticeDate(publishedAt(n))}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className={styles.hint}>{t.notices.offlineHint}</p>
        </>
      )}
    </section>
  );
}
