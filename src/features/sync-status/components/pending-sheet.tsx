import { useEffect, useId, useRef, useState } from 'react';
import { sessionUserIdAtom, syncStatusAtom, useAtomValue } from '@/state/store';
import { AlertTriangleIcon, ClockIcon, RefreshIcon } from '@/components/ui/icons';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { copyText } from '@/components/ui/copy-text';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { discardDeadLetter, retryDeadLetter } from '@/data/writes/dead-letters';
import { LoginRequiredError } from '@/data/writes/queue';
import { isQuotaError } from '@/data/storage';
import { requestFlushNow } from '@/data/sync/signals';
import { ko } from '@/i18n/ko';
import { koViewer } from '@/i18n/ko-viewer';
import { relativeTime } from '@/lib/relative-time';
import { useNow } from '@/components/hooks/use-now';
import {
  outboxItemState,
  outboxStateText,
  useDeadLetters,
  useOutboxItems,
  type DeadLetterItem,
  type OutboxItem,
  type OutboxStateContext,
} from '@/live/sync';
import { koSyncStatus } from '@/features/sync-status/ko';
import styles from './pending-sheet.module.css';

export interface PendingSheetProps {
  open: boolean;
  onClose: () => void;
}

/** The list behind the pending count: changes waiting to be sent, and the ones refused. */
export function PendingSheet({ open, onClose }: PendingSheetProps) {
  const { online } = useAtomValue(syncStatusAtom);
  return (
    <SheetDialog
      open={open}
      onClose={onClose}
      title={ko.sync.sheetTitle}
      closeLabel={ko.sync.close}
      testId="pending-sheet"
      footer={
        <button
          type="button"
          className={styles.syncNow}
          disabled={!online}
          onClick={() => requestFlushNow()}
        >
          <RefreshIcon size={18} />
          {ko.sync.syncNow}
        </button>
      }
    >
      <PendingList />
    </SheetDialog>
  );
}

function PendingList() {
  const items = useOutboxItems();
  const dead = useDeadLetters();
  const status = useAtomValue(syncStatusAtom);
  const userId = useAtomValue(sessionUserIdAtom);
  const now = useNow(1000);
  const rootRef = useRef<HTMLDivElement>(null);
  const deadTitleId = useId();

  // A retried or discarded entry takes its focused button with it; keep focus in the sheet.
  useEffect(() => {
    const dialog = rootRef.current?.closest('dialog');
    if (!dialog?.open) return;
    const active = document.activeElement;
    if (!active || active === document.body) dialog.querySelector<HTMLElement>('button')?.focus();
  }, [items, dead]);

  const ctx: OutboxStateContext = {
    online: status.online,
    userId,
    waitingForLogin: status.waitingForLogin,
    now,
  };
  const empty = items?.length === 0 && dead?.length === 0;
  // The pending count counts changes, the list shows rows: the cards ticked together in one
  // collect book go as one row but count one change each (docs/sync.md, Pending changes). The
  // sheet says both numbers, and why, so the count on the button is found here too.
  const changes = items?.reduce((sum, item) => sum + item.changes, 0) ?? 0;

  return (
    <div ref={rootRef}>
      {empty ? <p className={styles.empty}>{ko.sync.sheetEmpty}</p> : null}
      {items?.length ? (
        <div className={styles.summary} data-testid="pending-summary" data-changes={changes}>
          <p>{koViewer.syncSheet.summary(changes, items.length)}</p>
          {changes !== items.length ? <p>{koViewer.syncSheet.summaryWhy}</p> : null}
        </div>
      ) : null}
      {items?.length ? (
        <ul className={styles.list}>
          {items.map((item) => (
            <OutboxEntry key={item.seq} item={item} ctx={ctx} />
          ))}
        </ul>
      ) : null}
      {dead?.length ? (
        <section className={styles.deadSection} aria-labelledby={deadTitleId}>
          <h3 id={deadTitleId} className={styles.deadTitle}>
            <AlertTriangleIcon size={18} />
            {ko.sync.deadTitle}
          </h3>
          <ul className={styles.deadList}>
            {dead.map((d) => (
              <DeadLetterEntry key={d.seq} item={d} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function OutboxEntry({ item, ctx }: { item: OutboxItem; ctx: OutboxStateContext }) {
  const state = outboxItemState(item, ctx);
  return (
    <li className={styles.item} data-testid="pending-item" data-changes={item.changes}>
      <span className={styles.itemIcon} aria-hidden="true">
        <ClockIcon size={18} />
      </span>
      <span className={styles.itemText}>
        <span className={styles.itemLabel}>{item.label}</span>
        <span className={styles.itemMeta}>
          {item.cards !== null ? `${ko.sync.cardCount(item.cards)} · ` : null}
          {ko.sync.queuedAt(relativeTime(item.createdAt, ctx.now))}
        </span>
      </span>
      <span className={styles.state} data-state={state.type}>
        {outboxStateText(state)}
      </span>
    </li>
  );
}

function DeadLetterEntry({ item }: { item: DeadLetterItem }) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const labelId = useId();
  const messageId = useId();
  const describedBy = `${labelId} ${messageId}`;

  async function retry() {
    setBusy(true);
    try {
      await retryDeadLetter(item.seq);
    } catch (err) {
      if (err instanceof LoginRequiredError) toast.error(ko.messages.loginRequired);
      else if (isQuotaError(err)) toast.error(ko.sync.storageFull);
      else {
        console.warn('[sync] retry of a dead letter failed', err);
        toast.error(ko.sync.retryFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  const copy = () => copyText(item.draft, koSyncStatus.copied, koSyncStatus.copyFailed);

  async function discard() {
    const yes = await confirm({
      message: ko.sync.discardConfirm,
      confirmLabel: ko.sync.discard,
      destructive: true,
    });
    if (yes) await discardDeadLetter(item.seq);
  }

  return (
    <li className={styles.dead} data-testid="dead-letter">
      <span id={labelId} className={styles.itemLabel}>
        {item.label}
      </span>
      <p id={messageId} className={styles.deadMessage}>
        {item.message}
      </p>
      {item.draft ? (
        <figure className={styles.draft}>
          <figcaption className={styles.draftLabel}>{koSyncStatus.draftLabel}</figcaption>
          <blockquote className={styles.draftText} data-testid="dead-letter-draft">
            {item.draft}
          </blockquote>
        </figure>
      ) : null}
      <div className={styles.deadActions}>
        <button
          type="button"
          className={styles.discard}
          aria-describedby={describedBy}
          disabled={busy}
          onClick={() => void discard()}
        >
          {ko.sync.discard}
        </button>
        {item.draft ? (
          <button
            type="button"
            className={styles.discard}
            aria-describedby={describedBy}
            onClick={() => void copy()}
          >
            {koSyncStatus.copy}
          </button>
        ) : null}
        {/* a refusal a retry cannot overcome (a block) offers no retry */}
        {item.retryable ? (
          <button
            type="button"
            className={styles.retry}
            aria-describedby={describedBy}
            disabled={busy}
            onClick={() => void retry()}
          >
            {ko.sync.retry}
          </button>
        ) : null}
      </div>
    </li>
  );
}
