/// <reference types="vite/client" />
// The event detail's helpers (period text, which coordinates make a map, comment length) and its
// comment section as rendered (jsdom, data in fake-indexeddb): newest first with '로딩 중...' until
// an author is known, the empty and over-long refusals, a comment at the top at once with its
// pending mark and one outbox row, and the login prompt for a logged-out fan.
import { act, type ReactNode } from 'react';
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
import { appStore, Provider, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { initialSyncStatus } from '@/data/sync/status';
import { ConfirmProvider } from '@/components/ui/confirm-provider';
import { db } from '@/data/db/index.ts';
import type { Comment, UserProfile } from '@/data/pb/records.ts';
import { charCount as commentLength } from '@/components/ui/counted-text-field';
import { CommentSection } from '@/features/meetups/components/detail/comment-section';
import { periodText } from '@/features/meetups/components/detail/event-info';
import { eventPosition } from '@/features/meetups/components/detail/event-map';
import { ko } from '@/i18n/ko-features';

const MEETUP = 'meetup000000001';
const USER = 'user00000000001';
const OTHER = 'user00000000002';

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // jsdom has no scrolling; the router scrolls to top on each navigation.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

const at = (minutesAgo: number) =>
  new Date(Date.now() - minutesAgo * 60_000).toISOString().replace('T', ' ');

const comment = (id: string, name: string, ment: string, minutesAgo: number): Comment => ({
  id,
  name,
  ment,
  meetUp: MEETUP,
  created: at(minutesAgo),
  updated: at(minutesAgo),
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  // A store the engine has pulled into: the screens' public reads go live only after a pull.
  appStore.set(syncStatusAtom, { ...initialSyncStatus(), lastPullAt: Date.now() });
  appStore.set(sessionUserIdAtom, null);
  await db.comments.bulkPut([
    comment('c00000000000001', OTHER, '오래된 댓글', 120),
    comment('c00000000000002', OTHER, '새 댓글', 5),
    comment('c00000000000003', OTHER, '다른 이벤트', 1),
  ]);
  await db.comments.update('c00000000000003', { meetUp: 'meetup000000002' });
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

async function render(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: Outlet });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const login = createRoute({ getParentRoute: () => rootRoute, path: '/login' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, login]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(
      <Provider store={appStore}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </Provider>,
    );
  });
  return router;
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

/** A stored session for USER whose token expires in an hour (PocketBase reads `exp`). */
async function signIn() {
  const part = (o: object) => btoa(JSON.stringify(o));
  const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    id: USER,
    type: 'auth',
    exp: Math.floor(Date.now() / 1000) + 3600,
  })}.sig`;
  await db.auth.put({ key: 'session', token, record: { id: USER, collectionName: 'users' } });
  appStore.set(sessionUserIdAtom, USER);
}

const $ = <E extends HTMLElement = HTMLElement>(sel: string) => document.querySelector<E>(sel);
const texts = (testId: string) =>
  [...document.querySelectorAll(`[data-testid="${testId}"]`)].map((e) => e.textContent);
const field = () => $<HTMLTextAreaElement>('[data-testid="comment-textarea"]')!;
const submit = () => $<HTMLButtonElement>('[data-testid="comment-submit"]')!;

/** Types into the controlled textarea the way React listens for it. */
function type(value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    setter.call(field(), value);
    field().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const user = (id: string, username: string): UserProfile =>
  ({ id, username, name: '', avatar: '', created: '', updated: '' }) as unknown as UserProfile;

describe('event detail helpers', () => {
  it('shows the record’s period text, else one built from its dates', () => {
    expect(periodText({ date: '2026.11.20 - 2026.11.23', startDate: '', endDate: '' })).toBe(
      '2026.11.20 - 2026.11.23',
    );
    expect(
      periodText({
        date: '',
        startDate: '2026-11-20 00:00:00.000Z',
        endDate: '2026-11-23 00:00:00.000Z',
      }),
    ).toBe('2026.11.20 - 2026.11.23');
    expect(periodText({ date: '', startDate: '2026-11-20 00:00:00.000Z', endDate: '' })).toBe(
      '2026.11.20',
    );
    expect(periodText({ date: ' ', startDate: '', endDate: '' })).toBe('');
  });

  it('draws a map only for real coordinates (0 or empty means unknown)', () => {
    expect(eventPosition({ lat: 37.55, lng: 126.92 })).toEqual([37.55, 126.92]);
    expect(eventPosition({ lat: 0, lng: 0 })).toBeNull();
    expect(eventPosition({ lat: null, lng: 126.92 })).toBeNull();
    expect(eventPosition({ lat: 37.55, lng: null })).toBeNull();
    expect(eventPosition({ lat: 91, lng: 0 })).toBeNull();
  });

  it('counts characters the way a fan does', () => {
    expect(commentLength('안녕하세요')).toBe(5);
    expect(commentLength('💖💖')).toBe(2);
  });
});

describe('event comments', () => {
  it('lists the event’s comments newest first, the author loading until known', async () => {
    await render(<CommentSection meetUpId={MEETUP} />);
    await until(() => expect(texts('comment-text')).toEqual(['새 댓글', '오래된 댓글']));
    expect($('[data-testid="comment-count"]')?.textContent).toBe(ko.meetupDetail.commentCount(2));
    expect(texts('comment-author')).toEqual([ko.common.loadingWriter, ko.common.loadingWriter]);
    expect(texts('comment-time')).toEqual([ko.relativeTime.minutes(5), ko.relativeTime.hours(2)]);
    await act(async () => {
      await db.users.put(user(OTHER, 'fan2'));
    });
    await until(() => expect(texts('comment-author')).toEqual(['fan2', 'fan2']));
  });

  it('shows a comment arriving from elsewhere (the sync engine writing it) at the top', async () => {
    await render(<CommentSection meetUpId={MEETUP} />);
    await until(() => expect(texts('comment-text')).toHaveLength(2));
    await act(async () => {
      await db.comments.put(comment('c00000000000009', OTHER, '실시간 댓글', 0));
    });
    await until(() => expect(texts('comment-text')[0]).toBe('실시간 댓글'));
    expect($('[data-testid="comment-count"]')?.textContent).toBe(ko.meetupDetail.commentCount(3));
  });

  it('refuses an empty and an over-long comment, queuing nothing', async () => {
    await signIn();
    await render(<CommentSection meetUpId={MEETUP} />);
    await until(() => expect(texts('comment-text')).toHaveLength(2));

    type('   ');
    await act(async () => submit().click());
    await until(() =>
      expect($('[data-testid="comment-error"]')?.textContent).toBe(ko.sync.commentEmpty),
    );
    expect(field().getAttribute('aria-invalid')).toBe('true');

    type('가'.repeat(501));
    expect($('[data-testid="comment-counter"]')?.textContent).toContain('501/500');
    expect($('[data-testid="comment-error"]')?.textContent).toBe(ko.sync.commentTooLong);
    expect(submit().disabled).toBe(true);
    type('가'.repeat(500));
    expect(submit().disabled).toBe(false);
    expect($('[data-testid="comment-error"]')).toBeNull();
    expect(await db.outbox.count()).toBe(0);
  });

  it('puts a new comment at the top at once, pending, with one outbox row', async () => {
    await signIn();
    await db.users.put(user(USER, 'fan1'));
    await render(<CommentSection meetUpId={MEETUP} />);
    await until(() => expect(texts('comment-text')).toHaveLength(2));

    type('  주말에 가요!  ');
    await act(async () => submit().click());
    await until(() => expect(texts('comment-text')[0]).toBe('주말에 가요!'));
    expect(field().value).toBe('');
    await until(() => expect(texts('comment-author')[0]).toBe('fan1'));
    expect(texts('comment-time')[0]).toBe(ko.relativeTime.justNow);
    await until(() =>
      expect(
        document.querySelector('[data-testid="meetup-comment"] [data-pending-mark="pending"]'),
      ).not.toBeNull(),
    );
    const rows = await db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'comment.create',
      userId: USER,
      payload: { name: USER, meetUp: MEETUP, ment: '주말에 가요!' },
    });
  });

  it('asks a logged-out fan to log in and goes to /login on confirm', async () => {
    const router = await render(<CommentSection meetUpId={MEETUP} />);
    await until(() => expect(texts('comment-text')).toHaveLength(2));
    expect(field().readOnly).toBe(true);
    await act(async () => submit().click());
    await until(() => expect($<HTMLDialogElement>('dialog')?.open).toBe(true));
    expect($('dialog')?.textContent).toContain(ko.messages.loginRequired);
    const confirm = [...document.querySelectorAll<HTMLButtonElement>('dialog button')].find(
      (b) => b.textContent === ko.dialog.confirm,
    )!;
    await act(async () => confirm.click());
    await until(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await db.outbox.count()).toBe(0);
  });
});
