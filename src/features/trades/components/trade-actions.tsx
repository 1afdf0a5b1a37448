import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useConfirm } from '@/components/hooks/use-confirm';
import { toast } from '@/components/ui/toast';
import type { TradeSummary } from '@/domains/trades/hooks';
import { actionAllowed } from '@/domains/trades/kinds';
import { loadRepos, type Repos } from '@/domains/tables/lazy';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { useOpenChat } from '@/features/trades/hooks/use-open-chat';
import { doneMarks } from '@/features/trades/trade-sides';
import { writeErrorMessage } from '@/features/trades/write-errors';
import ui from '@/components/ui/panels.module.css';
import styles from './trade-detail-screen.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const t = koTradeScreens.detail;
const failures = tradesKo.failures;

type Action = 'accept' | 'decline' | 'cancel' | 'done';

const WRITE: Record<Action, (repos: Repos, id: string) => Promise<boolean>> = {
  accept: (repos, id) => repos.acceptTrade(id),
  decline: (repos, id) => repos.declineTrade(id),
  cancel: (repos, id) => repos.cancelTrade(id),
  done: (repos, id) => repos.markTradeDone(id),
};

const LABEL: Record<Action, string> = {
  accept: t.accept,
  decline: t.decline,
  cancel: t.cancel,
  done: t.markDone,
};

const DONE_TOAST: Record<Action, string> = {
  accept: t.accepted,
  decline: t.declined,
  cancel: t.cancelled,
  done: t.doneMarked,
};

const FAILURE: Record<Action, string> = {
  accept: failures.tradeAccept,
  decline: failures.tradeDecline,
  cancel: failures.tradeCancel,
  done: failures.tradeDone,
};

export interface TradeActionsProps {
  summary: TradeSummary;
  /** The proposer's 수정: the screen shows the form. */
  onEdit: () => void;
  /** More actions at the end of the row (a completed trade's tidy-up). */
  children?: ReactNode;
}

/**
 * What I may do with a proposal now, by the hook's table (docs/trades.md, `trades`): the receiver
 * of a `proposed` one accepts, declines or counters; its proposer edits or cancels; either side
 * of an `accepted` one marks 완료 (once they marked 받았어요 in the shipping panel) or cancels.
 * Declining, cancelling and 완료 ask first. 채팅 opens the pair's conversation about this trade.
 * A refusal is said under the buttons.
 */
export function TradeActions({ summary, onEdit, children }: TradeActionsProps) {
  const { trade, side, other } = summary;
  const confirm = useConfirm();
  const chat = useOpenChat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const done = doneMarks(summary);
  const can = (action: Parameters<typeof actionAllowed>[1]) => actionAllowed(trade, action, side);

  async function run(action: Action) {
    const question =
      action === 'decline'
        ? t.declineConfirm
        : action === 'cancel'
          ? trade.status === 'accepted'
            ? t.cancelAcceptedConfirm
            : t.cancelConfirm
          : action === 'done'
            ? t.doneConfirm
            : null;
    if (
      question &&
      !(await confirm({
        message: question,
        confirmLabel: LABEL[action],
        cancelLabel: t.keep,
        destructive: action !== 'done',
      }))
    ) {
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await WRITE[action](await loadRepos(), trade.id);
      toast.success(DONE_TOAST[action]);
    } catch (err) {
      setError(writeErrorMessage(err, FAILURE[action]));
    } finally {
      setBusy(false);
    }
  }

  const button = (action: Action, label: string, tone: string | undefined, testId: string) => (
    <button
      type="button"
      className={`${ui.button} ${tone ?? ''}`}
      disabled={busy}
      onClick={() => void run(action)}
      data-testid={testId}
    >
      {label}
    </button>
  );

  const closed = !can('cancel') && !can('done') && !can('accept') && !can('edit');
  return (
    <div className={styles.actionsBox} data-testid="trade-actions">
      {trade.status === 'accepted' && (done.mine || done.theirs) ? (
        <p className={styles.doneNote} data-testid="trade-done-note">
          {done.mine ? t.doneMine : t.doneTheirs}
        </p>
      ) : null}
      {closed && trade.status !== 'completed' ? <p className={ui.note}>{t.closedNote}</p> : null}
      <div className={ui.actions}>
        {can('accept') ? button('accept', t.accept, ui.primary, 'trade-accept') : null}
        {can('accept') ? (
          <Link
            to="/trades/new"
            search={{
              to: trade.proposer,
              counterOf: trade.id,
              give: trade.get.join(',') || undefined,
              get: trade.give.join(',') || undefined,
              conversation: trade.conversation || undefined,
            }}
            className={`${ui.button} ${ui.outline}`}
            data-testid="trade-counter"
          >
            {t.counter}
          </Link>
        ) : null}
        {can('decline') ? button('decline', t.decline, ui.danger, 'trade-decline') : null}
        {can('edit') ? (
          <button type="button" className={ui.button} onClick={onEdit} data-testid="trade-edit">
            {t.edit}
          </button>
        ) : null}
        {can('done') && !done.mine && trade[`${side}Received`]
          ? button('done', t.markDone, ui.primary, 'trade-done')
          : null}
        {can('cancel') ? button('cancel', t.cancel, ui.danger, 'trade-cancel') : null}
        <button
          type="button"
          className={`${ui.button} ${ui.outline}`}
          disabled={chat.busy}
          onClick={() => chat.open(other, { trade: trade.id })}
          data-testid="trade-chat"
        >
          {koTradeScreens.actions.chat}
        </button>
        {children}
      </div>
      {error ? (
        <p className={ui.error} role="alert" data-testid="trade-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
