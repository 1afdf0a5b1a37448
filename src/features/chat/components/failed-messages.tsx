import { useConfirm } from '@/components/hooks/use-confirm';
import { AlertTriangleIcon } from '@/components/ui/icons';
import { copyText } from '@/components/ui/copy-text';
import { useFailedMessages } from '@/domains/chat/hooks';
import type { FailedMessage } from '@/domains/chat/queries';
import { koChat } from '@/features/chat/ko';
import styles from './thread-screen.module.css';

const c = koChat.chat;

/** The write side of refused changes, loaded when the fan acts on one. */
const deadLetters = () => import('@/data/writes/dead-letters');

/**
 * The thread's messages the server refused for good (docs/trades.md, Refused by a block), at its
 * end: each keeps the fan's words with the Korean reason, and offers what can be done: copy the
 * words, delete the message, and send it again only when that can succeed (never across a block).
 */
export function FailedMessages({ conversationId }: { conversationId: string }) {
  const failed = useFailedMessages(conversationId);
  if (!failed?.length) return null;
  return (
    <ol className={styles.failedList} aria-label={c.failedLabel} data-testid="failed-messages">
      {failed.map((m) => (
        <FailedItem key={m.seq} item={m} />
      ))}
    </ol>
  );
}

function FailedItem({ item }: { item: FailedMessage }) {
  const confirm = useConfirm();

  async function remove() {
    const yes = await confirm({
      message: c.failedDeleteConfirm,
      confirmLabel: c.failedDelete,
      destructive: true,
    });
    if (yes) await (await deadLetters()).discardDeadLetter(item.seq);
  }

  const copy = () => copyText(item.text, c.failedCopied, c.failedCopyFailed);

  async function retry() {
    await (await deadLetters()).retryDeadLetter(item.seq);
  }

  return (
    <li className={styles.failedItem} data-testid="failed-message">
      <p className={styles.failedBubble}>{item.text || c.failedPhoto}</p>
      <p className={styles.failedReason}>
        <AlertTriangleIcon size={16} />
        <span>{item.reason}</span>
      </p>
      <div className={styles.failedActions}>
        {item.text ? (
          <button type="button" className={styles.failedButton} onClick={() => void copy()}>
            {c.failedCopy}
          </button>
        ) : null}
        <button type="button" className={styles.failedButton} onClick={() => void remove()}>
          {c.failedDelete}
        </button>
        {item.retryable ? (
          <button type="button" className={styles.failedButton} onClick={() => void retry()}>
            {c.failedRetry}
          </button>
        ) : null}
      </div>
    </li>
  );
}
