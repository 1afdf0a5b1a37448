/// <reference types="vite/client" />
// The sync UI as the user sees it: rows in IndexedDB (fake-indexeddb) → the pending count, the
// list behind it with each change's state, retry and discard of refused changes, the toast for
// a refusal, the offline banner and the storage-full notice.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, Provider, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { ConfirmProvider } from '@/components/ui/confirm-provider';
import { PendingMark } from '@/components/ui/pending-mark';
import { toast } from '@/components/ui/toast';
import { db, type DeadLetterRow, type OutboxRow } from '@/data/db/index.ts';
import type { SyncStatus as SyncStatusValue } from '@/data/sync/engine.ts';
import { onFlushRequested } from '@/data/sync/signals.ts';
import { BACK_ONLINE_MS, OfflineBanner } from '@/features/sync-status/components/offline-banner';
import SyncStatus from '@/features/sync-status/components/sync-status';
import { ko } from '@/i18n/ko';
import { koSyncStatus } from '@/features/sync-status/ko';
import { relativeTime } from '@/lib/relative-time';
import { postsKo } from '../../src/domains/posts/ko.ts';
import { meetupsKo } from '../../src/domains/meetups/ko.ts';
import { likesKo } from '../../src/domains/likes/ko.ts';
import { collectBooksKo } from '../../src/domains/collect-books/ko.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const ONLINE: SyncStatusValue = {
  online: true,
  realtime: 'live',
  pulling: false,
  flushing: false,
  userId: 'u1',
  lastPullAt: null,
  waitingForLogin: false,
  problem: null,
};

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await Promise.all(db.tables.map((t) => t.clear()));
  appStore.set(syncStatusAtom, ONLINE);
  appStore.set(sessionUserIdAtom, 'u1');
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function render(ui: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  act(() =>
    r.render(
      <Provider store={appStore}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </Provider>,
    ),
  );
}

/**
 * Lets live queries and effects run inside act until `check` passes. Bounded just under the
 * project's 90 s test bound, so a check that never passes reports its own failure; a busy machine
 * only makes it wait longer.
 */
