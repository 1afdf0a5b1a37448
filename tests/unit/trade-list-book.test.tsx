/// <reference types="vite/client" />
// The collect book's part of the trade lists, rendered in the real route tree against the local
// store (fake-indexeddb): the 나만 보기 / 자랑하기 switch (stored, queued with its pending mark, its
// line saying what becomes public), the two list actions with how many they added (and the words
// for none), and the actions waiting while ticks are unsaved.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { initialSyncStatus } from '@/data/sync/status';
import { db } from '@/data/db/index.ts';
import { KINDS } from '@/domains/trade-lists/names.ts';
import type { CollectBook } from '@/data/pb/records.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { ME, GROUP, at, cardRecord, putCatalogue, byTestId } from '../helpers/trade-records.ts';
import { waitFor } from '../helpers/wait.ts';

// the toasts' outlet mounts with the data layer, which these tests do not start: read the calls
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), dismiss: vi.fn() }));
vi.mock('@/components/ui/toast', () => ({
  toast,
  toastOutlet: { subscribe: () => () => {}, wanted: () => false },
}));

const BOOK = 'book1aaaaaaaaaa';

let root: Root | undefined;
let container: HTMLElement | undefined;

function book(id: string, cardInfo: string[], isPublic = false): CollectBook {
  return {
    id,
    users: ME,
    title: `책 ${id.slice(0, 5)}`,
    group: GROUP,
    thumbNail: '',
    cardInfo,
    isPublic,
    created: at(0),
    updated: at(0),
  };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  appStore.set(syncStatusAtom, { ...initialSyncStatus(), online: false, lastPullAt: Date.now() });
  await putCatalogue(db, [1, 2, 3, 4]);
  await db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });
  appStore.set(sessionUserIdAtom, ME);
  toast.success.mockReset();
  toast.error.mockReset();
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
});

async function renderBook() {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [`/collectBook/RIIZE/${BOOK}/title`] }),
  });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(<App router={router} />);
  });
  const el = container;
  await waitFor(() => expect(el.querySelector('[data-testid="book-trade"]')).toBeTruthy(), {
    timeout: 15_000,
  });
  return el;
}

/** Clicks a button once it is enabled (an action runs one at a time). */
async function press(el: ParentNode, id: string) {
  const button = await waitFor(() => {
    const b = byTestId<HTMLButtonElement>(el, id);
    expect(b?.disabled).toBe(false);
    return b!;
  });
  await act(async () => button.click());
}

describe('the collect book and the trade lists', () => {
  it('switches 자랑하기 on through the outbox and says what it makes public', async () => {
    await db.collectBook.put(book(BOOK, [cardRecord(1).id]));
    const el = await renderBook();
    const privacy = byTestId(el, 'book-privacy')!;
    const show = byTestId<HTMLButtonElement>(privacy, 'book-privacy-show')!;
    const mine = byTestId<HTMLButtonElement>(privacy, 'book-privacy-mine')!;
    expect(mine.getAttribute('aria-pressed')).toBe('true');
    expect(show.disabled).toBe(false);
    expect(privacy.textContent).toContain('나만 볼 수 있어요');

    await act(async () => show.click());
    await waitFor(async () => expect((await db.collectBook.get(BOOK))?.isPublic).toBe(true));
    await waitFor(() => expect(show.getAttribute('aria-pressed')).toBe('true'));
    expect(mine.getAttribute('aria-pressed')).toBe('false');
    expect(privacy.textContent).toContain('매칭되는 팬에게 공개돼요');
    await waitFor(() =>
      expect(privacy.querySelector('[data-pending-mark="pending"]')).toBeTruthy(),
    );
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual([KINDS.collectBookSetPublic]);
  });

  it('reads a public book as 자랑하기, and a tick waiting to be sent is not its pending mark', async () => {
    await db.collectBook.put(book(BOOK, [], true));
    const el = await renderBook();
    const privacy = byTestId(el, 'book-privacy')!;
    await waitFor(() =>
      expect(byTestId(privacy, 'book-privacy-show')?.getAttribute('aria-pressed')).toBe('true'),
    );
    const { saveCollectBookCards } = await import('@/domains/collect-books/writes.ts');
    await act(async () => {
      await saveCollectBookCards(BOOK, { add: [cardRecord(2).id], remove: [] });
    });
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(privacy.querySelector('[data-pending-mark]')).toBeNull();
  });

  it('adds the unowned cards to 구함 and the duplicates to 보유, saying how many', async () => {
    // card 1 in both books (a duplicate), card 2 in this one, cards 3 and 4 in none
    await db.collectBook.bulkPut([
      book(BOOK, [cardRecord(1).id, cardRecord(2).id]),
      book('book2aaaaaaaaaa', [cardRecord(1).id]),
    ]);
    const el = await renderBook();
    await press(el, 'book-add-wants');
    await waitFor(async () =>
      expect((await db.tradeItems.toArray()).map((i) => [i.photoCard, i.kind, i.book])).toEqual(
        expect.arrayContaining([
          [cardRecord(3).id, 'want', BOOK],
          [cardRecord(4).id, 'want', BOOK],
        ]),
      ),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith('안 모은 카드 2장을 구함 목록에 담았어요.'),
    );

    await press(el, 'book-add-haves');
    await waitFor(async () =>
      expect((await db.tradeItems.toArray()).filter((i) => i.kind === 'have')).toMatchObject([
        { photoCard: cardRecord(1).id, spare: 1 },
      ]),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith('중복 카드 1장을 교환 목록에 담았어요.'),
    );

    // again: nothing new to add, and it says so
    await press(el, 'book-add-wants');
    await waitFor(() =>
      expect(toast.success).toHaveBeenLastCalledWith(
        expect.stringContaining('새로 담을 카드가 없어요.'),
      ),
    );
    expect(await db.tradeItems.count()).toBe(3);
    expect(toast.error).not.toHaveBeenCalled();
    expect(byTestId(el, 'book-trade')?.querySelector('a')?.getAttribute('href')).toBe('/tradeList');
  });

  it('waits for unsaved ticks to be saved before adding', async () => {
    await db.collectBook.put(book(BOOK, []));
    const el = await renderBook();
    const tick = await waitFor(() => {
      const t = el.querySelector<HTMLElement>('[data-testid="book-card-toggle"]');
      expect(t).toBeTruthy();
      return t!;
    });
    await act(async () => tick.click());
    await waitFor(() => expect(byTestId(el, 'book-unsaved')).toBeTruthy());
    expect(byTestId<HTMLButtonElement>(el, 'book-add-wants')?.disabled).toBe(true);
    expect(byTestId<HTMLButtonElement>(el, 'book-add-haves')?.disabled).toBe(true);
    expect(byTestId(el, 'book-trade')?.textContent).toContain('완료로 저장한 뒤에');
  });
});
