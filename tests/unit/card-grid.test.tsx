/// <reference types="vite/client" />
// The card grid as rendered (jsdom, cards in fake-indexeddb): the skeleton while loading, 18 tiles,
// 더 보기 with its toasts and scroll, the button hiding, the reset on a sort change; and the sort
// sheet: an option applies and closes it, a drag of more than 10 px closes it, a shorter one not.
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
import {
  appStore,
  cardSortAtom,
  Provider,
  sessionUserIdAtom,
  syncStatusAtom,
  useAtomValue,
} from '@/state/store';
import { initialSyncStatus } from '@/data/sync/status';
import { toast } from '@/components/ui/toast';
import { db } from '@/data/db/index.ts';
import type { PhotoCard } from '@/data/pb/records.ts';
import { CardGridSection } from '@/components/cards/card-grid-section';
import { findBiasGroup } from '@/components/hooks/use-bias';
import { usePhotoCards } from '@/domains/catalogue/hooks';
import { ko } from '@/i18n/ko';

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const stamp = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
const card = (i: number): PhotoCard => ({
  id: `card${String(i).padStart(11, '0')}`,
  created: stamp(i),
  updated: stamp(i),
  group: 'g1',
  cardImg: '',
  logoImage: '',
  groupName: 'RIIZE',
  memberName: `멤버${i}`,
  memberNameEn: '',
  title: `카드 ${i}`,
  label: '',
  likeCount: i % 7,
  exchangeList: [],
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  // A store the engine has pulled into: the screens' public reads go live only after a pull.
  appStore.set(syncStatusAtom, { ...initialSyncStatus(), lastPullAt: Date.now() });
  await db.groups.put({
    id: 'g1',
    groupName: 'RIIZE',
    logoImage: '',
    cardCount: 0,
    created: '',
    updated: '',
  });
  await db.photoCards.bulkPut(Array.from({ length: 40 }, (_, i) => card(i)));
  appStore.set(sessionUserIdAtom, null);
  appStore.set(cardSortAtom, 'latest');
  window.scrollBy = vi.fn() as unknown as typeof window.scrollBy;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  vi.restoreAllMocks();
});

function Harness({ loading = false }: { loading?: boolean }) {
  const sort = useAtomValue(cardSortAtom);
  const cards = usePhotoCards({ group: 'g1', sort });
  return (
    <CardGridSection cards={loading ? undefined : cards} resetKey={sort} heading="RIIZE 포토카드" />
  );
}

async function render(ui: React.ReactNode) {
  const rootRoute = createRootRoute({ component: Outlet });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const detail = createRoute({ getParentRoute: () => rootRoute, path: '/exchangeDetail/$id' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, detail]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(
      <Provider store={appStore}>
        <RouterProvider router={router} />
      </Provider>,
    );
  });
}

/**
 * Lets live queries and effects run inside act until `check` passes. Bounded just under the
 * project's 90 s test bound, so a check that never passes reports its own failure; a busy machine
 * only makes it wait longer.
 */
