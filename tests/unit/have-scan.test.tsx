/// <reference types="vite/client" />
// 스캔 on the have/want list and on a card's page (docs/card-scan.md), rendered in the real route
// tree against the local store (fake-indexeddb), with a scan worker and a camera made here: the
// worker fingerprints whatever it is asked to and "sees" the card the test holds up. The button
// opens the scanner over the scope (every card on the device; the card's whole group, read from
// the server), 보유에 추가 puts the card on the have list through the outbox, 실행 취소 takes it off
// (or back to 구함), a card already on the have list is not offered, and signed out the button asks
// to log in.
//
// In unit-dom-mocks (a fresh environment): it turns the screens' server windows on with a fake
// client, and stubs the camera's globals and prototypes.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { initialSyncStatus } from '@/data/sync/status';
import { db } from '@/data/db/index.ts';
import type { PhotoCard, TradeItem } from '@/data/pb/records.ts';
import { KINDS } from '@/domains/trade-lists/names.ts';
import { koCardScan } from '@/i18n/ko-card-scan';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { ME, GROUP, at, byTestId, cardRecord, putCatalogue } from '../helpers/trade-records.ts';
import { waitFor } from '../helpers/wait.ts';

const routes = vi.hoisted(() => ({
  fetchCardTraders: vi.fn(),
  refreshMatches: vi.fn(),
  fetchFanTrust: vi.fn(),
}));
vi.mock('@/domains/trades/routes', () => routes);

/** The server's catalogue: what the screens' windows read (cards 1–6 of GROUP). */
const server = vi.hoisted(() => ({ cards: [] as unknown[] }));
vi.mock('@/data/live/window-switch', () => {
  const pb = {
    filter: (raw: string, params: Record<string, string>) =>
      raw.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(params[k])),
    collection: (name: string) => ({
      getList: async (page: number, _per: number, opts: { filter?: string } = {}) => {
        if (name !== 'photoCards' || page > 1) return { items: [] };
        const f = opts.filter ?? '';
        const items = (server.cards as { id: string; group: string }[]).filter(
          (c) => f.includes(`"${c.id}"`) || f.includes(`group = "${c.group}"`),
        );
        return { items };
      },
    }),
  };
  return {
    serveWindows: () => {},
    windowClient: () => pb,
    whenWindowsOn: (run: (client: unknown) => void) => run(pb),
  };
});

/** The scan worker: fingerprints every image it is asked for, and sees `inView` in each frame. */
const scan = { asked: [] as string[], inView: null as string | null };

class FakeWorker extends EventTarget {
  postMessage(message: { type: string; id?: number; sources?: { id: string }[] }) {
    const reply = (data: unknown) =>
      setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data })), 5);
    if (message.type === 'prints') {
      const ids = message.sources!.map((s) => s.id);
      scan.asked.push(...ids);
      reply({
        type: 'prints',
        id: message.id,
        prints: ids.map((id) => ({ id, print: new Int8Array(198) })),
        failed: [],
      });
    } else if (message.type === 'frame') {
      const id = scan.inView;
      reply({
        type: 'frame',
        id: message.id,
        found: id !== null,
        candidates: [],
        decision: id ? { kind: 'sure', id } : { kind: 'unknown' },
        corners: null,
        photo: null,
        ms: 1,
      });
    }
  }
  terminate() {}
}

