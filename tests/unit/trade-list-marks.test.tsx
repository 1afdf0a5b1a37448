/// <reference types="vite/client" />
// The have/want marks outside /tradeList, against the local store (fake-indexeddb): the card
// detail's part (mark 보유·교환 가능 with spares or 구함, take it off, the login prompt when signed
// out, the trader counts linking to 매칭, nothing asked offline) and the corner marks of the card
// grid's tiles.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, Provider, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { initialSyncStatus } from '@/data/sync/status';
import { db } from '@/data/db/index.ts';
import { KINDS } from '@/domains/trade-lists/names.ts';
import { CardGridSection } from '@/components/cards/card-grid-section';
import { usePhotoCards } from '@/domains/catalogue/hooks';
import { SPARE_COMMIT_DELAY_MS } from '@/components/trades/use-spare-draft';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { ME, GROUP, at, cardRecord, putCatalogue } from '../helpers/trade-records.ts';
import { waitFor } from '../helpers/wait.ts';

const routes = vi.hoisted(() => ({
  fetchCardTraders: vi.fn(),
  refreshMatches: vi.fn(),
  fetchFanTrust: vi.fn(),
}));
vi.mock('@/domains/trades/routes', () => routes);

let root: Root | undefined;
let container: HTMLElement | undefined;

const C1 = cardRecord(1).id;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  appStore.set(syncStatusAtom, { ...initialSyncStatus(), online: true, lastPullAt: Date.now() });
  await putCatalogue(db, [1, 2, 3, 4]);
  routes.fetchCardTraders.mockReset();
  routes.fetchCardTraders.mockResolvedValue({ card: C1, have: 3, want: 1 });
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

async function mount(ui: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(ui);
  });
  return container;
}

async function renderDetail(id = C1) {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [`/exchangeDetail/${id}`] }),
  });
  const el = await mount(<App router={router} />);
  await waitFor(() => expect(el.querySelector('[data-testid="card-trade-panel"]')).toBeTruthy(), {
    timeout: 15_000,
  });
  return { el, router, panel: el.querySelector<HTMLElement>('[data-testid="card-trade-panel"]')! };
}

const button = (el: ParentNode, id: string) =>
  el.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);

/** Clicks a button once it is enabled (the marks change one at a time). */
async function press(el: ParentNode, id: string) {
  const b = await waitFor(() => {
    expect(button(el, id)?.disabled).toBe(false);
    return button(el, id)!;
  });
  await act(async () => b.click());
}