async function until(check: () => void | Promise<void>, timeoutMs = 80_000) {
  const start = performance.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (performance.now() - start > timeoutMs) throw err;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

const $ = <E extends Element = HTMLElement>(selector: string) =>
  document.querySelector<E & HTMLElement>(selector);
const pendingButton = () => $<HTMLButtonElement>('[data-testid="pending-count"]');
const sheet = () => $<HTMLDialogElement>('[data-testid="pending-sheet"]');
const buttonIn = (el: Element | null, name: string) =>
  [...(el?.querySelectorAll('button') ?? [])].find((b) => b.textContent === name);

let n = 0;
function outboxRow(kind: string, extra: Partial<OutboxRow> = {}): OutboxRow {
  n++;
  return {
    id: `m${n}`,
    kind,
    recordKey: `likes/l${n}`,
    userId: 'u1',
    payload: { id: `l${n}`, user: 'u1', photoCard: 'c1' },
    createdAt: NOW - 5 * 60_000,
    attempts: 0,
    nextTryAt: 0,
    ...extra,
  };
}

function deadLetter(extra: Partial<DeadLetterRow> = {}): DeadLetterRow {
  return {
    ...outboxRow('like.set', { id: 'dead1', recordKey: 'likes/ld', attempts: 1 }),
    payload: { id: 'ld', user: 'u1', photoCard: 'c7' },
    failedAt: NOW - 1000,
    status: 400,
    message: likesKo.failures.like,
    detail: '400 Failed to create record.',
    notifiedAt: NOW - 500,
    ...extra,
  };
}

/** A stored session for u1 whose token expires in an hour (PocketBase reads `exp`). */
async function signIn() {
  const part = (o: object) => btoa(JSON.stringify(o));
  const token = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({
    id: 'u1',
    type: 'auth',
    exp: Math.floor(NOW / 1000) + 3600,
  })}.sig`;
  await db.auth.put({ key: 'session', token, record: { id: 'u1', collectionName: 'users' } });
}

async function openSheet() {
  await until(() => expect(pendingButton()?.hidden).toBe(false));
  act(() => pendingButton()?.click());
  await until(() => expect(sheet()?.open).toBe(true));
}

describe('pending changes button', () => {
  it('is hidden when nothing waits', async () => {
    render(<SyncStatus />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(pendingButton()?.hidden).toBe(true);
  });

  it('shows how many changes wait, and follows the outbox live', async () => {
    await db.outbox.bulkAdd([
      outboxRow('like.set'),
      outboxRow('post.create'),
      outboxRow('like.unset'),
    ]);
    render(<SyncStatus />);
    await until(() => expect(pendingButton()?.textContent).toBe(ko.sync.pendingCount(3)));
    expect(pendingButton()?.hidden).toBe(false);
    // named by its visible text (label in name), described by the longer label
    expect(pendingButton()?.hasAttribute('aria-label')).toBe(false);
    const description = pendingButton()?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(description)?.textContent).toBe(ko.sync.pendingLabel(3));

    await act(() => db.outbox.add(outboxRow('comment.create')));
    await until(() => expect(pendingButton()?.textContent).toBe(ko.sync.pendingCount(4)));

    // five ticked cards of a collect book go as one row but are five changes
    await act(() =>
      db.outbox.add(
        outboxRow('collectBook.addCards', {
          recordKey: 'collectBook/b1',
          payload: { id: 'b1', cards: ['a', 'b', 'c', 'd', 'e'] },
        }),
      ),
    );
    await until(() => expect(pendingButton()?.textContent).toBe(ko.sync.pendingCount(9)));

    await act(() => db.outbox.clear());
    await until(() => expect(pendingButton()?.hidden).toBe(true));
  });

  it('stays visible with a warning when only refused changes remain', async () => {
    await db.deadLetters.add(deadLetter());
    render(<SyncStatus />);
    await until(() => expect(pendingButton()?.hidden).toBe(false));
    // never '동기화 대기 0': what waits is the fan's decision on what was refused
    expect(pendingButton()?.textContent).toBe(koSyncStatus.failedOnly(1));
    const described = pendingButton()?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(koSyncStatus.failedOnlyLabel(1));
  });
});

describe('pending changes sheet', () => {
  it('lists each waiting change with its label, when it was saved and its state', async () => {
    await db.outbox.bulkAdd([
      outboxRow('like.set'),
      outboxRow('post.create', { attempts: 2, nextTryAt: NOW + 8000 }),
      outboxRow('comment.create', { userId: 'someone-else' }),
      outboxRow('collectBook.removeCards', { payload: { id: 'b1', cards: ['a', 'b'] } }),
    ]);
    render(<SyncStatus />);
    await openSheet();
    await until(() =>
      expect(sheet()?.querySelectorAll('[data-testid="pending-item"]').length).toBe(4),
    );

    const rows = [...(sheet()?.querySelectorAll('[data-testid="pending-item"]') ?? [])];
    const saved = ko.sync.queuedAt(relativeTime(NOW - 5 * 60_000, NOW));
    expect(rows.map((r) => r.textContent)).toEqual([
      `${likesKo.kinds.likeSet}${saved}${ko.sync.stateWaiting}`,
      `${postsKo.kinds.postCreate}${saved}${ko.sync.stateRetrying(8)}`,
      `${meetupsKo.kinds.commentCreate}${saved}${ko.sync.stateLogin}`,
      `${collectBooksKo.kinds.collectBookRemove}${ko.sync.cardCount(2)} · ${saved}${ko.sync.stateWaiting}`,
    ]);
    expect(sheet()?.querySelector('h2')?.textContent).toBe(ko.sync.sheetTitle);
  });

  it('says every change waits for the connection while offline', async () => {
    appStore.set(syncStatusAtom, { ...ONLINE, online: false, realtime: 'off' });
    await db.outbox.bulkAdd([outboxRow('like.set'), outboxRow('post.update')]);
    render(<SyncStatus />);
    await openSheet();
    await until(() => expect(sheet()?.querySelectorAll('[data-state="offline"]').length).toBe(2));
    expect(sheet()?.querySelector('[data-state="offline"]')?.textContent).toBe(
      ko.sync.stateOffline,
    );
    expect(buttonIn(sheet(), ko.sync.syncNow)?.disabled).toBe(true);
  });

  it('asks for a sync now', async () => {
    const asked = vi.fn();
    const stop = onFlushRequested(asked);
    await db.outbox.add(outboxRow('like.set'));
    render(<SyncStatus />);
    await openSheet();
    act(() => buttonIn(sheet(), ko.sync.syncNow)?.click());
    expect(asked).toHaveBeenCalledTimes(1);
    stop();
  });

  it('closes on Esc and gives focus back to the button', async () => {
    await db.outbox.add(outboxRow('like.set'));
    render(<SyncStatus />);
    pendingButton()?.focus();
    await openSheet();
    expect(document.activeElement?.getAttribute('aria-label')).toBe(ko.sync.close);
    act(() => {
      sheet()?.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(sheet()?.open).toBe(false);
    expect(document.activeElement).toBe(pendingButton());
  });

  it('shows the empty message once everything is sent', async () => {
    await db.outbox.add(outboxRow('like.set'));
    render(<SyncStatus />);
    await openSheet();
    await act(() => db.outbox.clear());
    await until(() => expect(sheet()?.textContent).toContain(ko.sync.sheetEmpty));
  });
});

describe('refused changes (dead letters)', () => {
  it('shows the refusal with its Korean message', async () => {
    await db.deadLetters.add(deadLetter());
    render(<SyncStatus />);
    await openSheet();
    await until(() => expect(sheet()?.querySelector('[data-testid="dead-letter"]')).not.toBeNull());
    const entry = sheet()?.querySelector('[data-testid="dead-letter"]');
    expect(sheet()?.querySelector('h3')?.textContent).toBe(ko.sync.deadTitle);
    expect(entry?.textContent).toContain(likesKo.kinds.likeSet);
    expect(entry?.textContent).toContain(likesKo.failures.like);
    expect(buttonIn(entry ?? null, ko.sync.retry)).toBeDefined();
    expect(buttonIn(entry ?? null, ko.sync.discard)).toBeDefined();
  });

  it('a message refused by a block keeps its words and the reason, and offers no retry', async () => {
    const reason = '이 사용자와는 대화하거나 교환할 수 없어요.';
    await db.deadLetters.add(
      deadLetter({
        kind: 'message.create',
        recordKey: 'messages/m1',
        payload: {
          id: 'm1',
          conversation: 'c1',
          sender: 'u1',
          text: '내일 택배 보낼게요',
          createdAt: '2026-01-01 10:00:00.000Z',
        },
        message: reason,
        hopeless: true,
      }),
    );
    render(<SyncStatus />);
    await openSheet();
    await until(() => expect(sheet()?.querySelector('[data-testid="dead-letter"]')).not.toBeNull());
    const entry = sheet()?.querySelector('[data-testid="dead-letter"]') ?? null;
    expect(entry?.textContent).toContain(reason);
    expect(entry?.querySelector('[data-testid="dead-letter-draft"]')?.textContent).toBe(
      '내일 택배 보낼게요',
    );
    expect(buttonIn(entry, ko.sync.retry)).toBeUndefined();
    expect(buttonIn(entry, ko.sync.discard)).toBeDefined();
    expect(buttonIn(entry, koSyncStatus.copy)).toBeDefined();
  });

  it('retry puts the change back in the outbox and re-applies it', async () => {
    await signIn();
    await db.deadLetters.add(deadLetter());
    render(<SyncStatus />);
    await openSheet();
    await until(() => expect(buttonIn(sheet(), ko.sync.retry)).toBeDefined());
    await act(async () => buttonIn(sheet(), ko.sync.retry)?.click());

    await until(() => expect(sheet()?.querySelector('[data-testid="dead-letter"]')).toBeNull());
    await until(() =>
      expect(sheet()?.querySelectorAll('[data-testid="pending-item"]').length).toBe(1),
    );
    expect(sheet()?.querySelector('[data-testid="pending-item"]')?.textContent).toContain(
      likesKo.kinds.likeSet,
    );
    await until(() => expect(pendingButton()?.textContent).toBe(ko.sync.pendingCount(1)));
    expect(await db.deadLetters.count()).toBe(0);
    expect((await db.outbox.toArray()).map((r) => r.id)).toEqual(['dead1']);
    expect(await db.likes.where({ user: 'u1', photoCard: 'c7' }).count()).toBe(1);
    // focus stays in the sheet when the entry goes away
    expect(sheet()?.contains(document.activeElement)).toBe(true);
  });

  it('retry without a session asks to log in and keeps the dead letter', async () => {
    const error = vi.spyOn(toast, 'error');
    await db.deadLetters.add(deadLetter());
    render(<SyncStatus />);
    await openSheet();
    await until(() => expect(buttonIn(sheet(), ko.sync.retry)).toBeDefined());
    await act(async () => buttonIn(sheet(), ko.sync.retry)?.click());
    await until(() => expect(error).toHaveBeenCalledWith(ko.messages.loginRequired));
    expect(await db.deadLetters.count()).toBe(1);
  });

  it('discard asks first, then removes the dead letter', async () => {
    await db.deadLetters.add(deadLetter());
    render(<SyncStatus />);
    await openSheet();
    await until(() => expect(buttonIn(sheet(), ko.sync.discard)).toBeDefined());

    await act(async () => buttonIn(sheet(), ko.sync.discard)?.click());
    const question = () => $<HTMLDialogElement>('dialog[role="alertdialog"]');
    await until(() => expect(question()?.open).toBe(true));
    expect(question()?.textContent).toContain(ko.sync.discardConfirm);

    // cancelling keeps it
    await act(async () => buttonIn(question(), ko.dialog.cancel)?.click());
    expect(await db.deadLetters.count()).toBe(1);

    await act(async () => buttonIn(sheet(), ko.sync.discard)?.click());
    await until(() => expect(question()?.open).toBe(true));
    await act(async () => buttonIn(question(), ko.sync.discard)?.click());
    await until(() => expect(sheet()?.querySelector('[data-testid="dead-letter"]')).toBeNull());
    expect(await db.deadLetters.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    await until(() => expect(pendingButton()?.hidden).toBe(true));
  });

  it('toasts a new refusal once and marks it as told', async () => {
    const error = vi.spyOn(toast, 'error');
    await db.deadLetters.bulkAdd([
      deadLetter({ id: 'old', notifiedAt: NOW - 10_000 }),
      deadLetter({ id: 'new', notifiedAt: 0, message: ko.messages.exchangeSaveFailed }),
    ]);
    render(<SyncStatus />);
    await until(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error).toHaveBeenCalledWith(ko.messages.exchangeSaveFailed, expect.anything());
    await until(async () => {
      expect((await db.deadLetters.toArray()).map((d) => d.notifiedAt > 0)).toEqual([true, true]);
    });
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('offline banner', () => {
  const banner = () => $('[data-testid="offline-banner"]');

  it('is an empty live region while online', () => {
    render(<OfflineBanner />);
    expect(banner()?.getAttribute('role')).toBe('status');
    expect(banner()?.textContent).toBe('');
  });

  it('says so while offline, then briefly that the connection is back', async () => {
    vi.useRealTimers();
    vi.useFakeTimers();
    render(<OfflineBanner />);
    act(() => appStore.set(syncStatusAtom, { ...ONLINE, online: false }));
    expect(banner()?.textContent).toBe(ko.sync.offline);
    act(() => appStore.set(syncStatusAtom, ONLINE));
    expect(banner()?.textContent).toBe(ko.sync.backOnline);
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS + 10));
    expect(banner()?.textContent).toBe('');
  });
});

describe('storage full', () => {
  it('tells the user when the device is out of space, and can be dismissed', async () => {
    render(<SyncStatus />);
    expect($('[role="alert"]')).toBeNull();
    act(() => appStore.set(syncStatusAtom, { ...ONLINE, problem: 'storage-full' }));
    expect($('[role="alert"]')?.textContent).toBe(ko.sync.storageFull);
    act(() => $('[role="alert"] button')?.click());
    expect($('[role="alert"]')).toBeNull();
  });
});

describe('pending mark', () => {
  it('names its state for screen readers', () => {
    render(
      <>
        <PendingMark />
        <PendingMark variant="failed" />
      </>,
    );
    const marks = [...document.querySelectorAll('[data-pending-mark]')];
    expect(marks.map((m) => m.textContent)).toEqual([ko.sync.pendingMark, ko.sync.failedMark]);
  });
});
