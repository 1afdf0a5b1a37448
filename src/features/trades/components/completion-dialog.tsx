import { useState } from 'react';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { toast } from '@/components/ui/toast';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { loadRepos } from '@/domains/tables/lazy';
import { completionChangeKey, type CompletionChange } from '@/domains/trades/completion';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { applyCompletion } from '@/features/trades/apply-completion';
import type { CompletionData } from '@/features/trades/hooks/use-completion-plan';
import { cardName } from './card-strip';
import ui from '@/components/ui/panels.module.css';
import styles from './completion-dialog.module.css';

const t = koTradeScreens.completion;

const SECTIONS: readonly {
  title: string;
  kinds: readonly CompletionChange['kind'][];
  /** Say which received cards have no book to tick them in. */
  noBook?: boolean;
}[] = [
  { title: t.books, kinds: ['tick', 'untick'], noBook: true },
  { title: t.posts, kinds: ['post'] },
  { title: t.lists, kinds: ['unwant', 'spare'] },
];

export interface CompletionDialogProps {
  open: boolean;
  onClose: () => void;
  data: CompletionData;
}

/**
 * After a completed trade: what the fan's collect books, exchange posts and lists should change,
 * as a checklist (every item ticked to start), applied with the ordinary writes and told in a
 * toast. Nothing is written until 적용.
 */
export function CompletionDialog({ open, onClose, data }: CompletionDialogProps) {
  const online = useAtomValue(syncStatusAtom).online;
  const [off, setOff] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const { plan, cards, books } = data;
  const chosen = plan.changes.filter((c) => !off.has(completionChangeKey(c)));

  const label = (c: CompletionChange): string => {
    const card = cardName(cards.get(c.card));
    switch (c.kind) {
      case 'tick':
        return t.tick(card, books.get(c.book)?.title ?? '');
      case 'untick':
        return t.untick(card, books.get(c.book)?.title ?? '');
      case 'post':
        return t.post(card);
      case 'unwant':
        return t.unwant(card);
      case 'spare':
        return c.spare ? t.spare(card, c.spare) : t.unhave(card);
    }
  };

  function flip(key: string) {
    setOff((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  async function apply() {
    if (!chosen.length) {
      toast.error(t.none);
      return;
    }
    setBusy(true);
    try {
      const { ok, failed } = await applyCompletion(await loadRepos(), chosen);
      if (failed) toast.error(t.partial(ok, failed));
      else toast.success(online ? t.done(ok) : t.doneOffline(ok));
      onClose();
    } catch (err) {
      console.warn('[trades] tidy-up failed', err);
      toast.error(koTradeScreens.actions.failed);
    } finally {
      setBusy(false);
    }
  }

  const empty = !plan.changes.length;
  return (
    <SheetDialog
      open={open}
      onClose={onClose}
      title={t.title}
      closeLabel={t.close}
      testId="completion-dialog"
      footer={
        <div className={`${ui.actions} ${ui.end}`}>
          <button type="button" className={ui.button} onClick={onClose}>
            {empty ? t.close : t.skip}
          </button>
          {empty ? null : (
            <button
              type="button"
              className={`${ui.button} ${ui.primary}`}
              disabled={busy || !chosen.length}
              onClick={() => void apply()}
              data-testid="completion-apply"
            >
              {busy ? t.applying : `${t.apply} (${chosen.length})`}
            </button>
          )}
        </div>
      }
    >
      <div className={styles.body}>
        <p className={styles.intro}>{empty ? t.nothing : t.intro}</p>
        {SECTIONS.map((section) => {
          const items = plan.changes.filter((c) => section.kinds.includes(c.kind));
          const notes = section.noBook ? plan.noBook : [];
          if (!items.length && !notes.length) return null;
          return (
            <fieldset key={section.title} className={styles.section}>
              <legend className={styles.legend}>{section.title}</legend>
              {items.map((c) => {
                const key = completionChangeKey(c);
                return (
                  <label
                    key={key}
                    className={styles.item}
                    data-testid="completion-item"
                    data-kind={c.kind}
                  >
                    <input type="checkbox" checked={!off.has(key)} onChange={() => flip(key)} />
                    <span>{label(c)}</span>
                  </label>
                );
              })}
              {notes.map((card) => (
                <p key={card} className={styles.noBook} data-testid="completion-no-book">
                  {t.noBook(cardName(cards.get(card)))}
                </p>
              ))}
            </fieldset>
          );
        })}
      </div>
    </SheetDialog>
  );
}
