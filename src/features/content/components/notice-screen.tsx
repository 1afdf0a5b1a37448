import { getRouteApi, Link } from '@tanstack/react-router';
import { useMarkNoticeSeen, useNotice } from '@/domains/notices/hooks';
import { screenDocumentTitle } from '@/components/hooks/use-document-title';
import { MegaphoneIcon } from '@/components/ui/icons';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ScreenTitle } from '@/components/ui/screen-title';
import { koContent } from '@/features/content/ko';
import { noticeDate, publishedAt } from '@/features/content/notice-date';
import styles from './content.module.css';

const t = koContent.content;

// getRouteApi reads the param without importing the route definition (see collect-book.page).
const route = getRouteApi('/main/notices/$noticeId');

/** The route's screen: the notice named by the address. */
export function NoticeDetailPage() {
  const { noticeId } = route.useParams();
  return <NoticeScreen key={noticeId} noticeId={noticeId} />;
}

/**
 * /notices/{id}: one notice, from the local store. Opening it remembers it on this device as
 * seen, which clears the new dot when it was the newest (docs/product-rules.md, Notices).
 */
export function NoticeScreen({ noticeId }: { noticeId: string }) {
  const notice = useNotice(noticeId);
  useMarkNoticeSeen(notice);
  return (
    <section className={styles.screen} data-testid="notice-screen">
      <ScreenTitle
        title={t.titles.notice}
        back
        documentTitle={notice ? screenDocumentTitle(notice.title) : undefined}
      />
      {notice === undefined ? (
        <p className={styles.hint} role="status">
          {t.notices.loading}
        </p>
      ) : notice === null ? (
        <NoticeCard
          icon={<MegaphoneIcon size={32} />}
          title={t.notices.notFound}
          body={t.notices.notFoundBody}
          testId="notice-missing"
        >
          <Link to="/notices" className={noticeActionClass}>
            {t.notices.backToList}
          </Link>
        </NoticeCard>
      ) : (
        <article className={styles.card}>
          <header>
            <h2 className={styles.docTitle}>{notice.title}</h2>
            <p className={styles.updated}>{t.notices.published(noticeDate(publishedAt(notice)))}</p>
          </header>
          <div className={styles.noticeBody}>{notice.body}</div>
          <div className={styles.links}>
            <Link to="/notices" className={styles.pill}>
              {t.notices.backToList}
            </Link>
          </div>
        </article>
      )}
    </section>
  );
}