const withImage = (n: number): PhotoCard => ({ ...cardRecord(n), cardImg: `front${n}.png` });
const C = (n: number) => cardRecord(n).id;

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('createImageBitmap', async () => ({ close() {} }));
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: async () => ({ getTracks: () => [] }) },
  });
  HTMLMediaElement.prototype.play = async () => {};
  Object.defineProperty(HTMLMediaElement.prototype, 'readyState', { get: () => 4 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { get: () => 640 });
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  appStore.set(syncStatusAtom, { ...initialSyncStatus(), online: true, lastPullAt: Date.now() });
  await putCatalogue(db, [1, 2, 3, 4]);
  await db.photoCards.bulkPut([1, 2, 3, 4].map(withImage));
  server.cards = [1, 2, 3, 4, 5, 6].map(withImage);
  scan.asked = [];
  scan.inView = null;
  routes.fetchCardTraders.mockReset();
  routes.fetchCardTraders.mockResolvedValue({ card: C(1), have: 0, want: 0 });
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

function item(n: number, kind: 'have' | 'want'): TradeItem {
  return {
    id: `item${String(n).padStart(11, '0')}`,
    user: ME,
    photoCard: C(n),
    kind,
    spare: kind === 'have' ? 2 : 0,
    book: '',
    created: at(n),
    updated: at(n),
  };
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
  return { router, el: container };
}

/** Presses the scan button (focused first, as a keyboard or a tap leaves it). */
async function openScanner(el: HTMLElement, testId: string) {
  const button = await waitFor(() => {
    const b = byTestId<HTMLButtonElement>(el, testId);
    expect(b).not.toBeNull();
    return b!;
  });
  expect(button.textContent).toBe(` ${koCardScan.open}`);
  expect(button.querySelector('svg')).not.toBeNull();
  button.focus();
  await act(async () => button.click());
  return button;
}

const sheet = () => document.querySelector<HTMLDialogElement>('[data-testid="card-scanner"]');

/** Waits until the scanner looks at frames (its scope fingerprinted, the camera on). */
async function scanning() {
  await waitFor(() => {
    expect(sheet()?.open).toBe(true);
    expect(byTestId(sheet()!, 'card-scanner-body')?.dataset['scanning']).toBe('true');
  });
}

/** Holds card `n` up to the camera until the scanner shows it. */
async function holdUp(n: number) {
  scan.inView = C(n);
  return waitFor(() => {
    const result = byTestId(sheet()!, 'card-scanner-result');
    expect(result?.dataset['cardId']).toBe(C(n));
    return result!;
  });
}

async function take(n: number) {
  const result = await holdUp(n);
  const add = byTestId<HTMLButtonElement>(result, 'card-scanner-take');
  expect(add?.textContent).toBe(koCardScan.have.action);
  await act(async () => add!.click());
  await waitFor(() =>
    expect(
      [...sheet()!.querySelectorAll<HTMLElement>('[data-testid="card-scanner-taken"]')].find(
        (li) => li.dataset['cardId'] === C(n),
      )?.dataset['undone'],
    ).toBe('false'),
  );
}

async function undo(n: number) {
  const li = [...sheet()!.querySelectorAll<HTMLElement>('[data-testid="card-scanner-taken"]')].find(
    (x) => x.dataset['cardId'] === C(n),
  )!;
  await act(async () => li.querySelector('button')!.click());
  await waitFor(() => expect(li.dataset['undone']).toBe('true'));
}

const itemOf = (n: number) => db.tradeItems.where({ user: ME, photoCard: C(n) }).first();

describe('스캔 on /tradeList', () => {
  it('opens over every card on the device and adds the cards found to the have list', async () => {
    await signIn();
    await db.tradeItems.bulkPut([item(1, 'have'), item(3, 'want')]);
    const { el } = await renderAt('/tradeList');
    // on the have list's tab only
    await waitFor(() => expect(byTestId(el, 'trade-list-scan')).not.toBeNull());
    await act(async () => byTestId(el, 'trade-tab-want')?.click());
    await waitFor(() => expect(byTestId(el, 'trade-panel-want')).not.toBeNull());
    expect(byTestId(el, 'trade-list-scan')).toBeNull();
    await act(async () => byTestId(el, 'trade-tab-have')?.click());

    const button = await openScanner(el, 'trade-list-scan');
    await scanning();
    expect([...scan.asked].sort()).toEqual([1, 2, 3, 4].map(C));

    // a card on the have list already is not offered
    const owned = await holdUp(1);
    expect(byTestId(owned, 'card-scanner-take')).toBeNull();
    expect(owned.textContent).toContain(koCardScan.have.owned);

    // a new card goes on the have list with one spare, through the outbox; 실행 취소 takes it off
    await take(2);
    expect(await itemOf(2)).toMatchObject({ kind: 'have', spare: 1 });
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual([KINDS.tradeItemSet]);
    await undo(2);
    await waitFor(async () => expect(await itemOf(2)).toBeUndefined());

    // a card on the want list moves over, and 실행 취소 puts it back there
    await take(3);
    expect(await itemOf(3)).toMatchObject({ kind: 'have', spare: 1 });
    await undo(3);
    await waitFor(async () => expect(await itemOf(3)).toMatchObject({ kind: 'want', spare: 0 }));

    // closed, focus is back on the button, and the list shows what the scan left
    const close = sheet()!.querySelector<HTMLButtonElement>(
      `button[aria-label="${koCardScan.close}"]`,
    );
    await act(async () => close!.click());
    await waitFor(() => expect(sheet()?.open).toBe(false));
    expect(document.activeElement).toBe(button);
    expect(byTestId(el, 'trade-list-summary')?.textContent).toBe('보유 1장 · 구함 1장');
  });
});

describe('스캔 on a card page', () => {
  it("looks among the card's whole group, read from the server, and changes nothing else", async () => {
    await signIn();
    const { el, router } = await renderAt(`/exchangeDetail/${C(1)}`);
    const panel = await waitFor(() => {
      const p = byTestId(el, 'card-trade-panel');
      expect(p?.querySelector<HTMLButtonElement>('[data-testid="trade-mark-have"]')?.disabled).toBe(
        false,
      );
      return p!;
    });
    await openScanner(el, 'card-scan');
    await scanning();
    // cards 5 and 6 are the server's only: the scanner waited for them
    expect([...scan.asked].sort()).toEqual([1, 2, 3, 4, 5, 6].map(C));

    await take(5);
    expect(await itemOf(5)).toMatchObject({ kind: 'have', spare: 1, photoCard: C(5) });
    expect(router.state.location.pathname).toBe(`/exchangeDetail/${C(1)}`);
    expect(
      panel.querySelector('[data-testid="trade-mark-have"]')?.getAttribute('aria-pressed'),
    ).toBe('false');
    expect(await db.tradeItems.count()).toBe(1);
    expect(await db.photoCards.where('group').equals(GROUP).count()).toBe(6);
  });

  it('asks a signed-out visitor to log in instead of opening the camera', async () => {
    const { el } = await renderAt(`/exchangeDetail/${C(1)}`);
    await openScanner(el, 'card-scan');
    await waitFor(() =>
      expect(el.querySelector('[role="alertdialog"]')?.textContent).toContain(
        '로그인이 필요한 서비스입니다.',
      ),
    );
    expect(sheet()).toBeNull();
    expect(scan.asked).toEqual([]);
  });
});
