import { Link } from '@tanstack/react-router';
import type { ExchangePost } from '@/data/pb/records';
import { koMySpace } from '@/i18n/ko-my-space';
import { ko } from '@/i18n/ko-features';
import { useExchangePostsByWriter } from '@/domains/posts/hooks';
import styles from './exchange-status-panel.module.css';

const STATUSES: readonly { value: ExchangePost['status']; label: string }[] = [
  { value: '교환대기중', label: ko.exchange.statusWaiting },
  { value: '교환중', label: ko.exchange.statusTrading },
  { value: '교환완료', label: ko.exchange.statusDone },
];

/**
 * How many of a user's exchange posts are in each status (docs/product-rules.md, Profile and
 * settings). The original app's screen hard-coded 2/0/2; here they are counted live from the local
 * store, so writing, moving or deleting a post (even offline) changes them at once. Each number
 * opens 내가 쓴 글 on that status.
 */
export function ExchangeStatusPanel({ userId }: { userId: string }) {
  const posts = useExchangePostsByWriter(userId);
  const counts = new Map<string, number>();
  for (const p of posts ?? []) counts.set(p.status, (counts.get(p.status) ?? 0) + 1);

  return (
    <section
      className={styles.panel}
      aria-labelledby="exchange-status-title"
      data-testid="exchange-status"
    >
      <h2 id="exchange-status-title" className={styles.title}>
        {ko.profile.exchangeStatusTitle}
      </h2>
      <dl className={styles.counts} aria-busy={posts === undefined}>
        {STATUSES.map(({ value, label }) => (
          <div key={value} className={styles.item} data-status={value}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.count} data-testid="exchange-status-count">
              {/* each number opens 내가 쓴 글 on its status (docs/product-rules.md, My posts) */}
              <Link
                to="/myPosts"
                search={{ status: value }}
                className={styles.countLink}
                aria-label={koMySpace.myPosts.statusCount(label, counts.get(value) ?? 0)}
                data-testid="exchange-status-link"
              >
                {posts === undefined ? '–' : (counts.get(value) ?? 0)}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
