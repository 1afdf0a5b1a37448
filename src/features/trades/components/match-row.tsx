import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useNearViewport } from '@/components/hooks/use-near-viewport';
import { useFanTrust, type MatchFan } from '@/domains/trades/hooks';
import type { PhotoCard } from '@/data/pb/records';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { CardStrip } from './card-strip';
import { FanHeader } from './fan-header';
import ui from '@/components/ui/panels.module.css';
import styles from './matching-screen.module.css';

const t = koTradeScreens.matching;

export interface MatchRowProps {
  match: MatchFan;
  cards: ReadonlyMap<string, PhotoCard> | undefined;
  /** The card the list is limited to ('' for none). */
  card: string;
  chatBusy: boolean;
  onChat: (fan: string) => void;
}

/**
 * One matching fan: who (with their trust, asked once the row nears the screen), the cards on each
 * side, and 채팅 / 교환 제안. The proposal starts with everything that matches: the cards they
 * want that I have as mine to give, the cards they have that I want as mine to get.
 */
export const MatchRow = memo(function MatchRow({
  match,
  cards,
  card,
  chatBusy,
  onChat,
}: MatchRowProps) {
  const [ref, near] = useNearViewport<HTMLLIElement>('200px');
  const trust = useFanTrust(near ? match.fan : null);
  const sides = [
    {
      key: 'have',
      title: t.theyHave,
      hint: t.theyHaveHint,
      ids: match.theyHave,
      total: match.theyHaveCount,
    },
    {
      key: 'want',
      title: t.theyWant,
      hint: t.theyWantHint,
      ids: match.theyWant,
      total: match.theyWantCount,
    },
  ].filter((s) => s.total > 0 || s.ids.length > 0);
  return (
    <li
      ref={ref}
      className={`${ui.panel} ${styles.match}`}
      data-testid="match"
      data-fan-id={match.fan}
      data-two-way={match.twoWay}
    >
      <FanHeader fanId={match.fan} trust={trust} as="h2">
        {match.twoWay ? (
          <span className={ui.badge} data-testid="match-two-way">
            {t.twoWay}
          </span>
        ) : null}
      </FanHeader>
      <div className={styles.sides}>
        {sides.map((s) => (
          <section key={s.key} className={styles.side} aria-label={s.title} data-side={s.key}>
            <p className={styles.sideTitle}>
              {s.title}{' '}
              <span className={styles.sideCount} data-testid={`match-${s.key}-count`}>
                {koTradeScreens.cards.count(Math.max(s.total, s.ids.length))}
              </span>
            </p>
            <p className={styles.sideHint}>{s.hint}</p>
            <CardStrip ids={s.ids} total={s.total} cards={cards} highlight={card || undefined} />
          </section>
        ))}
      </div>
      <div className={`${ui.actions} ${ui.end}`}>
        <button
          type="button"
          className={`${ui.button} ${ui.outline}`}
          disabled={chatBusy}
          onClick={() => onChat(match.fan)}
          data-testid="match-chat"
        >
          {koTradeScreens.actions.chat}
        </button>
        <Link
          to="/trades/new"
          search={{
            to: match.fan,
            give: match.theyWant.join(',') || undefined,
            get: match.theyHave.join(',') || undefined,
            card: card || undefined,
          }}
          className={`${ui.button} ${ui.primary}`}
          data-testid="match-propose"
        >
          {koTradeScreens.actions.propose}
        </Link>
      </div>
    </li>
  );
});
