import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { cardSortAtom, useAtom, type CardSort } from '@/state/store';
import { GroupOfflineSave } from '@/components/ui/group-cards';
import { ScreenTitle } from '@/components/ui/screen-title';
import { koShare } from '@/i18n/ko-share';
import type { Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { filterCards, groupNamesKoOf } from '@/lib/card-search';
import { CardGridSection } from '@/components/cards/card-grid-section';
import { CardSearchBox } from '@/components/cards/card-search-box';
import { EmptyState } from '@/components/cards/empty-state';
import { GroupPicker } from '@/components/cards/group-picker';
import { useBiasGroup } from '@/components/hooks/use-bias';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { PAGE_SIZE } from '@/components/hooks/load-more';
import { useOnline } from '@/components/hooks/use-online';
import { useGroups, usePhotoCards, usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import { useServerSearch } from '@/features/exchange/hooks/use-server-search';
import styles from './exchange-screen.module.css';

// Read through getRouteApi so this chunk does not import the route definition.
const route = getRouteApi('/main/exchange');

/**
 * /exchange: photo cards by group (docs/product-rules.md, Photo card grid). The search box
 * (debounced 500 ms, empty on every visit) searches every group's cards; otherwise the grid shows
 * the group picked in the logo row, which starts at the favourite group (or the first group when
 * that one is not listed). The picked group is kept in the address (?group=), so coming back from a
 * card returns to it.
 */
export function ExchangeScreen() {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const [sort, setSort] = useAtom(cardSortAtom);
  const groups = useGroups();
  const biasGroup = useBiasGroup();
  const { group: pickedId, sort: askedSort } = route.useSearch();
  const navigate = useNavigate();

  // ?sort= (the home row's 더보기 by likes) becomes the grid's sort, then leaves the address so
  // the sort control stays the fan's; before paint, and after hydration (the server renders the
  // stored default, docs/first-visit.md)
  useLayoutEffect(() => {
    if (!askedSort) return;
    setSort(askedSort);
    void navigate({
      to: '/exchange',
      search: pickedId ? { group: pickedId } : {},
      replace: true,
    });
  }, [askedSort, pickedId, setSort, navigate]);

  // undefined: still loading; null: there are no groups at all.
  const picked = groups?.find((g) => g.id === pickedId);
  const shown: Group | null | undefined =
    picked ?? (biasGroup === undefined ? undefined : (biasGroup ?? groups?.[0] ?? null));

  // stable, so the logo row (memoised) is not drawn again on every keystroke
  const pick = useCallback(
    (group: Group) => {
      void navigate({ to: '/exchange', search: { group: group.id }, replace: true });
      setQuery('');
    },
    [navigate],
  );

  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.exchange} documentTitle={koShare.exchange.title} />
      <div className={styles.tools}>
        <CardSearchBox
          value={query}
          onChange={setQuery}
          label={ko.exchangeScreen.searchLabel}
          placeholder={ko.exchangeScreen.searchPlaceholder}
        />
        {groups?.length ? (
          <GroupPicker
            groups={groups}
            selectedId={search ? null : (shown?.id ?? null)}
            onSelect={pick}
            biasGroup={biasGroup}
          />
        ) : null}
      </div>

      {search ? (
        <SearchResults search={search} sort={sort} groups={groups} />
      ) : shown === undefined ? (
        <CardGridSection
          cards={undefined}
          resetKey="loading"
          heading={ko.exchangeScreen.allCards}
        />
      ) : shown === null ? (
        <EmptyState title={ko.exchangeScreen.noCards} />
      ) : (
        <GroupCards group={shown} sort={sort} />
      )}
    </section>
  );
}

/**
 * A group's cards, read a page ahead of the grid rather than whole (a group can hold thousands;
 * the first screen embeds only its first page). Its total is the group's card count, or what the
 * device holds when that is all it can show (offline).
 */
