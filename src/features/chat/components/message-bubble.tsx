import { memo } from 'react';
import { PendingMark } from '@/components/ui/pending-mark';
import { HiddenNotice } from '@/components/reports/hidden-notice';
import type { ThreadMessage } from '@/domains/chat/hooks';
import { pbTimestampMs } from '@/data/time';
import { koChat } from '@/features/chat/ko';
import { messageTime } from '@/features/chat/chat-time';
import { MessagePhoto } from './message-photo';
import styles from './thread-screen.module.css';

const c = koChat.chat;

export interface MessageBubbleProps {
  item: ThreadMessage;
  /** The other fan's name (photo alt text, screen readers). */
  otherName: string;
  now: number;
  onOpenPhoto: (src: string, alt: string) => void;
  /** Others' messages only: asks for a reason and reports it. */
  onReport?: (messageId: string) => void;
}

/**
 * One message: own on the right, the other fan's on the left; text and/or a photo, the time, and
 * for own messages queued (the pending mark's clock), 전송됨 or 읽음 (docs/trades.md, messages: read
 * when the other fan's read mark is at or after its `created`). A message an admin hid shows a notice
 * instead of its text and photo (docs/operators.md, Moderation).
 */
export const MessageBubble = memo(function MessageBubble({
  item,
  otherName,
  now,
  onOpenPhoto,
  onReport,
}: MessageBubbleProps) {
  const { message, mine, pending, read } = item;
  const ms = pbTimestampMs(message.created);
  const alt = mine ? c.myPhotoAlt : c.photoAlt(otherName);
  const hasPhoto = Boolean(message.image) || (pending && !message.text);
  const state = pending ? null : read ? c.read : c.sent;
  return (
    <li
      className={mine ? `${styles.message} ${styles.mine}` : styles.message}
      data-testid="message"
      data-mine={mine}
      data-state={mine ? (pending ? 'pending' : read ? 'read' : 'sent') : undefined}
    >
      <span className="visually-hidden">{mine ? `${c.me}: ` : `${otherName}: `}</span>
      <div className={styles.bubble}>
        {message.hidden ? (
          <HiddenNotice kind="message" />
        ) : (
          <>
            {hasPhoto || message.image ? (
              <MessagePhoto message={message} alt={alt} onOpen={(src) => onOpenPhoto(src, alt)} />
            ) : null}
            {message.text ? <p className={styles.messageText}>{message.text}</p> : null}
          </>
        )}
      </div>
      <div className={styles.meta}>
        {mine ? (
          pending ? (
            <PendingMark />
          ) : (
            <span className={read ? styles.read : undefined} data-testid="message-state">
              {state}
            </span>
          )
        ) : null}
        {Number.isNaN(ms) ? null : (
          <time dateTime={new Date(ms).toISOString()}>{messageTime(ms, now)}</time>
        )}
        {onReport && !mine && !message.hidden ? (
          <button
            type="button"
            className={styles.reportButton}
            onClick={() => onReport(message.id)}
            aria-label={c.reportMessageLabel}
          >
            {c.reportMessage}
          </button>
        ) : null}
      </div>
    </li>
  );
});
