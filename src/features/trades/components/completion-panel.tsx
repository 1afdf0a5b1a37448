import { useState } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import type { TradeSummary } from '@/domains/trades/hooks';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { useCompletionPlan } from '@/features/trades/hooks/use-completion-plan';
import { markTidyOffered, wasTidyOffered } from '@/features/trades/tidy-offered';
import { CompletionDialog } from './completion-dialog';
import ui from '@/components/ui/panels.module.css';

/**
 * A completed trade's tidy-up: the dialog opens by itself the first time this device shows the
 * trade completed with something to change, and the button opens it again any time.
 */
export function CompletionPanel({ summary }: { summary: TradeSummary }) {
  const userId = useAtomValue(sessionUserIdAtom) ?? '';
  const tradeId = summary.trade.id;
  const data = useCompletionPlan(summary);
  const [offered, setOffered] = useState(() => wasTidyOffered(userId, tradeId));
  const [asked, setAsked] = useState(false);
  if (!data) return null;
  const open = asked || (!offered && data.plan.changes.length > 0);

  function close() {
    markTidyOffered(userId, tradeId);
    setOffered(true);
    setAsked(false);
  }

  return (
    <>
      <button
        type="button"
        className={`${ui.button} ${ui.outline}`}
        onClick={() => setAsked(true)}
        data-testid="trade-tidy"
      >
        {koTradeScreens.detail.tidy}
      </button>
      <CompletionDialog open={open} onClose={close} data={data} />
    </>
  );
}