// memoised, as the search results are: a key typed in the search box redraws the box, not the
// grid below it
const GroupCards = memo(function GroupCards({ group, sort }: { group: Group; sort: CardSort }) {
  const resetKey = `${group.id}|${sort}`;
  // what the grid has shown at most since the group or sort changed (it shows 12 while loading:
  // the read does not shrink for that)
  const [paging, setPaging] = useState<{ key: string; shown: number }>({
    key: resetKey,
    shown: PAGE_SIZE.afterLoad,
  });
  if (paging.key !== resetKey) setPaging({ key: resetKey, shown: PAGE_SIZE.afterLoad });
  const onShowing = useCallback(
    (n: number) => setPaging((p) => (n > p.shown ? { ...p, shown: n } : p)),
    [],
  );
  // read one 더 보기 page ahead of the grid, so a click shows its cards at once
  const limit = (paging.key === resetKey ? paging.shown : PAGE_SIZE.afterLoad) + PAGE_SIZE.step;
  const cards = usePhotoCards({ group: group.id, sort, limit });
  const online = useOnline();
  const total =
    cards === undefined
      ? undefined
      : !online && cards.length < limit
        ? cards.length
        : Math.max(group.cardCount, cards.length);
  return (
    <>
      <CardGridSection
        cards={cards}
        total={total}
        onShowing={onShowing}
        resetKey={resetKey}
        heading={ko.exchangeScreen.groupCards(group.groupName)}
        empty={<EmptyState title={ko.exchangeScreen.noCards} />}
      />
      {/* 그룹 오프라인 저장 and the progress of a kept group's cards (docs/sync.md, Groups saved
          for offline); drawn after mount only, so below the grid: above it, its arrival moved the
          server-drawn grid down (a layout shift of 0.08 on every first visit) */}
      <GroupOfflineSave key={group.id} group={group} />
    </>
  );
});

/**
 * Every group's cards that match the search (docs/product-rules.md, Search), in the grid's sort:
 * online, the server's search over the whole catalogue, a page at a time behind the grid's
 * 더 보기; offline (or when the server cannot answer), the same matching over the cards saved on
 * this device, with a note saying so.
 */
const SearchResults = memo(function SearchResults({
  search,
  sort,
  groups,
}: {
  search: string;
  sort: CardSort;
  groups: readonly Group[] | undefined;
}) {
  const online = useOnline();
  const server = useServerSearch(search, sort, online);
  return online && !server.failed ? (
    <ServerResults search={search} sort={sort} server={server} />
  ) : (
    <SavedResults search={search} sort={sort} groups={groups} offline={!online} />
  );
});

function ServerResults({
  search,
  sort,
  server,
}: {
  search: string;
  sort: CardSort;
  server: ReturnType<typeof useServerSearch>;
}) {
  const found = usePhotoCardsByIds(server.ids ?? []);
  // the found ids' cards as the store answers them: until it does (a read keeps its previous
  // answer while the new one loads), the grid is loading, not an empty result
  const cards = useMemo(() => {
    const ids = server.ids;
    if (ids === undefined || found === undefined) return undefined;
    const asked = new Set(ids);
    const current = found.filter((c) => asked.has(c.id));
    return ids.length && !current.length ? undefined : current;
  }, [server.ids, found]);
  return (
    // the grid's 더 보기 is counted here so the next page is asked before the grid runs out
    <div
      onClickCapture={(e) => {
        if ((e.target as Element).closest('[data-testid="load-more"]')) server.pressedMore();
      }}
    >
      <CardGridSection
        cards={cards}
        total={server.total}
        resetKey={`${search}|${sort}`}
        heading={ko.exchangeScreen.resultsTitle}
        empty={<EmptyState title={ko.cardGrid.noResults} body={ko.cardGrid.noResultsHint} />}
        testId="search-results"
      />
    </div>
  );
}

function SavedResults({
  search,
  sort,
  groups,
  offline,
}: {
  search: string;
  sort: CardSort;
  groups: readonly Group[] | undefined;
  offline: boolean;
}) {
  const all = usePhotoCards({ sort });
  const namesKo = useMemo(() => groupNamesKoOf(groups), [groups]);
  const cards = useMemo(
    () => (all ? filterCards(all, search, namesKo) : undefined),
    [all, search, namesKo],
  );
  return (
    <>
      <p className={styles.savedOnly} role="status" data-testid="search-saved-only">
        {offline ? ko.exchangeScreen.savedOnly : ko.exchangeScreen.savedOnlyFailed}
      </p>
      <CardGridSection
        cards={cards}
        resetKey={`${search}|${sort}`}
        heading={ko.exchangeScreen.resultsTitle}
        empty={<EmptyState title={ko.cardGrid.noResults} body={ko.cardGrid.noResultsHint} />}
        testId="search-results"
      />
    </>
  );
}
