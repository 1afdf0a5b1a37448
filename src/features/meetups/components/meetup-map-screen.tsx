import { useToday } from '@/live/render-clock';
import { useDocumentTitle } from '@/components/hooks/use-document-title';
import { koShare } from '@/i18n/ko-share';
import { useRevealCount } from '@/components/hooks/use-after-idle';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { orderForList } from '@/lib/meetup-dates';
import { filterMeetups, hasLocation } from '@/lib/meetup-search';
import { CardSearchBox } from '@/components/cards/card-search-box';
import { EmptyState } from '@/components/cards/empty-state';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { useMeetUps } from '@/domains/meetups/hooks';
import { MapLoader } from '@/features/meetups/components/map-screen/map-loader';
import type { LocatedMeetUp } from '@/features/meetups/components/map-screen/map-view';
import { MeetupCard } from '@/features/meetups/components/map-screen/meetup-card';
import styles from '@/features/meetups/components/map-screen/meetup-map-screen.module.css';
import { useScreenTop } from '@/features/meetups/hooks/use-screen-top';
import { OfflinePackSlot } from '@/components/ui/offline-pack-slot';
import type { NearFound, NearOrder } from '@/features/meetups/near/near-me';
import {
  filterByStatus,
  meetupStatus,
  MEETUP_FILTERS,
  type MeetupFilter,
} from '@/features/meetups/status/meetup-status';
import { StatusFilter } from '@/features/meetups/status/status-filter';
import { koViewer } from '@/i18n/ko-viewer';

const t = ko.meetupMap;

/**
 * Cards rendered at once: more than any screen shows before scrolling (a phone's strip shows one
 * and a half, the desktop column five). The rest render as many at a time at idle moments, so a
 * first visit's page holds a handful of cards rather than every event.
 */
const FIRST_CARDS = 8;

const emptyTitle = {
  ongoing: koViewer.meetupSections.emptyOngoing,
  upcoming: koViewer.meetupSections.emptyUpcoming,
  ended: koViewer.meetupSections.emptyEnded,
} as const;

interface Selection {
  id: string | null;
  /** Bumped on every pick that should bring the marker to the centre of the map. */
  focus: number;
  /** Bumped on every pick from the map, which scrolls the card into view. */
  reveal: number;
}

/**
 * /meetup (docs/product-rules.md, Meetup map): the search box and the list of events come straight
 * from the local store (so they work offline and before the map is loaded), the Leaflet map arrives
 * as its own chunk. On a phone: search, a sideways strip of cards, then the map; on a desktop: a
 * left column with search and list beside the map. Picking a marker or a card selects that cafe:
 * the card is highlighted and scrolled into view, the map centres on the marker. The search
 * (debounced 500 ms, over every field) narrows both the list and the markers, and starts empty on
 * each visit. The map's 내 위치 button gives the fan's position: the cards then show their
 * distance and the list runs nearest first, until the fan switches back to the usual order.
 */
