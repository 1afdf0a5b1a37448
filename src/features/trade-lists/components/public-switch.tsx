import { useId, useState } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { PendingMark } from '@/components/ui/pending-mark';
import { useOwnProfile } from '@/domains/accounts/hooks';
import { useQueuedKind } from '@/components/trades/use-queued-kind';
import { useTradeWrite } from '@/components/trades/use-trade-write';
import { KINDS } from '@/domains/trade-lists/names';
import { recordKey } from '@/data/outbox/names';
import { koTradeLists } from '@/i18n/ko-trade-lists';
import styles from './trade-list-screen.module.css';

const t = koTradeLists.screen;

/**
 * The list-level 공개 switch (docs/trades.md, `users.tradePublic`): on, both lists show to other
 * fans in 매칭 and on my profile (the cards, not the spare counts); off, only the cards put on
 * the lists from a book set to 자랑하기 do. The value is my stored user record's; a change waits
 * in the outbox with its pending mark until the server has it.
 */
export function PublicSwitch() {
  const id = useId();
  const userId = useAtomValue(sessionUserIdAtom);
  const me = useOwnProfile();
  const write = useTradeWrite();
  const queued = useQueuedKind(KINDS.tradePublicSet, userId ? recordKey('users', userId) : null);
  const [busy, setBusy] = useState(false);
  const on = Boolean(me?.tradePublic);

  async function change(next: boolean) {
    setBusy(true);
    try {
      await write((r) => r.setTradePublic(next), t.publicFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.publicBox} data-testid="trade-public">
      <div className={styles.publicRow}>
        <label htmlFor={id} className={styles.publicLabel}>
          {t.publicLabel}
        </label>
        {queued ? <PendingMark /> : null}
        <input
          id={id}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={on}
          disabled={!me || busy}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void change(e.currentTarget.checked)}
          data-testid="trade-public-switch"
        />
      </div>
      <p id={`${id}-hint`} className={styles.publicHint} aria-live="polite">
        {on ? t.publicOn : t.publicOff}
      </p>
    </div>
  );
}
