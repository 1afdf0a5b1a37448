/**
 * The logo row of /exchange at catalogue size (docs/product-rules.md, Photo card grid): it starts
 * with GROUP_ROW_START groups and the one shown, and '더 보기' adds GROUP_ROW_STEP at a time.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GROUP_ROW_EAGER_LOGOS,
  GROUP_ROW_START,
  GROUP_ROW_STEP,
  GroupPicker,
} from '@/components/cards/group-picker';
import type { Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { waitFor } from '../helpers/wait.ts';

const groups = Array.from(
  { length: 100 },
  (_, i) =>
    ({ id: `g${String(i).padStart(14, '0')}`, groupName: `그룹${i}`, logoImage: '' }) as Group,
);

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = null;
});

async function mount(selectedId: string | null, onSelect = vi.fn(), list = groups) {
  const rootRoute = createRootRoute({
    component: () => (
      <GroupPicker groups={list} selectedId={selectedId} onSelect={onSelect} biasGroup={null} />
    ),
  });
  const bias = createRoute({ getParentRoute: () => rootRoute, path: '/myBias' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([bias]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(<RouterProvider router={router} />);
  });
  return container;
}

const names = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-testid="group-button"]')].map(
    (b) => [...b.querySelectorAll('span')].at(-1)?.textContent,
  );

describe('GroupPicker at catalogue size', () => {
  it('starts with the first groups and the one shown, and adds more on 더 보기', async () => {
    const el = await mount(groups[90]!.id);
    await waitFor(() => expect(names(el).length).toBe(GROUP_ROW_START + 1));
    expect(names(el)[GROUP_ROW_START]).toBe('그룹90');
    const pressed = el.querySelector('[data-testid="group-button"][aria-pressed="true"]')!;
    expect([...pressed.querySelectorAll('span')].at(-1)?.textContent).toBe('그룹90');
    const more = el.querySelector<HTMLButtonElement>('[data-testid="group-more"]')!;
    const left = groups.length - GROUP_ROW_START - 1;
    expect(more.textContent).toContain(ko.groupPicker.moreHint(left));

    await act(async () => more.click());
    expect(names(el).length).toBe(GROUP_ROW_START + GROUP_ROW_STEP + 1);
    await act(async () =>
      el.querySelector<HTMLButtonElement>('[data-testid="group-more"]')!.click(),
    );
    // every group once, the shown one no longer twice
    expect(new Set(names(el)).size).toBe(groups.length);
    expect(names(el).length).toBe(groups.length);
    expect(el.querySelector('[data-testid="group-more"]')).toBeNull();
  });

  it('draws a phone width of logos with the page and the rest once it is idle', async () => {
    // the idle moment comes when the test says so, not after a timer a busy machine may pass
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const withLogos = groups.map((g) => ({ ...g, logoImage: `logo_${g.id}.png` }) as Group);
    const el = await mount(withLogos[50]!.id, vi.fn(), withLogos);
    const logos = () => el.querySelectorAll('[data-testid="group-button"] img').length;
    // the first render (the server's and hydration's): the first logos and the shown group's
    await waitFor(() => expect(names(el).length).toBe(GROUP_ROW_START + 1));
    expect(logos()).toBe(GROUP_ROW_EAGER_LOGOS + 1);
    // once the page is idle, the rest (React commits it in a transition)
    await waitFor(() => expect(idle.length).toBeGreaterThan(0));
    await act(async () => idle.splice(0).forEach((run) => run()));
    await waitFor(() => expect(logos()).toBe(GROUP_ROW_START + 1));
    vi.unstubAllGlobals();
  });
});