export function MeetupMapScreen() {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const stored = useMeetUps();
  const today = useToday();
  const all = useMemo(() => (stored ? orderForList(stored, today) : undefined), [stored, today]);
  const [selection, setSelection] = useState<Selection>({ id: null, focus: 0, reveal: 0 });
  // The fan's position and the code to use it, both from the map's 내 위치 button.
  const [found, setFound] = useState<NearFound | null>(null);
  const near = found?.position ?? null;
  const [order, setOrder] = useState<NearOrder>('distance');
  const byDistance = near !== null && order === 'distance';
  const screenRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useScreenTop(screenRef);

  // docs/product-rules.md, Meetup map: 전체 · 진행 중 · 예정 · 종료 narrow the list and the markers.
  const [status, setStatus] = useState<MeetupFilter>('all');
  const searched = useMemo(() => (all ? filterMeetups(all, search) : undefined), [all, search]);
  const counts = useMemo(() => {
    const c = Object.fromEntries(MEETUP_FILTERS.map((f) => [f, 0])) as Record<MeetupFilter, number>;
    for (const m of searched ?? []) {
      c.all += 1;
      const s = meetupStatus(m, today);
      if (s) c[s] += 1;
    }
    return c;
  }, [searched, today]);
  const filtered = useMemo(
    () => (searched ? filterByStatus(searched, status, today) : undefined),
    [searched, status, today],
  );
  // docs/product-rules.md, Meetup map: nearest first while the position is known and the fan
  // has not switched back; events without coordinates keep their order after the rest, and
  // ended events come after all of those (marked '종료').
  const shown = useMemo(
    () =>
      filtered && found && byDistance
        ? found.kit.nearestFirst(filtered, found.position, today)
        : filtered,
    [filtered, found, byDistance, today],
  );
  const distances = useMemo(
    () => (found && filtered ? found.kit.distanceLabels(filtered, found.position) : null),
    [filtered, found],
  );
  const revealed = useRevealCount(shown?.length ?? 0, FIRST_CARDS, shown !== undefined);
  // from the unsorted list: the markers need not change when only the order does
  const located = useMemo(
    () => (filtered ?? []).filter((m): m is LocatedMeetUp => hasLocation(m)),
    [filtered],
  );

  const selectFromList = useCallback((id: string) => {
    setSelection((s) => ({ id, focus: s.focus + 1, reveal: s.reveal }));
  }, []);
  const selectFromMap = useCallback((id: string) => {
    setSelection((s) => ({ id, focus: s.focus + 1, reveal: s.reveal + 1 }));
  }, []);
  // A new order starts the list from its beginning, the nearest cafe in view. After the render:
  // the phone's strip snaps, and a snapping box keeps its snapped card in view when cards move.
  const [ordered, setOrdered] = useState(0);
  useEffect(() => {
    if (ordered) listRef.current?.scrollTo({ top: 0, left: 0 });
  }, [ordered]);
  const onNear = useCallback((next: NearFound) => {
    setFound(next);
    setOrder('distance');
    setOrdered((n) => n + 1);
  }, []);
  useDocumentTitle(koShare.meetup.title);
  const onOrder = (next: NearOrder) => {
    setOrder(next);
    setOrdered((n) => n + 1);
  };

  return (
    <section ref={screenRef} className={styles.screen} data-testid="meetup-map-screen">
      <div className={styles.panel}>
        <div className={styles.head}>
          <h1 className={styles.title}>{ko.screens.meetup}</h1>
          <CardSearchBox
            value={query}
            onChange={setQuery}
            label={t.searchLabel}
            placeholder={t.searchPlaceholder}
          />
          <p className={styles.count} aria-live="polite" data-testid="meetup-count">
            {shown ? (byDistance ? t.countNearest : t.count)(shown.length) : ''}
          </p>
          {found && (
            <found.kit.NearOrderBar near={found.position} order={order} onOrder={onOrder} />
          )}
          <StatusFilter value={status} counts={counts} onChange={setStatus} />
          <OfflinePackSlot kind="day" />
        </div>
        {shown === undefined ? (
          <p className={styles.loading} role="status">
            {t.loading}
          </p>
        ) : shown.length === 0 ? (
          <div className={styles.empty}>
            {search ? (
              <EmptyState title={t.noResults} body={t.noResultsHint} />
            ) : status !== 'all' ? (
              <EmptyState title={emptyTitle[status]} body={koViewer.meetupSections.emptyHint} />
            ) : (
              <EmptyState title={t.empty} body={t.emptyHint} />
            )}
          </div>
        ) : (
          <ul
            ref={listRef}
            className={styles.list}
            aria-label={t.listLabel}
            data-testid="meetup-list"
            data-order={byDistance ? 'distance' : 'date'}
          >
            {shown.slice(0, revealed).map((m, i) => (
              <MeetupCard
                key={m.id}
                meetup={m}
                priority={i === 0}
                selected={m.id === selection.id}
                reveal={m.id === selection.id ? selection.reveal : 0}
                onSelect={selectFromList}
                distance={distances?.get(m.id)}
                status={meetupStatus(m, today)}
              />
            ))}
          </ul>
        )}
      </div>
      <div className={styles.mapArea}>
        <MapLoader
          meetups={located}
          selectedId={selection.id}
          focusKey={selection.focus}
          search={search}
          onSelect={selectFromMap}
          near={near}
          onNear={onNear}
        />
      </div>
    </section>
  );
}
