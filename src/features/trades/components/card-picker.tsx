import { useId, useMemo, useState, type ReactNode } from 'react';
import { CardSearchBox } from '@/components/cards/card-search-box';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { CloseIcon } from '@/components/ui/icons';
import { useOnline } from '@/components/hooks/use-online';
import { usePhotoCards, usePhotoCardsByIds } from '@/domains/catalogue/hooks';
import type { PhotoCard } from '@/data/pb/records';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { filterCards } from '@/lib/card-search';
import { usePickerSearch } from '@/features/trades/hooks/use-picker-search';
import { CardThumb, cardName } from './card-strip';
import styles from './card-picker.module.css';

const t = koTradeScreens.proposal;

/** Search results shown at most. */
const SEARCH_SHOWN = 30;

export interface PickerSuggestions {
  title: string;
  /** Undefined: not known yet (`note` says why). */
  ids: readonly string[] | undefined;
  note: string;
  /** Cards to mark (the other fan wants it, I want it) and the mark's words. */
  marked: ReadonlySet<string>;
  markLabel: string;
}

export interface CardPickerProps {
  side: 'give' | 'get';
  title: string;
  picked: readonly string[];
  /** The other side's picks: a card can't be on both. */
  otherPicked: readonly string[];
  max: number;
  cards: ReadonlyMap<string, PhotoCard> | undefined;
  suggestions: PickerSuggestions;
  onToggle: (id: string) => void;
}

/**
 * One side of a proposal: the cards picked (each with a way to take it out), the cards offered
 * for this side (my have list, or the other fan's), and a search of the whole catalogue (the
 * server's online; offline, the saved cards', saying so).
 */
export function CardPicker(props: CardPickerProps) {
  const { side, title, picked, max, cards, suggestions, onToggle } = props;
  const headingId = useId();
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query).trim();
  const option = (id: string, card: PhotoCard | undefined) => (
    <OptionTile key={id} id={id} card={card} {...props} />
  );
  return (
    <section className={styles.picker} aria-labelledby={headingId} data-testid={`picker-${side}`}>
      <h2 id={headingId} className={styles.title}>
        {title}{' '}
        <span className={styles.count} data-testid={`picker-${side}-count`}>
          {t.picked(picked.length, max)}
        </span>
      </h2>
      {picked.length ? (
        <ul className={styles.picked} data-testid={`picker-${side}-picked`}>
          {picked.map((id) => {
            const name = cardName(cards?.get(id));
            return (
              <li key={id} className={styles.chip} data-card-id={id}>
                <CardThumb card={cards?.get(id)} />
                <span className={styles.chipName}>{name}</span>
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t.remove(name)}
                  onClick={() => onToggle(id)}
                >
                  <CloseIcon size={16} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.none}>{t.noneYet}</p>
      )}

      <h3 className={styles.subTitle}>{suggestions.title}</h3>
      {suggestions.ids?.length ? (
        <ul className={styles.options} data-testid={`picker-${side}-suggestions`}>
          {suggestions.ids.map((id) => option(id, cards?.get(id)))}
        </ul>
      ) : (
        <p className={styles.none}>{suggestions.note}</p>
      )}

      <CardSearchBox
        value={query}
        onChange={setQuery}
        label={t.searchLabel(title)}
        placeholder={t.searchPlaceholder}
      />
      {search ? <SearchResults search={search} option={option} /> : null}
    </section>
  );
}

function SearchResults({
  search,
  option,
}: {
  search: string;
  option: (id: string, card: PhotoCard) => ReactNode;
}) {
  const online = useOnline();
  const server = usePickerSearch(search, online, SEARCH_SHOWN);
  if (online && !server.failed) {
    return <ServerResults ids={server.ids} total={server.total} option={option} />;
  }
  return <SavedResults search={search} offline={!online} option={option} />;
}

/** The server's first cards for the search, read live from the store where it put them. */
function ServerResults({
  ids,
  total,
  option,
}: {
  ids: readonly string[] | undefined;
  total: number;
  option: (id: string, card: PhotoCard) => ReactNode;
}) {
  const found = usePhotoCardsByIds(ids ?? []);
  if (!ids || !found) return null;
  return <Found cards={found} total={total} option={option} />;
}

/** The same matching over the cards saved on this device, saying so. */
function SavedResults({
  search,
  offline,
  option,
}: {
  search: string;
  offline: boolean;
  option: (id: string, card: PhotoCard) => ReactNode;
}) {
  const all = usePhotoCards();
  const found = useMemo(() => (all ? filterCards(all, search) : undefined), [all, search]);
  if (!found) return null;
  return (
    <>
      <p className={styles.none} role="status" data-testid="picker-saved-only">
        {offline ? t.savedOnly : t.savedOnlyFailed}
      </p>
      <Found cards={found.slice(0, SEARCH_SHOWN)} total={found.length} option={option} />
    </>
  );
}

function Found({
  cards,
  total,
  option,
}: {
  cards: readonly PhotoCard[];
  total: number;
  option: (id: string, card: PhotoCard) => ReactNode;
}) {
  if (!cards.length) return <p className={styles.none}>{t.searchEmpty}</p>;
  return (
    <>
      {total > cards.length ? (
        <p className={styles.none}>{t.searchMore(total, cards.length)}</p>
      ) : null}
      <ul className={styles.options} data-testid="picker-search-results">
        {cards.map((c) => option(c.id, c))}
      </ul>
    </>
  );
}

function OptionTile({
  id,
  card,
  picked,
  otherPicked,
  max,
  suggestions,
  onToggle,
}: CardPickerProps & { id: string; card: PhotoCard | undefined }) {
  const on = picked.includes(id);
  const elsewhere = otherPicked.includes(id);
  const full = !on && picked.length >= max;
  const name = cardName(card);
  const why = elsewhere ? t.onOtherSide : full ? t.full(max) : null;
  return (
    <li>
      <button
        type="button"
        className={styles.option}
        aria-pressed={on}
        disabled={elsewhere || full}
        title={why ?? undefined}
        onClick={() => onToggle(id)}
        data-card-id={id}
      >
        <CardThumb card={card} size="medium" />
        <span className={styles.optionName}>{name}</span>
        {suggestions.marked.has(id) ? (
          <span className={styles.mark}>{suggestions.markLabel}</span>
        ) : null}
        {why ? <span className={styles.why}>{why}</span> : null}
      </button>
    </li>
  );
}
