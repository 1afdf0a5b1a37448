import { useBlocker } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { GroupCardsProgress } from '@/components/ui/group-cards';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import type { CollectBook, Group } from '@/data/pb/records';
import { recordKey } from '@/data/outbox/names';
import { InvalidInputError, saveCollectBookCards, StorageFullError } from '@/domains/tables/writes';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { ko } from '@/i18n/ko-features';
import { useGroups, usePhotoCards } from '@/domains/catalogue/hooks';
import { usePendingKeys } from '@/live/sync';
import { SaveOfflineButton } from '@/features/collect-book/components/save-offline-button';
import { BookManage } from './book-manage';
import { BookProgress } from './book-progress';
import { BookScan } from './book-scan';
import { BookSideMenu } from './book-side-menu';
import { BookTradeActions } from './book-trade-actions';
import { CardToggleGrid, OwnedCardGrid } from './card-toggle-grid';
import { PrivacyToggle } from './privacy-toggle';
import { useBookTicks } from '@/features/collect-book/hooks/use-book-ticks';
import styles from './book-layout.module.css';

const t = ko.collectBookScreen;

/**
 * One loaded book: progress, the owned cards, and the grid to tick. Ticks stay on this screen
 * (useBookTicks) until '완료' → '저장', then go out as add/remove set operations through the
 * outbox, so saving works offline and merges with other devices' saves on the server. The aside
 * also holds the book's two trade-list actions and the main column its 나만 보기 / 자랑하기 switch.
 */
export function BookView({ book, group }: { book: CollectBook; group: Group }) {
  const cards = usePhotoCards({ group: group.id });
  const groups = useGroups();
  const groupMap = useMemo(() => new Map((groups ?? []).map((g) => [g.id, g])), [groups]);
  const pendingKeys = usePendingKeys();
  const online = useAtomValue(syncStatusAtom).online;
  const confirm = useConfirm();
  const ticks = useBookTicks(book.cardInfo);
  const [saving, setSaving] = useState(false);

  const ownedCards = useMemo(
    () => (cards ?? []).filter((c) => ticks.owned.has(c.id)),
    [cards, ticks.owned],
  );
  // the group's cards, also those still coming in (docs/product-rules.md, Collect book: owned ÷
  // the group's cards), so a book of a group just followed does not read 0/7 of 65
  const total = Math.max(cards?.length ?? 0, group.cardCount ?? 0);
  const savedCards = useMemo(() => {
    const saved = new Set(book.cardInfo);
    return (cards ?? []).filter((c) => saved.has(c.id));
  }, [cards, book.cardInfo]);

  // Unsaved ticks are only in memory: ask before leaving the screen (in the app, with the app's
  // confirm) or closing or reloading the tab (the browser's own prompt).
  const { dirty } = ticks;
  useBlocker({
    shouldBlockFn: async () =>
      !(await confirm({ message: t.leavePrompt, confirmLabel: t.leave, cancelLabel: t.stay })),
    disabled: !dirty,
    enableBeforeUnload: dirty,
  });

  async function complete() {
    if (saving) return;
    const ok = await confirm({
      message: t.saveConfirm,
      confirmLabel: t.saveLabel,
      cancelLabel: t.cancelLabel,
    });
    if (!ok) return;
    const { add, remove } = ticks.diff;
    if (!add.size && !remove.size) {
      toast.success(t.nothingToSave);
      return;
    }
    setSaving(true);
    try {
      await saveCollectBookCards(book.id, { add: [...add], remove: [...remove] });
      ticks.markSaved();
      // one message, and an honest one: offline the save is only on the device so far
      toast.success(online ? t.saved : t.savedOffline);
    } catch (err) {
      toast.error(
        err instanceof InvalidInputError
          ? err.message
          : err instanceof StorageFullError
            ? ko.sync.storageFull
            : t.saveFailed,
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.layout}>
      <aside className={styles.aside}>
        <div className={styles.progressSlot}>
          <BookProgress
            group={group}
            owned={ownedCards.length}
            total={total}
            dirty={ticks.dirty}
            pending={pendingKeys.has(recordKey('collectBook', book.id))}
            saving={saving}
            onComplete={() => void complete()}
          />
        </div>
        {/* the group's cards coming in, until they all are (docs/sync.md, Pull by scope) */}
        <BookScan book={book} group={group} cards={cards} />
        <GroupCardsProgress group={group} />
        <SaveOfflineButton groupId={group.id} />
        <BookTradeActions bookId={book.id} dirty={ticks.dirty} />
        <BookSideMenu currentId={book.id} groups={groupMap} />
      </aside>
      <div className={styles.main}>
        <PrivacyToggle book={book} />
        <BookManage book={book} savedCards={savedCards} />
        <section className={styles.section} aria-labelledby="book-owned-title">
          <h2 id="book-owned-title" className={styles.sectionTitle}>
            {t.ownedTitle}
            <span className={styles.sectionCount}>{ownedCards.length}</span>
          </h2>
          {cards === undefined ? null : <OwnedCardGrid cards={ownedCards} />}
        </section>
        <section className={styles.section} aria-labelledby="book-pick-title">
          <h2 id="book-pick-title" className={styles.sectionTitle}>
            {t.pickTitle}
          </h2>
          <p className={styles.hint}>{t.pickHint}</p>
          {cards === undefined ? (
            <p className={styles.status} role="status">
              {t.loading}
            </p>
          ) : cards.length === 0 ? (
            <p className={styles.status}>{t.noCards}</p>
          ) : (
            <CardToggleGrid cards={cards} owned={ticks.owned} onToggle={ticks.toggle} />
          )}
        </section>
      </div>
    </div>
  );
}
