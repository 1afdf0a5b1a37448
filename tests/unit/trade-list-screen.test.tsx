/// <reference types="vite/client" />
// /tradeList (내 교환 목록) rendered in the real route tree against the local store
// (fake-indexeddb), offline: the login prompt, both lists with their counts and cards, the spare
// stepper (a run of taps written as one change), 빼기, the 공개 switch with its pending mark, and
// the empty states pointing to the collect books.
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
import type { CollectBook, TradeItem } from '@/data/pb/records.ts';
import { SPARE_COMMIT_DELAY_MS } from '@/components/trades/use-spare-draft';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { ME, GROUP, at, cardRecord, putCatalogue, byTestId } from '../helpers/trade-records.ts';
import { waitFor } from '../helpers/wait.ts';

let root: Root | undefined;
let container: HTMLElement | undefined;

function item(n: number, kind: 'have' | 'want', spare = kind === 'have' ? 2 : 0): TradeItem {
  return {
    id: `item${String(n).padStart(11, '0')}`,
    user: ME,
    photoCard: cardRecord(n).id,
    kind,
    spare,
    book: '',
    created: at(n),
    updated: at(n),
  };
}

function book(id: string, title: string, cardInfo: string[]): CollectBook {
  return {
    id,
    users: ME,
    title,
    group: GROUP,
    thumbNail: '',
    cardInfo,
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
  // offline: the screen works from the store alone, and nothing is sent while the test looks
  appStore.set(syncStatusAtom, { ...initialSyncStatus(), online: false, lastPullAt: Date.now() });
  await putCatalogue(db, [1, 2, 3, 4]);
  await db.users.put({
    id: ME,
    name: '나',
    username: 'me',
    avatar: '',
    biasGroup: '',
    likeList: [],
    collectBook: [],
    exchangeStatus: [],
    birth: '',
    phoneNumber: '',
    role: '',
    created: at(0),
    updated: at(0),
  });
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
});

async function signIn() {
  await db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });
  appStore.set(sessionUserIdAtom, ME);
}

async function renderAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(<App router={router} />);
  });
  await waitFor(() => expect(container?.querySelector('h1')).not.toBeNull(), {
    timeout: 15_000,
  });
  return { router, el: container };
}

const rows = (el: HTMLElement) => [
  ...el.querySelectorAll<HTMLElement>('[data-testid="trade-item"]'),
];