describe('the card detail marks', () => {
  it('signed out: shows the counts for guests, and the marks ask to log in', async () => {
    const { el, panel } = await renderDetail();
    const traders = await waitFor(() => {
      const a = panel.querySelector<HTMLAnchorElement>('[data-testid="card-traders"]');
      expect(a).toBeTruthy();
      return a!;
    });
    expect(routes.fetchCardTraders).toHaveBeenCalledWith(C1);
    expect(traders.textContent).toBe('3명 보유 · 1명 구함');
    expect(traders.getAttribute('href')).toBe(`/matching?card=${C1}`);
    expect(panel.querySelector('[data-testid="to-trade-list"]')).toBeNull();
    expect(button(panel, 'trade-mark-have')?.getAttribute('aria-pressed')).toBe('false');

    await press(panel, 'trade-mark-want');
    await waitFor(() =>
      expect(el.querySelector('[role="alertdialog"]')?.textContent).toContain(
        '로그인이 필요한 서비스입니다.',
      ),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks the card, changes its spares, moves it to 구함 and takes it off', async () => {
    await signIn();
    const { panel } = await renderDetail();
    await waitFor(() => expect(button(panel, 'trade-mark-have')?.disabled).toBe(false));
    expect(panel.querySelector('a[href="/tradeList"]')).toBeTruthy();

    await press(panel, 'trade-mark-have');
    await waitFor(() =>
      expect(button(panel, 'trade-mark-have')?.getAttribute('aria-pressed')).toBe('true'),
    );
    expect(await db.tradeItems.toArray()).toMatchObject([
      { user: ME, photoCard: C1, kind: 'have', spare: 1 },
    ]);
    const value = () => panel.querySelector('[data-testid="trade-spare-value"]')?.textContent;
    await waitFor(() => expect(value()).toBe('1장'));
    await waitFor(() => expect(panel.querySelector('[data-pending-mark="pending"]')).toBeTruthy());

    const plus = panel.querySelectorAll<HTMLButtonElement>('[data-testid="trade-spare"] button')[1];
    await act(async () => plus!.click());
    await act(async () => plus!.click());
    expect(value()).toBe('3장');
    await waitFor(async () => expect((await db.tradeItems.toArray())[0]?.spare).toBe(3), {
      timeout: SPARE_COMMIT_DELAY_MS + 3000,
    });

    await press(panel, 'trade-mark-want');
    await waitFor(() =>
      expect(button(panel, 'trade-mark-want')?.getAttribute('aria-pressed')).toBe('true'),
    );
    expect(button(panel, 'trade-mark-have')?.getAttribute('aria-pressed')).toBe('false');
    expect(panel.querySelector('[data-testid="trade-spare"]')).toBeNull();
    expect(await db.tradeItems.toArray()).toMatchObject([{ kind: 'want', spare: 0 }]);

    await press(panel, 'trade-mark-remove');
    await waitFor(() =>
      expect(button(panel, 'trade-mark-want')?.getAttribute('aria-pressed')).toBe('false'),
    );
    expect(await db.tradeItems.count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual([
      KINDS.tradeItemSet,
      KINDS.tradeItemUpdate,
      KINDS.tradeItemUpdate,
      KINDS.tradeItemDelete,
    ]);
  });

  it('pressing the mark a card has takes it off', async () => {
    await signIn();
    const { panel } = await renderDetail();
    await waitFor(() => expect(button(panel, 'trade-mark-want')?.disabled).toBe(false));
    await press(panel, 'trade-mark-want');
    await waitFor(() =>
      expect(button(panel, 'trade-mark-want')?.getAttribute('aria-pressed')).toBe('true'),
    );
    await waitFor(() => expect(button(panel, 'trade-mark-want')?.disabled).toBe(false));
    await press(panel, 'trade-mark-want');
    await waitFor(() =>
      expect(button(panel, 'trade-mark-want')?.getAttribute('aria-pressed')).toBe('false'),
    );
    expect(await db.tradeItems.count()).toBe(0);
  });

  it('asks for no counts offline, and shows none', async () => {
    appStore.set(syncStatusAtom, { ...appStore.get(syncStatusAtom), online: false });
    const { panel } = await renderDetail();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(routes.fetchCardTraders).not.toHaveBeenCalled();
    expect(panel.querySelector('[data-testid="card-traders"]')).toBeNull();
  });
});

function Grid() {
  const cards = usePhotoCards({ group: GROUP, sort: 'latest' });
  return <CardGridSection cards={cards} resetKey="latest" heading="RIIZE 포토카드" />;
}

async function renderGrid() {
  const rootRoute = createRootRoute({ component: Outlet });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Grid });
  const detail = createRoute({ getParentRoute: () => rootRoute, path: '/exchangeDetail/$id' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, detail]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return mount(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const marks = (el: HTMLElement) =>
  Object.fromEntries(
    [...el.querySelectorAll<HTMLElement>('[data-testid="photo-card"]')].map((tile) => [
      tile.dataset['cardId'],
      tile.querySelector<HTMLElement>('[data-trade-mark]')?.dataset['tradeMark'] ?? null,
    ]),
  );

describe('the card grid marks', () => {
  it('marks the tiles of cards on my lists, and follows the lists live', async () => {
    await signIn();
    await db.tradeItems.bulkPut(
      [
        { ...{ id: 'item1aaaaaaaaaa', user: ME, photoCard: C1, kind: 'have' as const, spare: 2 } },
        {
          ...{
            id: 'item2aaaaaaaaaa',
            user: ME,
            photoCard: cardRecord(2).id,
            kind: 'want' as const,
          },
        },
      ].map((i) => ({ spare: 0, book: '', created: at(0), updated: at(0), ...i })),
    );
    const el = await renderGrid();
    await waitFor(() =>
      expect(marks(el)).toEqual({
        [cardRecord(4).id]: null,
        [cardRecord(3).id]: null,
        [cardRecord(2).id]: 'want',
        [C1]: 'have',
      }),
    );
    const tile = el.querySelector<HTMLElement>(`[data-card-id="${C1}"]`)!;
    expect(tile.querySelector('[data-trade-mark]')?.textContent).toBe(
      '교환내 교환 목록: 보유·교환 가능',
    );
    // the mark sits in the link, after the card's own words
    expect(tile.querySelector('a')?.lastElementChild?.hasAttribute('data-trade-mark')).toBe(true);

    await act(async () => {
      await db.tradeItems.delete('item2aaaaaaaaaa');
    });
    await waitFor(() => expect(marks(el)[cardRecord(2).id]).toBeNull());
  });

  it('marks nothing for a signed-out visitor', async () => {
    await db.tradeItems.put({
      id: 'item1aaaaaaaaaa',
      user: ME,
      photoCard: C1,
      kind: 'have',
      spare: 1,
      book: '',
      created: at(0),
      updated: at(0),
    });
    const el = await renderGrid();
    await waitFor(() => expect(Object.keys(marks(el))).toHaveLength(4));
    expect(el.querySelector('[data-trade-mark]')).toBeNull();
  });
});
