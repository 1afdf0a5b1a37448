import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { TradeItemKind } from '@/data/pb/records';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import styles from './trade-list-screen.module.css';

const t = koTradeLists.screen;
const KINDS: readonly TradeItemKind[] = ['have', 'want'];

export interface ListTabsProps {
  tab: TradeItemKind;
  onTab: (tab: TradeItemKind) => void;
  /** Items on each list; undefined while loading. */
  counts: Record<TradeItemKind, number> | undefined;
  /** The chosen list's panel. */
  children: ReactNode;
}

/** The two lists as tabs (arrow keys, Home and End move between them), each with its count. */
export function ListTabs({ tab, onTab, counts, children }: ListTabsProps) {
  const id = useId();
  const refs = useRef<Partial<Record<TradeItemKind, HTMLButtonElement | null>>>({});

  function onKeyDown(e: KeyboardEvent) {
    const i = KINDS.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? KINDS[(i + 1) % KINDS.length]
        : e.key === 'ArrowLeft'
          ? KINDS[(i + KINDS.length - 1) % KINDS.length]
          : e.key === 'Home'
            ? KINDS[0]
            : e.key === 'End'
              ? KINDS[KINDS.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    onTab(next);
    refs.current[next]?.focus();
  }

  return (
    <div className={styles.lists}>
      <div className={styles.tabs} role="tablist" aria-label={t.tabsLabel} onKeyDown={onKeyDown}>
        {KINDS.map((k) => (
          <button
            key={k}
            ref={(el) => {
              refs.current[k] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${k}`}
            aria-selected={tab === k}
            aria-controls={`${id}-panel`}
            tabIndex={tab === k ? 0 : -1}
            className={styles.tab}
            onClick={() => onTab(k)}
            data-testid={`trade-tab-${k}`}
          >
            {koTradeLists.kinds[k]}
            {counts ? <span className={styles.tabCount}>{counts[k]}</span> : null}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-${tab}`}
        className={styles.panel}
        data-testid={`trade-panel-${tab}`}
      >
        {children}
      </div>
    </div>
  );
}
