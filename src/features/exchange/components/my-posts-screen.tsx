import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { ScreenTitle } from '@/components/ui/screen-title';
import { PendingMark } from '@/components/ui/pending-mark';
import { useNow } from '@/components/hooks/use-now';
import { CARD_IMAGE, fileUrl } from '@/data/pb/files';
import { recordKey } from '@/data/outbox/names';
import { EXCHANGE_STATUSES, type ExchangePost } from '@/data/pb/records';
import { relativeTime } from '@/lib/relative-time';
import { koMySpace } from '@/i18n/ko-my-space';
import { useExchangePostsByWriter } from '@/domains/posts/hooks';
import { usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import { useFailedKeys, usePendingKeys } from '@/live/sync';
import { POST_STATUSES } from './post-errors';
import { StatusChip } from './post-status';
import { PostTermsLine } from './post-terms';
import frame from '@/components/ui/detail-screen.module.css';
import styles from './my-posts-screen.module.css';

const t = koMySpace.myPosts;
const route = getRouteApi('/main/myPosts');

/**
 * /myPosts, 내가 쓴 글 (docs/product-rules.md, My posts): the signed-in fan's exchange posts, one
 * status at a time (the three a post can have), newest first, each with its type badge and the
 * price of a 양도 post, opening its card. Reads the
 * local store, so it opens offline and a post written or moved offline is here at once, with its
 * pending mark.
 */
export function MyPostsScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  const asked = route.useSearch().status;
  const status = EXCHANGE_STATUSES.find((s) => s === asked) ?? EXCHANGE_STATUSES[0];
  const posts = useExchangePostsByWriter(userId);
  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const p of posts ?? []) m.set(p.status, (m.get(p.status) ?? 0) + 1);
    return m;
  }, [posts]);
  const shown = useMemo(() => (posts ?? []).filter((p) => p.status === status), [posts, status]);
  const label = POST_STATUSES.find((s) => s.value === status)?.label ?? status;

  return (
    <section className={frame.screen} data-testid="my-posts-screen">
      <ScreenTitle title={t.title} back />
      {!userId ? (
        <div className={frame.status} data-testid="my-posts-logged-out">
          <p className={frame.error}>{t.loggedOutTitle}</p>
          <p>{t.loggedOutBody}</p>
          <Link to="/login" className={frame.back}>
            {t.loginLink}
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label={t.statusesLabel}>
            <ul className={styles.tabs}>
              {POST_STATUSES.map((s) => (
                <li key={s.value}>
                  <Link
                    to="/myPosts"
                    search={{ status: s.value }}
                    replace
                    className={styles.tab}
                    aria-current={s.value === status ? 'page' : undefined}
                    data-testid="my-posts-tab"
                    data-status={s.value}
                  >
                    {s.label}
                    <span className={styles.tabCount}>
                      {posts === undefined ? '–' : (counts.get(s.value) ?? 0)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {posts === undefined ? (
            <p className={frame.status} role="status">
              {t.loading}
            </p>
          ) : shown.length === 0 ? (
            <p className={styles.empty} data-testid="my-posts-empty">
              {t.empty(label)}
            </p>
          ) : (
            <PostRows posts={shown} />
          )}
        </>
      )}
    </section>
  );
}

function PostRows({ posts }: { posts: readonly ExchangePost[] }) {
  const cardIds = useMemo(() => [...new Set(posts.map((p) => p.photoCard))], [posts]);
  const cards = usePhotoCardsByIds(cardIds);
  const byId = useMemo(() => new Map((cards ?? []).map((c) => [c.id, c])), [cards]);
  const pending = usePendingKeys();
  const failed = useFailedKeys();
  const now = useNow(60_000);

  return (
    <ul className={styles.list} data-testid="my-posts-list">
      {posts.map((post) => {
        const card = byId.get(post.photoCard);
        const name = card
          ? [card.groupName, card.memberName, card.title].filter(Boolean).join(' ')
          : t.unknownCard;
        const key = recordKey('exchangeList', post.id);
        const src = card?.cardImg
          ? fileUrl('photoCards', card.id, card.cardImg, CARD_IMAGE.thumb(160))
          : '';
        return (
          <li key={post.id} className={styles.item} data-testid="my-post" data-post-id={post.id}>
            <Link to="/exchangeDetail/$id" params={{ id: post.photoCard }} className={styles.link}>
              <span className={styles.thumb}>
                {src ? (
                  <img src={src} alt="" width={64} height={96} loading="lazy" decoding="async" />
                ) : null}
              </span>
              <span className={styles.body}>
                <span className={styles.head}>
                  <span className={styles.card}>{name}</span>
                  <StatusChip status={post.status} />
                </span>
                <PostTermsLine post={post} compact />
                <span className={styles.text} data-testid="my-post-description">
                  {post.description}
                </span>
                <span className={styles.meta}>
                  {relativeTime(post.created, now)}
                  {failed.has(key) ? (
                    <PendingMark variant="failed" />
                  ) : pending.has(key) ? (
                    <PendingMark />
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