async function until(check: () => void, timeoutMs = 80_000) {
  const start = performance.now();
  for (;;) {
    try {
      check();
      return;
    } catch (err) {
      if (performance.now() - start > timeoutMs) throw err;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

const $ = <E extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<E>(sel);
const tileCount = () => document.querySelectorAll('[data-testid="photo-card"]').length;
const more = () => $<HTMLButtonElement>('[data-testid="load-more"]');
const sheet = () => $<HTMLDialogElement>('[data-testid="sort-sheet"]');
const click = (el: HTMLElement | null) => act(() => el?.click());

describe('card grid', () => {
  it('shows a skeleton, not a spinner, while the cards load', async () => {
    await render(<Harness loading />);
    await until(() => expect($('[data-testid="card-grid-skeleton"]')).not.toBeNull());
    expect(tileCount()).toBe(0);
    expect(more()).toBeNull();
    expect($('[data-testid="card-grid"]')?.getAttribute('aria-busy')).toBe('true');
  });

  it('pages with 더 보기: 18, 30, 40, then 더 이상 없습니다 and no button', async () => {
    const success = vi.spyOn(toast, 'success');
    const error = vi.spyOn(toast, 'error');
    await render(<Harness />);
    await until(() => expect(tileCount()).toBe(18));
    expect($('[data-testid="card-total"]')?.textContent).toBe(ko.common.totalCards(40));

    click(more());
    expect(tileCount()).toBe(30);
    expect(success).toHaveBeenLastCalledWith(ko.messages.more, expect.anything());
    await until(() => expect(window.scrollBy).toHaveBeenCalledTimes(1), 5000);
    expect(vi.mocked(window.scrollBy).mock.calls[0]?.[0]).toMatchObject({ top: 320 });

    click(more());
    expect(tileCount()).toBe(40);
    expect(success).toHaveBeenCalledTimes(2);
    expect(more()).not.toBeNull();
    click(more());
    expect(error).toHaveBeenLastCalledWith(ko.messages.noMore, expect.anything());
    expect(more()).toBeNull();
    expect(tileCount()).toBe(40);
  });

  it('starts again at 18 when the sort changes', async () => {
    await render(<Harness />);
    await until(() => expect(tileCount()).toBe(18));
    click(more());
    expect(tileCount()).toBe(30);
    act(() => appStore.set(cardSortAtom, 'likesDesc'));
    const counts = () =>
      [...document.querySelectorAll('[data-testid="like-count"]')].map((e) =>
        Number(e.textContent),
      );
    await until(() => expect(counts()).toEqual([...counts()].sort((a, b) => b - a)));
    expect(tileCount()).toBe(18);
  });
});

describe('sort sheet', () => {
  const pointer = (el: Element, type: string, clientY: number) =>
    act(() => {
      el.dispatchEvent(new MouseEvent(type, { bubbles: true, button: 0, clientY }));
    });

  it('applies a chosen option and closes', async () => {
    await render(<Harness />);
    await until(() => expect(tileCount()).toBe(18));
    click($('[data-testid="sort-button"]'));
    expect(sheet()?.open).toBe(true);
    const option = [...(sheet()?.querySelectorAll('label') ?? [])].find(
      (l) => l.textContent === ko.sort.mostLiked,
    );
    act(() => option?.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 })));
    expect(appStore.get(cardSortAtom)).toBe('likesDesc');
    expect(sheet()?.open).toBe(false);
    expect($('[data-testid="sort-button"]')?.textContent).toContain(ko.sort.mostLiked);
  });

  it('closes when dragged down more than 10 px, not less', async () => {
    await render(<Harness />);
    await until(() => expect(tileCount()).toBe(18));
    click($('[data-testid="sort-button"]'));
    const handle = $('[data-testid="sheet-drag-handle"]') as HTMLElement;
    pointer(handle, 'pointerdown', 100);
    pointer(handle, 'pointermove', 110);
    expect(sheet()?.open).toBe(true);
    pointer(handle, 'pointerup', 110);
    pointer(handle, 'pointermove', 200);
    expect(sheet()?.open).toBe(true);
    pointer(handle, 'pointerdown', 100);
    pointer(handle, 'pointermove', 111);
    expect(sheet()?.open).toBe(false);
    expect(appStore.get(cardSortAtom)).toBe('latest');
  });
});

describe('favourite group lookup', () => {
  const group = (id: string, groupName: string) => ({
    id,
    groupName,
    logoImage: '',
    cardCount: 0,
    created: '',
    updated: '',
  });
  const groups = [group('g1', 'aespa'), group('g2', 'RIIZE')];

  it('finds the bias by id (a signed-in user) or by name (this device)', () => {
    expect(findBiasGroup(groups, 'g2')?.groupName).toBe('RIIZE');
    expect(findBiasGroup(groups, 'RIIZE')?.id).toBe('g2');
    expect(findBiasGroup(groups, 'NOPE')).toBeNull();
  });
});
