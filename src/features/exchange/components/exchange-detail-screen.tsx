import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ShareButton } from '@/components/ui/share-button';
import { ko } from '@/i18n/ko-features';
import { koShare } from '@/i18n/ko-share';
import { usePhotoCard } from '@/domains/catalogue/hooks';
import { useOnline } from '@/components/hooks/use-online';
import {
  useExchangePostCount,
  useExchangePostsOfCard,
  useExchangePostsOfCardFiltered,
  usePostFacets,
  type PostFilter,
} from '@/domains/posts/hooks';
import { koPostTerms } from '@/features/exchange/ko-post-terms';
import { CardTradePanel } from '@/components/trades/card-trade-panel';
import { HaveScan } from '@/components/card-scan/have-scan';
import { CardPanel } from './card-panel';
import { NO_FILTER, PostFilterBar } from './post-filter';
import { PostForm } from './post-form';
import { PostList } from './post-list';
import frame from '@/components/ui/detail-screen.module.css';
import styles from './exchange-detail-screen.module.css';

/** Posts shown at first, and added by each 더 보기. */
export const POSTS_PAGE = 20;

/**
 * /exchangeDetail/{id} (docs/product-rules.md, Exchange posts): the card, its have/want marks
 * (docs/trades.md, What a fan sees) with 스캔, which puts the cards of its group the camera finds
 * on the have list (docs/card-scan.md), then its exchange posts with the form to write one and the
 * chips that narrow them to a type or a shipping method.
 * Everything reads the local store, so a visited card and its posts open offline too; a card
 * outside the sync scope is read from the server when opened (docs/sync.md, The cache).
 * Keyed by id so moving to another card starts with an empty form.
 */
export function ExchangeDetailScreen({ id }: { id: string }) {
  return <Detail key={id} id={id} />;
}

function Detail({ id }: { id: string }) {
  const card = usePhotoCard(id);
  // a page of posts at a time: a busy card's first screen stays small (docs/product-rules.md)
  const [showing, setShowing] = useState(POSTS_PAGE);
  // 전체 / 교환 / 양도 / 구함 and a shipping method: the unfiltered list is the server-rendered one
  const [filter, setFilter] = useState<PostFilter>(NO_FILTER);
  const filtered = !!(filter.postType || filter.shipping);
  const all = useExchangePostsOfCard(card ? card.id : null, showing);
  const postCount = useExchangePostCount(card ? card.id : null);
  const some = useExchangePostsOfCardFiltered(card && filtered ? card.id : null, filter, showing);
  const facets = usePostFacets(card ? card.id : null);
  const posts = filtered ? some?.posts : all;
  const shownTotal = filtered ? some?.total : postCount;
  // a card outside this device's saved ones is read from the server when opened; offline it
  // can only be shown once the connection is back (docs/sync.md, The cache)
  const online = useOnline();

  return (
    <section className={frame.screen}>
      <ScreenTitle
        title={ko.screens.exchangeDetail}
        back
        actions={
          card ? (
            <ShareButton
              path={`/exchangeDetail/${card.id}`}
              title={koShare.card.title(
                [card.groupName, card.memberName, card.title].filter(Boolean).join(' '),
              )}
            />
          ) : undefined
        }
        documentTitle={
          card === undefined
            ? null
            : card === null
              ? koShare.card.missing
              : koShare.card.title(
                  [card.groupName, card.memberName, card.title].filter(Boolean).join(' '),
                )
        }
      />
      {card === undefined ? (
        <p className={frame.status} role="status">
          {ko.common.loading}
        </p>
      ) : card === null ? (
        online ? (
          <Missing
            testId="card-missing"
            title={ko.exchange.notFound}
            hint={ko.exchange.notFoundHint}
          />
        ) : (
          <Missing
            testId="card-offline"
            title={ko.exchange.offlineMissing}
            hint={ko.exchange.offlineMissingHint}
          />
        )
      ) : (
        <div className={styles.layout}>
          <div className={styles.cardColumn}>
            <CardPanel card={card} />
          </div>
          <div className={styles.tradeColumn}>
            <CardTradePanel cardId={card.id} />
            {card.group ? (
              <HaveScan
                scope={{ group: card.group, groupName: card.groupName }}
                className={styles.scan}
                testId="card-scan"
              />
            ) : null}
          </div>
          <section className={styles.posts} aria-labelledby="post-count">
            <h2 id="post-count" className={styles.count} data-testid="post-count">
              {ko.exchange.postCount(Math.max(postCount ?? 0, all?.length ?? 0))}
            </h2>
            <PostForm cardId={card.id} />
            {/* nothing to narrow on a card without posts */}
            {facets?.all === 0 && !filtered ? null : (
              <PostFilterBar
                value={filter}
                onChange={(next) => {
                  setFilter(next);
                  setShowing(POSTS_PAGE);
                }}
                facets={facets}
              />
            )}
            {posts === undefined ? (
              <p className={frame.status} role="status">
                {ko.common.loading}
              </p>
            ) : (
              <>
                <PostList posts={posts} empty={filtered ? koPostTerms.filter.empty : undefined} />
                {shownTotal !== undefined && shownTotal > posts.length && (
                  <button
                    type="button"
                    className={styles.morePosts}
                    data-testid="more-posts"
                    onClick={() => setShowing((n) => n + POSTS_PAGE)}
                  >
                    {ko.exchange.morePosts(Math.min(POSTS_PAGE, shownTotal - posts.length))}
                  </button>
                )}
              </>
            )}
          </section>
        </div>
      )}
    </section>
  );
}

/** No card to show: why, and the way back to the list. */
function Missing({ testId, title, hint }: { testId: string; title: string; hint: string }) {
  return (
    <div className={frame.status} role="alert" data-testid={testId}>
      <p className={frame.error}>{title}</p>
      <p>{hint}</p>
      <Link to="/exchange" className={frame.back}>
        {ko.exchange.backToList}
      </Link>
    </div>
  );
}
