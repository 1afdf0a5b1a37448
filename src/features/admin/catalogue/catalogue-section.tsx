/**
 * 카탈로그 (docs/operators.md, Catalogue management; Merging two cards): the catalogue's cards,
 * newest first, 50 at a time (더 보기: keyset paging on `created` and `id`, no total count, so a
 * deep page of 200,000 cards costs what the first does), narrowed to a group or to the hidden
 * ones, or found through the search route. Each card can be edited (names, label, release, group,
 * images), hidden or shown again, and picked for a merge; groups are added and edited in their own
 * panel. Every write goes straight to the server, which checks and audits it.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { refusalOf } from '@/features/admin/api';
import { koAdmin } from '@/features/admin/ko';
import { LoadFailed } from '@/features/admin/components/load-failed';
import admin from '@/features/admin/components/admin.module.css';
import panels from '@/components/ui/panels.module.css';
import {
  getCard,
  listCards,
  listGroups,
  RECORD_ID,
  searchCards,
  setCardHidden,
  type AdminCard,
  type AdminGroup,
  type CardFilter,
  type MergeAnswer,
} from './api';
import { CardFacts, CardThumb } from './card-view';
import { CardForm } from './card-form';
import { GroupPanel } from './group-panel';
import { koCatalogue as t } from './ko';
import { MergePanel } from './merge-panel';
import styles from './catalogue.module.css';
import { ListEnd } from '@/features/admin/components/list-end';

interface Listed {
  /** The filter and search the cards answer. */
  key: string;
  items: AdminCard[];
  more: boolean;
  /** The search route's page (search results only). */
  page: number;
}

const keyOf = (f: CardFilter, q: string) =>
  q ? `q|${f.group}|${q}` : `${f.group}|${f.hiddenOnly}`;

/** The first page: the list, or a search (and, for a query that is a card id, that card first). */
async function firstPage(filter: CardFilter, q: string) {
  if (!q) return listCards(filter, null);
  const [byId, found] = await Promise.all([
    RECORD_ID.test(q) ? getCard(q).catch(() => null) : Promise.resolve(null),
    searchCards(q, filter.group, 1),
  ]);
  const items = byId ? [byId, ...found.items.filter((c) => c.id !== byId.id)] : found.items;
  return { items, more: found.more };
}