describe('/tradeList', () => {
  it('asks a signed-out visitor to log in', async () => {
    const { el } = await renderAt('/tradeList');
    await waitFor(() => expect(byTestId(el, 'trade-list-logged-out')).not.toBeNull());
    expect(el.querySelector('a[href="/login"]')).not.toBeNull();
    expect(el.querySelector('h1')?.textContent).toBe('내 교환 목록');
  });

  it('shows both lists with counts, cards opening their detail, and a way to 매칭', async () => {
    await signIn();
    await db.tradeItems.bulkPut([item(1, 'have', 3), item(2, 'have'), item(3, 'want')]);
    const { el } = await renderAt('/tradeList');
    await waitFor(() => expect(rows(el)).toHaveLength(2));
    expect(byTestId(el, 'trade-list-summary')?.textContent).toBe('보유 2장 · 구함 1장');
    expect(byTestId(el, 'trade-tab-have')?.textContent).toBe('보유·교환 가능2');
    expect(byTestId(el, 'trade-tab-have')?.getAttribute('aria-selected')).toBe('true');
    // newest first
    expect(rows(el).map((r) => r.dataset['cardId'])).toEqual([cardRecord(2).id, cardRecord(1).id]);
    await waitFor(() => expect(rows(el)[1]?.textContent).toContain('멤버1 카드1'));
    expect(rows(el)[1]?.textContent).toContain('RIIZE');
    expect(rows(el)[1]?.querySelector('a')?.getAttribute('href')).toBe(
      `/exchangeDetail/${cardRecord(1).id}`,
    );
    expect(byTestId(rows(el)[1]!, 'trade-item-spare-value')?.textContent).toBe('3장');
    expect(byTestId(el, 'to-matching')?.getAttribute('href')).toBe('/matching');

    await act(async () => byTestId(el, 'trade-tab-want')?.click());
    await waitFor(() =>
      expect(rows(el).map((r) => r.dataset['cardId'])).toEqual([cardRecord(3).id]),
    );
    expect(byTestId(el, 'trade-tab-want')?.getAttribute('aria-selected')).toBe('true');
    // no spares on the want list
    expect(byTestId(rows(el)[0]!, 'trade-item-spare')).toBeNull();
  });

  it('writes a run of stepper taps as one change, and 빼기 takes the card off', async () => {
    await signIn();
    await db.tradeItems.bulkPut([item(1, 'have', 3)]);
    const { el } = await renderAt('/tradeList');
    await waitFor(() => expect(rows(el)).toHaveLength(1));
    const [minus, plus] = [
      ...rows(el)[0]!.querySelectorAll<HTMLButtonElement>(
        '[data-testid="trade-item-spare"] button',
      ),
    ];
    for (const button of [plus, plus, plus, minus]) await act(async () => button!.click());
    expect(byTestId(el, 'trade-item-spare-value')?.textContent).toBe('5장');
    expect(await db.outbox.count()).toBe(0);
    await waitFor(
      async () => expect((await db.tradeItems.get(item(1, 'have').id))?.spare).toBe(5),
      { timeout: SPARE_COMMIT_DELAY_MS + 3000 },
    );
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual([KINDS.tradeItemUpdate]);
    await waitFor(() =>
      expect(rows(el)[0]?.querySelector('[data-pending-mark="pending"]')).not.toBeNull(),
    );
    expect(byTestId(el, 'trade-item-spare-value')?.textContent).toBe('5장');

    await act(async () => byTestId<HTMLButtonElement>(el, 'trade-item-remove')?.click());
    await waitFor(() => expect(rows(el)).toHaveLength(0));
    expect(await db.tradeItems.count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => r.kind)).toContain(KINDS.tradeItemDelete);
    expect(byTestId(el, 'trade-list-empty-have')).not.toBeNull();
    expect(byTestId(el, 'trade-list-summary')?.textContent).toBe('보유 0장 · 구함 0장');
  });

  it('drops taps not written yet when the card comes off, rather than putting it back', async () => {
    await signIn();
    await db.tradeItems.bulkPut([item(1, 'have', 3)]);
    const { el } = await renderAt('/tradeList');
    await waitFor(() => expect(rows(el)).toHaveLength(1));
    const plus = rows(el)[0]!.querySelectorAll<HTMLButtonElement>(
      '[data-testid="trade-item-spare"] button',
    )[1];
    await act(async () => plus!.click());
    await act(async () => byTestId<HTMLButtonElement>(el, 'trade-item-remove')?.click());
    await waitFor(() => expect(rows(el)).toHaveLength(0));
    await new Promise((resolve) => setTimeout(resolve, SPARE_COMMIT_DELAY_MS + 300));
    expect(await db.tradeItems.count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual([KINDS.tradeItemDelete]);
  });

  it('turns the list-level 공개 on through the outbox, with its pending mark and its line', async () => {
    await signIn();
    const { el } = await renderAt('/tradeList');
    const input = await waitFor(() => {
      const i = byTestId<HTMLInputElement>(el, 'trade-public-switch');
      expect(i?.disabled).toBe(false);
      return i!;
    });
    const box = byTestId(el, 'trade-public')!;
    expect(input.checked).toBe(false);
    expect(box.textContent).toContain('비공개');
    await act(async () => input.click());
    await waitFor(async () => expect((await db.users.get(ME))?.tradePublic).toBe(true));
    await waitFor(() => expect(input.checked).toBe(true));
    expect(box.textContent).toContain('공개 중');
    await waitFor(() => expect(box.querySelector('[data-pending-mark="pending"]')).not.toBeNull());
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual([KINDS.tradePublicSet]);
  });

  it('points empty lists to the collect books, and adds duplicates from the empty have list', async () => {
    await signIn();
    await db.collectBook.bulkPut([
      book('book1aaaaaaaaaa', '첫 번째 책', [cardRecord(1).id, cardRecord(2).id]),
      book('book2aaaaaaaaaa', '두 번째 책', [cardRecord(1).id]),
    ]);
    const { el } = await renderAt('/tradeList');
    const empty = await waitFor(() => {
      const e = byTestId(el, 'trade-list-empty-have');
      expect(e?.querySelectorAll('a')).toHaveLength(2);
      return e!;
    });
    expect([...empty.querySelectorAll('a')].map((a) => a.textContent).sort()).toEqual([
      '두 번째 책',
      '첫 번째 책',
    ]);
    // the book's group loads by its own query: the address names it once it is there
    await waitFor(() =>
      expect(empty.querySelector('a')?.getAttribute('href')).toMatch(
        /^\/collectBook\/RIIZE\/book[12]a{10}\//,
      ),
    );
    await act(async () => byTestId<HTMLButtonElement>(el, 'trade-list-add-duplicates')?.click());
    await waitFor(() =>
      expect(rows(el).map((r) => r.dataset['cardId'])).toEqual([cardRecord(1).id]),
    );
    expect(byTestId(el, 'trade-item-spare-value')?.textContent).toBe('1장');

    await act(async () => byTestId(el, 'trade-tab-want')?.click());
    await waitFor(() => expect(byTestId(el, 'trade-list-empty-want')).not.toBeNull());
  });

  it('offers to make a book when there is none', async () => {
    await signIn();
    const { el } = await renderAt('/tradeList');
    const empty = await waitFor(() => {
      const e = byTestId(el, 'trade-list-empty-have');
      expect(e?.querySelector('a')).toBeTruthy();
      return e!;
    });
    expect([...empty.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/collectBook/collectBookAdd',
      '/exchange',
    ]);
  });
});
