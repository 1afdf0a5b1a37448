import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { cardSortAtom, isLoggedInAtom, useAtomValue } from '@/state/store';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ko } from '@/i18n/ko-features';
import { filterCards } from '@/lib/card-search';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { useSortedCards } from '@/components/hooks/use-sorted-cards';
import { useLikedCards } from '@/domains/likes/hooks';
import { CardGridSection } from '@/components/cards/card-grid-section';
import { CardSearchBox } from '@/components/cards/card-search-box';
import { EmptyState } from '@/components/cards/empty-state';
import styles from './like-detail-screen.module.css';

/**
 * /LikeDetail, the wishlist (docs/product-rules.md, Likes): the liked cards, most recently liked
 * first, with their own search (debounced 500 ms). Unliking a card here drops it from the list at
 * once. Logged out it lists the hearts ticked on this device and invites a login.
 */
export function LikeDetailScreen() {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const sort = useAtomValue(cardSortAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const liked = useSortedCards(useLikedCards(), sort);
  const cards = useMemo(() => (liked ? filterCards(liked, search) : undefined), [liked, search]);
  const nothingLiked = liked?.length === 0;

  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.likeDetail} back />
      {loggedIn ? null : (
        <p className={styles.guest} data-testid="guest-likes-note">
          {ko.likeDetail.guestNote}{' '}
          <Link to="/login" className={styles.loginLink}>
            {ko.likeDetail.login}
          </Link>
        </p>
      )}
      {nothingLiked ? null : (
        <CardSearchBox
          value={query}
          onChange={setQuery}
          label={ko.likeDetail.searchLabel}
          placeholder={ko.likeDetail.searchPlaceholder}
        />
      )}
      <CardGridSection
        cards={cards}
        resetKey={`${search}|${sort}`}
        heading={search ? ko.exchangeScreen.resultsTitle : ko.likeDetail.listTitle}
        testId="liked-cards"
        empty={
          nothingLiked ? (
            <EmptyState
              title={ko.likeDetail.empty}
              body={ko.likeDetail.emptyHint}
              action={<Link to="/exchange">{ko.likeDetail.browse}</Link>}
            />
          ) : (
            <EmptyState title={ko.cardGrid.noResults} body={ko.cardGrid.noResultsHint} />
          )
        }
      />
    </section>
  );
}
