/**
 * Applies the tidy-up the fan kept from a completed trade's checklist, through the ordinary
 * writes: one collect-book save per book (ticks and unticks as set operations), the posts' move
 * to 교환완료, the list changes. Each is queued on its own, so one refusal leaves the rest done;
 * the counts say how many of the fan's items landed and how many did not.
 */
import type { Repos } from '@/domains/tables/lazy';
import { bookSaves, POST_DONE_STATUS, type CompletionChange } from '@/domains/trades/completion';

export async function applyCompletion(
  repos: Repos,
  changes: readonly CompletionChange[],
): Promise<{ ok: number; failed: number }> {
  let ok = 0;
  let failed = 0;
  const run = async (count: number, write: () => Promise<unknown>) => {
    try {
      await write();
      ok += count;
    } catch (err) {
      console.warn('[trades] tidy-up change not made', err);
      failed += count;
    }
  };
  for (const [book, save] of bookSaves(changes)) {
    await run(save.add.length + save.remove.length, () => repos.saveCollectBookCards(book, save));
  }
  for (const change of changes) {
    if (change.kind === 'post') {
      await run(1, () => repos.setPostStatus(change.post, POST_DONE_STATUS));
    } else if (change.kind === 'unwant' || (change.kind === 'spare' && change.spare === 0)) {
      await run(1, () => repos.removeTradeItem(change.card));
    } else if (change.kind === 'spare') {
      await run(1, () => repos.setTradeItem(change.card, { kind: 'have', spare: change.spare }));
    }
  }
  return { ok, failed };
}
