import { useMemo } from 'react';
import { useDocumentTitle } from '@/components/hooks/use-document-title';
import { koShare } from '@/i18n/ko-share';
import { atom, DEFAULT_BIAS, guestBiasAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { BookIcon, SettingsIcon } from '@/components/ui/icons';
import type { Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { useToggleLike } from '@/components/hooks/use-toggle-like';
import { useGroups, usePhotoCards } from '@/domains/catalogue/hooks';
import { useLikedCardIds, usePendingLikeCardIds } from '@/domains/likes/hooks';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { BannerCarousel } from './banner-carousel';
import { CardRow } from './card-row';
import { FloatingAvatar } from './floating-avatar';
import { MeetupTicker } from './meetup-ticker';
import { PromoBanner } from './promo-banner';

/**
 * Nothing stored yet and online: the first pull is coming, so rows show skeletons, not "no cards".
 * A derived atom, so the screen re-renders when this flips, not at every sync status change.
 */
const waitingForSyncAtom = atom((get) => {
  const sync = get(syncStatusAtom);
  return sync.online && (sync.pulling || sync.lastPullAt === null);
});

/** docs/product-rules.md, Home: each home row shows 20 cards. */
const ROW_SIZE = 20;

/**
 * Home (docs/product-rules.md, Home): banner carousel, meetup strip, the latest and the most liked
 * cards (the favourite group's first) with the collect-book and FAQ banners, and the floating
 * avatar button. Everything is read
 * live from the local store, so the screen works offline once the first sync has run.
 */
export function HomeScreen() {
  // the favourite group's cards and events first: the account's, else the one picked on this
  // device; none picked (RIIZE only by default, as the server draws a first visit), plain rows
  const guestBias = useAtomValue(guestBiasAtom);
  const bias = useOwnProfile()?.biasGroup || (guestBias === DEFAULT_BIAS ? undefined : guestBias);
  const latest = usePhotoCards({ sort: 'latest', limit: ROW_SIZE, first: bias });
  const popular = usePhotoCards({ sort: 'likesDesc', limit: ROW_SIZE, first: bias });
  const groupList = useGroups();
  const likedIds = useLikedCardIds();
  const pendingIds = usePendingLikeCardIds();
  const onToggleLike = useToggleLike();
  const waitingForSync = useAtomValue(waitingForSyncAtom);

  const groups = useMemo(
    () => new Map<string, Group>((groupList ?? []).map((g) => [g.id, g])),
    [groupList],
  );
  const rowProps = { waitingForSync, groups, likedIds, pendingIds, onToggleLike };
  useDocumentTitle(koShare.home.title);

  return (
    <>
      <header className="visually-hidden">
        <h1>{ko.screens.home}</h1>
      </header>
      <BannerCarousel />
      <MeetupTicker first={bias} />
      <CardRow
        {...rowProps}
        title={ko.home.latestTitle}
        cards={latest}
        eager
        testId="home-row-latest"
      />
      <PromoBanner
        to="/profile"
        title={ko.home.collectBookPromo.title}
        body={ko.home.collectBookPromo.body}
        icon={<BookIcon size={24} />}
        tone="rose"
        testId="home-collect-book-banner"
      />
      <CardRow
        {...rowProps}
        title={ko.home.popularTitle}
        cards={popular}
        moreSort="likesDesc"
        testId="home-row-popular"
      />
      <PromoBanner
        to="/profileSetting"
        title={ko.home.faqPromo.title}
        body={ko.home.faqPromo.body}
        icon={<SettingsIcon size={24} />}
        tone="lilac"
        testId="home-faq-banner"
      />
      <FloatingAvatar />
    </>
  );
}
