/// <reference types="vite/client" />
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, sessionUserIdAtom } from '@/state/store';
import { ROUTES } from '../helpers/routes.ts';
import { waitFor } from '../helpers/wait.ts';

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
});

async function renderAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(<App router={router} />);
  });
  // the first route loads its chunk through the transform pipeline: give it more than 1 s
  await waitFor(() => expect(container?.querySelector('h1')).not.toBeNull(), {
    timeout: 15_000,
  });
  return { router, el: container };
}

const bannerCount = (el: HTMLElement) => el.querySelectorAll('header').length;

describe('route tree', () => {
  it.each(ROUTES)('%s shows the h1 %s', async (path, h1) => {
    const { el } = await renderAt(path);
    expect(el.querySelector('h1')?.textContent).toBe(h1);
  });

  it('lets the static /collectBook/collectBookAdd win over the param route', async () => {
    const { router } = await renderAt('/collectBook/collectBookAdd');
    expect(router.state.matches.at(-1)?.routeId).toBe('/main/collectBook/collectBookAdd');
  });

  it('passes the decoded collect book title to the screen', async () => {
    const { el } = await renderAt('/collectBook/RIIZE/abc123/%EB%82%B4%20%EC%BD%9C%EB%B6%81');
    expect(el.textContent).toContain('내 콜북');
  });

  it('shows a 404 screen inside the main layout for an unknown address', async () => {
    const { el } = await renderAt('/no/such/page');
    expect(el.querySelector('h1')?.textContent).toBe('페이지를 찾을 수 없어요');
    expect(el.textContent).toContain('404');
    expect(el.querySelector('nav[aria-label="하단 탭"]')).not.toBeNull();
  });

  it('keeps /chatting and /alerts outside the main layout, with a back button', async () => {
    const { el } = await renderAt('/chatting');
    expect(el.querySelector('nav[aria-label="하단 탭"]')).toBeNull();
    expect(el.querySelector('footer')).toBeNull();
    expect(el.querySelector('button[aria-label="뒤로 가기"]')).not.toBeNull();
  });
});

describe('main layout', () => {
  it('shows the mobile top bar with chat and alerts links on home', async () => {
    const { el } = await renderAt('/');
    expect(el.querySelector('a[aria-label="채팅"][href="/chatting"]')).not.toBeNull();
    expect(el.querySelector('a[aria-label="알림"][href="/alerts"]')).not.toBeNull();
    // desktop header + mobile top bar + the screen title
    expect(bannerCount(el)).toBe(3);
  });

  it('hides the mobile top bar on /myBias and gives the screen a back button', async () => {
    const { el } = await renderAt('/myBias');
    expect(bannerCount(el)).toBe(2);
    expect(el.querySelector('button[aria-label="뒤로 가기"]')).not.toBeNull();
  });

  it('hides the footer on /meetup only', async () => {
    expect((await renderAt('/meetup')).el.querySelector('footer')).toBeNull();
    act(() => root?.unmount());
    expect((await renderAt('/meetupDetail/x')).el.querySelector('footer')).not.toBeNull();
  });

  it('marks the active menu item with aria-current="page"', async () => {
    const { el } = await renderAt('/exchangeDetail/abc');
    const current = [...el.querySelectorAll('[aria-current="page"]')].map((a) => a.textContent);
    expect(current).toEqual(['교환', '교환']);
  });

  it('sends the profile tab to /login when logged out and /profile when logged in', async () => {
    const tab = () =>
      container?.querySelector<HTMLAnchorElement>('nav[aria-label="하단 탭"] li:last-child a');
    await renderAt('/');
    expect(tab()?.getAttribute('href')).toBe('/login');
    act(() => appStore.set(sessionUserIdAtom, 'user1234567890a'));
    expect(tab()?.getAttribute('href')).toBe('/profile');
  });

  it('scrolls to the top on a route change', async () => {
    const { router } = await renderAt('/');
    vi.mocked(window.scrollTo).mockClear();
    await act(() => router.navigate({ to: '/exchange' }));
    expect(window.scrollTo).toHaveBeenCalled();
  });
});
