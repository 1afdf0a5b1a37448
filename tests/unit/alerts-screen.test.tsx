/// <reference types="vite/client" />
// The alerts inbox (/alerts), the bell's unread badge and the push settings route, rendered in the
// real route tree against the local store (fake-indexeddb).
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, sessionUserIdAtom, unreadAlertsAtom } from '@/state/store';
import { db } from '@/data/db/index.ts';
import type { AppNotification } from '@/data/pb/records.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { waitFor } from '../helpers/wait.ts';

const USER = 'useraaaaaaaaaaa';
let root: Root | undefined;
let container: HTMLElement | undefined;

function alert(id: string, title: string, created: string, read = false): AppNotification {
  return {
    ...{ id, user: USER, topic: 'exchange', title, body: '교환 글이 올라왔어요' },
    ...{ url: '/exchangeDetail/abc123', read, sentAt: created, at: '', created, updated: created },
  };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

beforeEach(async () => {
  await db.notifications.clear();
  await db.outbox.clear();
  await db.auth.clear();
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
  appStore.set(unreadAlertsAtom, 0);
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
  // the screen's chunk (with the write API) loads on first use: as in app-routes, time for it
  await waitFor(() => expect(container?.querySelector('h1')).not.toBeNull(), {
    timeout: 15_000,
  });
  return { router, el: container };
}

async function signIn() {
  await db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });
  appStore.set(sessionUserIdAtom, USER);
}

describe('/alerts', () => {
  it('asks a logged-out visitor to log in', async () => {
    const { el } = await renderAt('/alerts');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="alerts-logged-out"]')).not.toBeNull(),
    );
    expect(el.querySelector('a[href="/login"]')).not.toBeNull();
    expect(el.querySelector('button[aria-label="뒤로 가기"]')).not.toBeNull();
  });

  it('says so when there are no alerts yet', async () => {
    await signIn();
    const { el } = await renderAt('/alerts');
    await waitFor(() => expect(el.querySelector('[data-testid="alerts-empty"]')).not.toBeNull());
  });

  it('lists newest first, marks unread ones, opens the target and marks it read', async () => {
    await signIn();
    await db.notifications.bulkPut([
      alert('n1aaaaaaaaaaaaa', '오래된 알림', '2026-11-19 10:00:00.000Z', true),
      alert('n2aaaaaaaaaaaaa', '새 교환 글', '2026-11-21 10:00:00.000Z'),
      alert('n3aaaaaaaaaaaaa', '중간 알림', '2026-11-20 10:00:00.000Z'),
    ]);
    const { el, router } = await renderAt('/alerts');
    await waitFor(() => expect(el.querySelectorAll('[data-testid="alert-item"]')).toHaveLength(3));
    const items = [...el.querySelectorAll<HTMLAnchorElement>('[data-testid="alert-item"]')];
    expect(items.map((a) => a.dataset['read'])).toEqual(['false', 'false', 'true']);
    expect(items[0]?.textContent).toContain('읽지 않음, 새 교환 글');
    expect(items[2]?.textContent).not.toContain('읽지 않음');
    expect(items[0]?.getAttribute('href')).toBe('/exchangeDetail/abc123');
    expect(el.textContent).toContain('읽지 않은 알림 2개');

    await act(async () => {
      items[0]?.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/exchangeDetail/abc123'));
    await waitFor(async () =>
      expect((await db.notifications.get('n2aaaaaaaaaaaaa'))?.read).toBe(true),
    );
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['notification.read']);
  });

  it("shows a wantlist alert as '구함' and opens the card's match", async () => {
    await signIn();
    await db.notifications.put({
      ...alert('n4aaaaaaaaaaaaa', '구함 카드를 가진 팬이 있어요', '2026-11-21 10:00:00.000Z'),
      topic: 'wanted',
      body: '팬님이 원빈 Get A Guitar 카드를 갖고 있어요',
      url: '/matching?card=abc123',
    });
    const { el, router } = await renderAt('/alerts');
    await waitFor(() => expect(el.querySelectorAll('[data-testid="alert-item"]')).toHaveLength(1));
    const item = el.querySelector<HTMLAnchorElement>('[data-testid="alert-item"]')!;
    // the topic's label comes first, before the time and the title
    expect(item.textContent?.startsWith('구함')).toBe(true);
    expect(item.textContent).toContain('원빈 Get A Guitar 카드를 갖고 있어요');
    expect(item.getAttribute('href')).toBe('/matching?card=abc123');
    await act(async () => {
      item.click();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/matching'));
    expect(router.state.location.search).toEqual({ card: 'abc123' });
  });

  it("marks all read with '모두 읽음'", async () => {
    await signIn();
    await db.notifications.bulkPut([
      alert('n2aaaaaaaaaaaaa', '새 교환 글', '2026-11-21 10:00:00.000Z'),
      alert('n3aaaaaaaaaaaaa', '중간 알림', '2026-11-20 10:00:00.000Z'),
    ]);
    const { el } = await renderAt('/alerts');
    const button = await waitFor(() => {
      const b = [...el.querySelectorAll('button')].find((x) => x.textContent === '모두 읽음');
      expect(b?.disabled).toBe(false);
      return b!;
    });
    await act(async () => button.click());
    await waitFor(() => expect(el.textContent).toContain('모두 읽었어요'));
    expect(await db.outbox.count()).toBe(2);
    expect(button.disabled).toBe(true);
  });
});

describe('the bell badge', () => {
  it('shows the unread count with a label, 99+ past 99, nothing when logged out', async () => {
    appStore.set(unreadAlertsAtom, 3);
    const { el } = await renderAt('/');
    // logged out: no badge even if a stale count is around
    expect(el.querySelector('[data-testid="alerts-badge"]')).toBeNull();
    await act(async () => appStore.set(sessionUserIdAtom, USER));
    const bells = el.querySelectorAll('a[href="/alerts"]');
    expect(bells.length).toBeGreaterThan(0);
    for (const bell of bells) {
      expect(bell.getAttribute('aria-label')).toBe('알림, 읽지 않은 알림 3');
      expect(bell.querySelector('[data-testid="alerts-badge"]')?.textContent).toBe('3');
    }
    await act(async () => appStore.set(unreadAlertsAtom, 150));
    expect(el.querySelector('[data-testid="alerts-badge"]')?.textContent).toBe('99+');
    await act(async () => appStore.set(unreadAlertsAtom, 0));
    expect(el.querySelector('[data-testid="alerts-badge"]')).toBeNull();
    expect(el.querySelector('a[href="/alerts"]')?.getAttribute('aria-label')).toBe('알림');
  });
});

describe('/settings/notifications', () => {
  it('is its own screen, not the settings placeholder', async () => {
    const { router, el } = await renderAt('/settings/notifications');
    expect(router.state.matches.at(-1)?.routeId).toBe('/main/settings/notifications');
    expect(el.querySelector('h1')?.textContent).toBe('알림 설정');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="notification-settings-logged-out"]')).not.toBeNull(),
    );
  });

  it('says when this browser has no push (jsdom has none)', async () => {
    await signIn();
    const { el } = await renderAt('/settings/notifications');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="notification-settings-unsupported"]')).not.toBeNull(),
    );
  });

  it('keeps the placeholder for other settings topics', async () => {
    const { router } = await renderAt('/settings/someday');
    expect(router.state.matches.at(-1)?.routeId).toBe('/main/settings/$topic');
  });
});
