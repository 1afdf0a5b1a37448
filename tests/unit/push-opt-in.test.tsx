/// <reference types="vite/client" />
// The push opt-in on each platform (docs/push.md, iPhone and iPad): the decision from the
// platform's facts, and /settings/notifications on an iPhone in Safari (the Home Screen guide, no
// permission prompt) and in the installed app (the permission asked only from the tap).
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, sessionUserIdAtom } from '@/state/store';
import { db } from '@/data/db/index.ts';
import { pushOptIn, readPushPlatform, type PushPlatform } from '@/features/alerts/push-opt-in';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { waitFor } from '../helpers/wait.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
  ipadDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

const facts = (over: Partial<PushPlatform>): PushPlatform => ({
  ios: false,
  standalone: false,
  pushManager: true,
  notification: true,
  serviceWorker: true,
  permission: 'default',
  ...over,
});

describe('pushOptIn', () => {
  it('guides an iPhone or iPad in a browser tab to the Home Screen instead of asking', () => {
    // iOS Safari (and every iOS browser) outside the installed app: no PushManager, no Notification
    expect(
      pushOptIn(facts({ ios: true, pushManager: false, notification: false, permission: null })),
    ).toBe('guide-ios');
    expect(pushOptIn(facts({ ios: true, pushManager: false }))).toBe('guide-ios');
  });

  it('asks in the installed iOS app, unless blocked; an installed app before iOS 16.4 has no push', () => {
    expect(pushOptIn(facts({ ios: true, standalone: true }))).toBe('ask');
    expect(pushOptIn(facts({ ios: true, standalone: true, permission: 'granted' }))).toBe('ask');
    expect(pushOptIn(facts({ ios: true, standalone: true, permission: 'denied' }))).toBe('denied');
    expect(
      pushOptIn(facts({ ios: true, standalone: true, pushManager: false, notification: false })),
    ).toBe('unsupported');
    // a tab that has push after all (a later iOS) is asked like any browser
    expect(pushOptIn(facts({ ios: true, standalone: false }))).toBe('ask');
  });

  it('asks elsewhere when the browser has push, says when it has none or is blocked', () => {
    expect(pushOptIn(facts({}))).toBe('ask');
    expect(pushOptIn(facts({ permission: 'granted' }))).toBe('ask');
    expect(pushOptIn(facts({ permission: 'denied' }))).toBe('denied');
    expect(pushOptIn(facts({ pushManager: false }))).toBe('unsupported');
    expect(pushOptIn(facts({ serviceWorker: false }))).toBe('unsupported');
    expect(pushOptIn(facts({ notification: false, permission: null }))).toBe('unsupported');
  });

  it('reads the facts from a window', () => {
    const win = (over: Record<string, unknown>, nav: Record<string, unknown>) =>
      ({
        navigator: { userAgent: UA.android, maxTouchPoints: 0, ...nav },
        matchMedia: (q: string) => ({ matches: q === over['displayMode'] }),
        ...over,
      }) as unknown as Window;
    expect(readPushPlatform(win({}, { userAgent: UA.iphone, maxTouchPoints: 5 }))).toEqual({
      ios: true,
      standalone: false,
      pushManager: false,
      notification: false,
      serviceWorker: false,
      permission: null,
    });
    expect(
      readPushPlatform(
        win(
          { PushManager: class {}, Notification: { permission: 'granted' } },
          { userAgent: UA.ipadDesktop, maxTouchPoints: 5, standalone: true, serviceWorker: {} },
        ),
      ),
    ).toEqual({
      ios: true,
      standalone: true,
      pushManager: true,
      notification: true,
      serviceWorker: true,
      permission: 'granted',
    });
    expect(
      readPushPlatform(
        win(
          { displayMode: '(display-mode: standalone)', PushManager: class {} },
          { serviceWorker: {} },
        ),
      ),
    ).toMatchObject({ ios: false, standalone: true, pushManager: true, notification: false });
  });
});

// ---------------------------------------------------------------- the screen

const USER = 'useraaaaaaaaaaa';
let root: Root | undefined;
let container: HTMLElement | undefined;
const requestPermission = vi.fn(() => Promise.resolve('denied' as NotificationPermission));
const added: string[] = [];

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(async () => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
  await db.auth.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  requestPermission.mockClear();
  for (const name of added.splice(0)) {
    delete (window as unknown as Record<string, unknown>)[name];
    delete (navigator as unknown as Record<string, unknown>)[name];
  }
});

/** Puts `value` on window or navigator for one test. */
function define(target: object, name: string, value: unknown) {
  Object.defineProperty(target, name, { value, configurable: true, writable: true });
  added.push(name);
}

function onIphone({ installed }: { installed: boolean }) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(UA.iphone);
  // a Notification the page must not ask, even where one exists
  define(window, 'Notification', { permission: 'default', requestPermission });
  if (!installed) return;
  define(navigator, 'standalone', true);
  define(window, 'PushManager', class {});
  define(navigator, 'serviceWorker', {
    getRegistration: () => Promise.resolve(undefined),
    ready: new Promise(() => {}),
  });
  // the server's VAPID key, so the switches are there to tap
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json({ publicKey: 'BAAA' }))),
  );
}

async function renderSettings() {
  await db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });
  appStore.set(sessionUserIdAtom, USER);
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: ['/settings/notifications'] }),
  });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(<App router={router} />);
  });
  await waitFor(() => expect(container?.querySelector('h1')).not.toBeNull(), { timeout: 15_000 });
  return container;
}

describe('/settings/notifications on an iPhone', () => {
  it('in Safari: the Home Screen steps with the share button drawn, no switches, no prompt', async () => {
    onIphone({ installed: false });
    const el = await renderSettings();
    await waitFor(() => expect(el.querySelector('[data-testid="push-ios-guide"]')).not.toBeNull());
    const guide = el.querySelector('[data-testid="push-ios-guide"]')!;
    expect(guide.querySelector('h2')?.textContent).toBe('iPhone에서 알림을 받으려면');
    const steps = [...guide.querySelectorAll('ol li')].map((li) => li.textContent);
    expect(steps).toHaveLength(3);
    expect(steps[0]).toContain('공유 버튼');
    expect(steps[1]).toContain("'홈 화면에 추가'");
    expect(steps[2]).toContain('홈 화면의 포카마켓');
    expect(steps[2]).toContain('알림');
    const icon = guide.querySelector('svg[data-testid="ios-share-icon"]')!;
    expect(icon.getAttribute('role')).toBe('img');
    expect(icon.getAttribute('aria-label')).toMatch(/^공유 버튼/);
    expect(guide.querySelector('a[href="/alerts"]')).not.toBeNull();
    expect(el.querySelector('[role="switch"]')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('in the installed app: the switches, and the permission asked only inside the tap', async () => {
    onIphone({ installed: true });
    const el = await renderSettings();
    await waitFor(() => {
      const s = el.querySelector<HTMLInputElement>('[data-testid="push-topic-comment"]');
      expect(s?.disabled).toBe(false);
    });
    expect(el.querySelector('[data-testid="push-ios-guide"]')).toBeNull();
    // opening the screen asks nothing
    expect(requestPermission).not.toHaveBeenCalled();
    const sw = el.querySelector<HTMLInputElement>('[data-testid="push-topic-comment"]')!;
    let calledInTap = -1;
    act(() => {
      sw.click();
      // still inside the click's task: the browser sees the user's gesture
      calledInTap = requestPermission.mock.calls.length;
    });
    expect(calledInTap).toBe(1);
    await waitFor(() => expect(el.querySelector('[data-testid="push-error"]')).not.toBeNull());
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });
});
