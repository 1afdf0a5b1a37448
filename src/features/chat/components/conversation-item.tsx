import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { PendingMark } from '@/components/ui/pending-mark';
import { WriterAvatar } from '@/components/ui/writer-avatar';
import type { ConversationSummary } from '@/domains/chat/hooks';
import { reportsKo } from '@/domains/reports/ko';
import type { PhotoCard } from '@/data/pb/records';
import { pbTimestampMs } from '@/data/time';
import { koChat } from '@/features/chat/ko';
import { relativeTime } from '@/lib/relative-time';
import { chatContextOf, fanName } from '@/features/chat/chat-links';
import { CardThumb } from './card-thumb';
import styles from './chatting-screen.module.css';

const c = koChat.chat;

export interface ConversationItemProps {
  summary: ConversationSummary;
  /** The card it is about, when there is one and it is on this device. */
  card: PhotoCard | undefined;
  now: number;
}

/** The badge's text: 1-99, then '99+'. */
function countText(n: number): string {
  return n > 99 ? '99+' : String(n);
}

function excerptOf(summary: ConversationSummary, userId: string): string {
  const last = summary.lastMessage;
  if (!last) return c.noMessages;
  if (last.hidden) return reportsKo.moderation.hiddenMessage;
  const text = last.text.replace(/\s+/g, ' ').trim() || c.photoExcerpt;
  return last.sender === userId ? c.mineExcerpt(text) : text;
}

function aboutLabel(summary: ConversationSummary): string | null {
  const context = chatContextOf(summary.conversation);
  if (!context) return null;
  return { trade: c.aboutTrade, post: c.aboutPost, card: c.aboutCard }[context.kind];
}

/**
 * One conversation: the other fan, the last message and how long ago, the unread count, and the
 * card, post or proposal it is about. The whole row opens the thread.
 */
export const ConversationItem = memo(function ConversationItem({
  summary,
  card,
  now,
}: ConversationItemProps) {
  const { conversation, otherProfile, unread, lastMessage } = summary;
  const name = fanName(otherProfile, c.unknownFan);
  const me = conversation.a === summary.other ? conversation.b : conversation.a;
  const time = pbTimestampMs(summary.lastActivity);
  const about = aboutLabel(summary);
  return (
    <li>
      <Link
        to="/chatting/$id"
        params={{ id: conversation.id }}
        className={unread > 0 ? `${styles.item} ${styles.unread}` : styles.item}
        data-testid="conversation-item"
        data-unread={unread}
      >
        <WriterAvatar writer={otherProfile ?? undefined} />
        <span className={styles.text}>
          <span className={styles.top}>
            <span className={styles.name}>{name}</span>
            {summary.blocked ? <span className={styles.chip}>{c.blockedChip}</span> : null}
            {summary.pending || lastMessage?.pending ? <PendingMark /> : null}
            {Number.isNaN(time) ? null : (
              <time className={styles.time} dateTime={new Date(time).toISOString()}>
                {relativeTime(time, now)}
              </time>
            )}
          </span>
          <span className={styles.excerpt}>{excerptOf(summary, me)}</span>
          {about ? (
            <span className={styles.about}>
              <span className={styles.aboutKind}>{about}</span>
              {card ? (
                <span className={styles.aboutTitle}>{card.title || card.memberName}</span>
              ) : null}
            </span>
          ) : null}
        </span>
        {card ? <CardThumb card={card} size="small" decorative /> : null}
        {unread > 0 ? (
          <span className={styles.badge} data-testid="conversation-unread">
            <span aria-hidden="true">{countText(unread)}</span>
            <span className="visually-hidden">{c.unreadCount(unread)}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
});