export function CatalogueSection() {
  const [groups, setGroups] = useState<AdminGroup[] | null>(null);
  const [groupsFailed, setGroupsFailed] = useState(false);
  const [groupsVersion, setGroupsVersion] = useState(0);
  const [filter, setFilter] = useState<CardFilter>({ group: '', hiddenOnly: false });
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query).trim();
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<Listed | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [mergeOpen, setMergeOpen] = useState(false);
  const [picks, setPicks] = useState<AdminCard[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const mergeHeading = useRef<HTMLHeadingElement>(null);
  const key = keyOf(filter, q);

  useEffect(() => {
    let live = true;
    listGroups().then(
      (found) => {
        if (!live) return;
        setGroups(found);
        setGroupsFailed(false);
      },
      () => {
        if (live) setGroupsFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [groupsVersion]);

  useEffect(() => {
    let live = true;
    firstPage(filter, q).then(
      (res) => {
        if (!live) return;
        setList({ key: keyOf(filter, q), items: res.items, more: res.more, page: 1 });
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [filter, q, version]);

  const groupsKo = useMemo(
    () =>
      new Map(
        (groups ?? [])
          .filter((g) => g.groupNameKo)
          .map((g): [string, string] => [g.id, g.groupNameKo]),
      ),
    [groups],
  );

  async function loadMore() {
    if (!list) return;
    setLoadingMore(true);
    try {
      const next = q
        ? await searchCards(q, filter.group, list.page + 1)
        : await listCards(filter, list.items[list.items.length - 1] ?? null);
      if (keyOf(filter, q) === list.key) {
        const seen = new Set(list.items.map((c) => c.id));
        setList({
          key: list.key,
          items: [...list.items, ...next.items.filter((c) => !seen.has(c.id))],
          more: next.more,
          page: list.page + 1,
        });
      }
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.loadFailed).message);
    } finally {
      setLoadingMore(false);
    }
  }

  /** A card the server answered with, in place in the list and among the merge candidates. */
  function replaceCard(card: AdminCard) {
    setList((l) => l && { ...l, items: l.items.map((c) => (c.id === card.id ? card : c)) });
    setPicks((p) => p.map((c) => (c.id === card.id ? card : c)));
  }

  async function toggleHidden(card: AdminCard) {
    setBusy(card.id);
    try {
      const saved = await setCardHidden(card.id, !card.hidden);
      if (saved) replaceCard(saved);
      toast.success(card.hidden ? t.unhidden : t.hidden);
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.failed).message);
    } finally {
      setBusy(null);
    }
  }

  function togglePick(card: AdminCard) {
    if (picks.some((p) => p.id === card.id)) {
      setPicks(picks.filter((p) => p.id !== card.id));
      return;
    }
    if (picks.length >= 2) {
      toast.error(t.mergeFull);
      return;
    }
    const next = [...picks, card];
    setPicks(next);
    setMergeOpen(true);
    // the second card: the panel is where the admin goes next
    if (next.length === 2) requestAnimationFrame(() => mergeHeading.current?.focus());
  }

  function merged(answer: MergeAnswer) {
    if (answer.survivor) replaceCard(answer.survivor);
    if (answer.loser) replaceCard(answer.loser);
    setPicks([]);
  }

  const current = list && list.key === key ? list : null;
  const groupList = groups ?? [];

  return (
    <div className={admin.sectionBody}>
      <div className={admin.toolbar}>
        <p className={admin.intro}>{t.intro}</p>
        <div className={styles.toolbarActions}>
          <button
            type="button"
            className={`${panels.button} ${panels.primary}`}
            onClick={() => {
              setCreating(true);
              setEditing(null);
            }}
            disabled={creating}
            data-testid="catalogue-new-card"
          >
            {t.newCard}
          </button>
          <button
            type="button"
            className={panels.button}
            aria-expanded={groupsOpen}
            onClick={() => setGroupsOpen(!groupsOpen)}
            data-testid="catalogue-groups-toggle"
          >
            {t.manageGroups}
          </button>
          <button
            type="button"
            className={panels.button}
            aria-expanded={mergeOpen}
            onClick={() => setMergeOpen(!mergeOpen)}
            data-testid="catalogue-merge-toggle"
          >
            {t.mergeTitle}
            {picks.length ? ` (${picks.length}/2)` : ''}
          </button>
        </div>
      </div>

      {groupsFailed && groups === null ? (
        <LoadFailed onRetry={() => setGroupsVersion((v) => v + 1)} />
      ) : null}

      {groupsOpen ? (
        <GroupPanel
          groups={groupList}
          onSaved={() => {
            setGroupsVersion((v) => v + 1);
            // a renamed group: its cards' names in the list follow
            setVersion((v) => v + 1);
          }}
        />
      ) : null}

      {creating ? (
        <CardForm
          card={null}
          groups={groupList}
          defaultGroup={filter.group}
          onSaved={() => {
            setCreating(false);
            setGroupsVersion((v) => v + 1);
            setVersion((v) => v + 1);
          }}
          onCancel={() => setCreating(false)}
        />
      ) : null}

      {mergeOpen ? (
        <MergePanel
          picks={picks}
          groupsKo={groupsKo}
          headingRef={mergeHeading}
          onAdd={(card) => setPicks((p) => (p.length < 2 ? [...p, card] : p))}
          onRemove={(id) => setPicks((p) => p.filter((c) => c.id !== id))}
          onClear={() => setPicks([])}
          onMerged={merged}
        />
      ) : null}

      <div className={styles.filters} role="search" aria-label={t.filtersLabel}>
        <div className={admin.field}>
          <label htmlFor="catalogue-group" className={admin.label}>
            {t.groupFilter}
          </label>
          <select
            id="catalogue-group"
            className={admin.input}
            value={filter.group}
            onChange={(e) => setFilter({ ...filter, group: e.target.value })}
            data-testid="catalogue-group-filter"
          >
            <option value="">{t.allGroups}</option>
            {groupList.map((g) => (
              <option key={g.id} value={g.id}>
                {t.groupOption(g.groupName, g.groupNameKo, g.cardCount)}
              </option>
            ))}
          </select>
        </div>
        <div className={admin.field}>
          <label htmlFor="catalogue-search" className={admin.label}>
            {t.searchLabel}
          </label>
          <input
            id="catalogue-search"
            type="search"
            className={admin.input}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t.searchPlaceholder}
            maxLength={50}
            autoComplete="off"
            aria-describedby={q ? 'catalogue-search-note' : undefined}
            data-testid="catalogue-search"
          />
        </div>
        <label className={admin.check}>
          <input
            type="checkbox"
            checked={filter.hiddenOnly}
            disabled={!!q}
            onChange={(e) => setFilter({ ...filter, hiddenOnly: e.target.checked })}
            data-testid="catalogue-hidden-filter"
          />
          {t.hiddenOnly}
        </label>
      </div>
      {q ? (
        <p id="catalogue-search-note" className={styles.note}>
          {t.searchNote}
        </p>
      ) : null}

      {failed && current === null ? (
        <LoadFailed onRetry={() => setVersion((v) => v + 1)} />
      ) : list === null ? (
        <p className={admin.status} role="status">
          {koAdmin.loading}
        </p>
      ) : (
        <div aria-busy={current === null} className={current === null ? admin.stale : undefined}>
          {list.items.length === 0 ? (
            <p className={admin.status} data-testid="catalogue-empty">
              {t.empty}
            </p>
          ) : (
            <ul className={admin.rows} aria-label={t.listLabel} data-testid="catalogue-list">
              {list.items.map((card) => (
                <CardRow
                  key={card.id}
                  card={card}
                  groupsKo={groupsKo}
                  busy={busy === card.id}
                  picked={picks.some((p) => p.id === card.id)}
                  editing={editing === card.id}
                  onEdit={() => {
                    setEditing(card.id);
                    setCreating(false);
                  }}
                  onToggleHidden={() => void toggleHidden(card)}
                  onTogglePick={() => togglePick(card)}
                  form={
                    editing === card.id ? (
                      <CardForm
                        card={card}
                        groups={groupList}
                        defaultGroup={card.group}
                        onSaved={(saved) => {
                          setEditing(null);
                          if (saved) replaceCard(saved);
                          if (saved && saved.group !== card.group) {
                            setGroupsVersion((v) => v + 1);
                          }
                        }}
                        onCancel={() => setEditing(null)}
                      />
                    ) : null
                  }
                />
              ))}
            </ul>
          )}
          <ListEnd
            more={!!current?.more}
            shown={!!current && current.items.length > 0}
            loading={loadingMore}
            onMore={() => void loadMore()}
            moreLabel={t.more}
            endLabel={q ? t.searchEnd : t.end}
            testId="catalogue-more"
          />
        </div>
      )}
    </div>
  );
}

function CardRow({
  card,
  groupsKo,
  busy,
  picked,
  editing,
  onEdit,
  onToggleHidden,
  onTogglePick,
  form,
}: {
  card: AdminCard;
  groupsKo: ReadonlyMap<string, string>;
  busy: boolean;
  picked: boolean;
  editing: boolean;
  onEdit: () => void;
  onToggleHidden: () => void;
  onTogglePick: () => void;
  form: ReactNode;
}) {
  const titleId = `catalogue-card-${card.id}`;
  return (
    <li
      className={`${styles.row} ${picked ? styles.rowPicked : ''}`}
      data-testid="catalogue-card-row"
      data-card-id={card.id}
    >
      <CardThumb card={card} width={64} />
      <CardFacts card={card} groupsKo={groupsKo} titleId={titleId} />
      <div className={`${panels.actions} ${styles.rowActions}`}>
        <button
          type="button"
          className={panels.button}
          aria-describedby={titleId}
          aria-expanded={editing}
          disabled={busy}
          onClick={onEdit}
          data-testid="catalogue-card-edit"
        >
          {t.edit}
        </button>
        {/* a merged card stays hidden (the server refuses to show it again) and merges no more */}
        {card.mergedInto ? null : (
          <>
            <button
              type="button"
              className={`${panels.button} ${card.hidden ? '' : panels.danger}`}
              aria-describedby={titleId}
              disabled={busy}
              onClick={onToggleHidden}
              data-testid="catalogue-card-hide"
            >
              {card.hidden ? t.unhide : t.hide}
            </button>
            <button
              type="button"
              className={`${panels.button} ${picked ? panels.outline : ''}`}
              aria-describedby={titleId}
              aria-pressed={picked}
              onClick={onTogglePick}
              data-testid="catalogue-card-pick"
            >
              {t.pickForMerge}
            </button>
          </>
        )}
      </div>
      {form ? <div className={styles.rowForm}>{form}</div> : null}
    </li>
  );
}
