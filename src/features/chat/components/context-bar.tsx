import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Conversation } from '@/data/pb/records';
import { postTypeOf } from '@/domains/posts/terms';
import { SellSafetyNotice } from '@/components/posts/sell-safety-notice';
import { useExchangePost } from '@/domains/posts/hooks';
import { usePhotoCard } from '@/domains/catalogue/hooks';
import { useTrade } from '@/domains/trades/hooks';
import { koChat } from '@/features/chat/ko';
import { chatContextOf } from '@/features/chat/chat-links';
import { CardThumb } from './card-thumb';
import styles from './thread-screen.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const c = koChat.chat;

/**
 * What the thread is about, under its header: the proposal (linking to /trades/$id), else the
 * exchange post or the card (linking to the card's page, which lists its posts). Nothing when the
 * conversation was opened without one.
 */
export function ContextBar({
  conversation,
  blocked = false,
}: {
  conversation: Conversation;
  /** The fan blocked the other side: their post's words are not shown, only its card. */
  blocked?: boolean;
}) {
  const context = chatContextOf(conversation);
  const post = useExchangePost(context?.kind === 'post' ? context.post : null);
  const trade = useTrade(context?.kind === 'trade' ? context.trade : null);
  const cardId = context?.card || post?.photoCard || '';
  const card = usePhotoCard(cardId || null);
  if (!context) return null;

  const title = card ? card.title || card.memberName || card.groupName : c.cardLoading;
  const body: ReactNode = (
    <>
      {card ? <CardThumb card={card} size="medium" /> : null}
      <span className={styles.contextText}>
        <span className={styles.contextKind}>
          {{ trade: c.aboutTrade, post: c.aboutPost, card: c.aboutCard }[context.kind]}
          {trade ? ` · ${tradesKo.statuses[trade.trade.status]}` : null}
        </span>
        <span className={styles.contextTitle}>
          {context.kind === 'trade' && trade
            ? c.tradeSummary(trade.trade.give.length, trade.trade.get.length)
            : context.kind === 'post' && post && !blocked && !post.hidden
              ? post.description
              : title}
        </span>
      </span>
      <span className={styles.contextOpen} aria-hidden="true">
        {c.openContext}
      </span>
    </>
  );

  // a thread about a 양도 post: where a scam would ask for money first (docs/product-rules.md,
  // Exchange posts)
  const sell = context.kind === 'post' && post && !blocked && postTypeOf(post) === 'sell';
  return (
    <>
      <nav className={styles.context} aria-label={c.aboutLabel} data-testid="thread-context">
        {context.kind === 'trade' ? (
          <Link to="/trades/$id" params={{ id: context.trade }} className={styles.contextLink}>
            {body}
          </Link>
        ) : cardId ? (
          <Link to="/exchangeDetail/$id" params={{ id: cardId }} className={styles.contextLink}>
            {body}
          </Link>
        ) : (
          <div className={styles.contextLink}>{body}</div>
        )}
      </nav>
      {sell ? <SellSafetyNotice /> : null}
    </>
  );
}
