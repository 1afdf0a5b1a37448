/// <reference types="vite/client" />
// /tradeQr (내 교환 QR) in the real route tree against the local store (fake-indexeddb), offline:
// the login prompt, one code for a small list, and for a list too big for one code the parts
// taking turns every 1.5 s with "i/n", the pause button and stepping by hand.
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
import { PART_MS } from '@/features/trade-qr/components/trade-qr-screen';
import { koTradeQr } from '@/i18n/ko-trade-qr';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { waitFor } from '../helpers/wait.ts';

const ME = 'usermeaaaaaaaaa';
const GROUP = 'g1aaaaaaaaaaaaa';
const stamp = (i: number) =>
  new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString().replace('T', ' ');

let root: Root | undefined;
let container: HTMLElement | undefined;

/** The cards' group, with the count that says the device holds it whole (docs/trade-qr.md). */
async function wholeGroup(cardCount: number) {
  await db.groups.put({
    id: GROUP,
    groupName: 'RIIZE',
    logoImage: '',
    cardCount,
    created: '',
    updated: '',
  });
}

function card(n: number): PhotoCard {
  return {
    id: `card${String(n).padStart(11, '0')}`,
    group: GROUP,
    groupName: 'RIIZE',
    cardImg: '',
    logoImage: '',
    memberName: `멤버${n}`,
    memberNameEn: '',
    title: `카드${n}`,
    label: '',
    likeCount: 0,
    exchangeList: [],
    created: stamp(n),
    updated: stamp(n),
  };
}

function item(n: number, kind: 'have' | 'want'): TradeItem {
  return {
    id: `item${String(n).padStart(11, '0')}`,
    user: ME,
    photoCard: card(n).id,
    kind,
    spare: kind === 'have' ? 1 : 0,
    book: '',
    created: stamp(n),
    updated: stamp(n),
  };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  appStore.set(syncStatusAtom, { ...initialSyncStatus(), online: false, lastPullAt: Date.now() });
  await db.users.put({
    id: ME,
    name: '나',
    username: '포카러버',
    avatar: '',
    biasGroup: '',
    likeList: [],
    collectBook: [],
    exchangeStatus: [],
    birth: '',
    phoneNumber: '',
    role: '',
    created: stamp(0),
    updated: stamp(0),
  });
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
  vi.useRealTimers();
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
  return container;
}

const byTestId = (el: ParentNode, id: string) =>
  el.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('/tradeQr', () => {
  it('asks a signed-out visitor to log in', async () => {
    const el = await renderAt('/tradeQr');
    await waitFor(() => expect(byTestId(el, 'trade-qr-logged-out')).not.toBeNull());
    expect(el.querySelector('h1')?.textContent).toBe(koTradeQr.show.title);
  });

  it('draws one code for a small list, labelled for screen readers', async () => {
    await signIn();
    await db.photoCards.bulkPut([1, 2, 3].map(card));
    await wholeGroup(3);
    await db.tradeItems.bulkPut([item(1, 'have'), item(2, 'want')]);
    const el = await renderAt('/tradeQr');
    await waitFor(() => expect(byTestId(el, 'trade-qr-code')).not.toBeNull(), {
      timeout: 15_000,
    });
    expect(byTestId(el, 'trade-qr-summary')?.textContent).toBe(koTradeQr.show.summary(1, 1));
    const code = byTestId(el, 'trade-qr-code')!;
    expect(code.getAttribute('role')).toBe('img');
    expect(code.getAttribute('aria-label')).toBe(koTradeQr.show.codeLabel('포카러버', 1, 1));
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    expect(byTestId(el, 'trade-qr-parts')?.dataset['count']).toBe('1');
    expect(byTestId(el, 'trade-qr-pause')).toBeNull();
    expect(byTestId(el, 'to-trade-qr-scan')?.getAttribute('href')).toBe('/tradeQr/scan');
  });

  it('cycles a big list’s codes every 1.5 s, pauses, and steps by hand', async () => {
    await signIn();
    const n = Array.from({ length: 2200 }, (_, i) => i + 1);
    await db.photoCards.bulkPut(n.map(card));
    await wholeGroup(n.length);
    // most cards on a list, have or want at random (seeded): bitsets that do not compress
    let seed = 7;
    const roll = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % 10;
    const items: TradeItem[] = [];
    for (const i of n) {
      const r = roll();
      if (r < 9) items.push(item(i, r < 5 ? 'have' : 'want'));
    }
    await db.tradeItems.bulkPut(items);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const el = await renderAt('/tradeQr');
    await waitFor(() => expect(byTestId(el, 'trade-qr-parts')).not.toBeNull(), {
      timeout: 10_000,
    });
    const parts = byTestId(el, 'trade-qr-parts')!;
    const count = Number(parts.dataset['count']);
    expect(count).toBeGreaterThanOrEqual(2);
    const shown = () => byTestId(el, 'trade-qr-part')?.textContent;
    const drawn = () => byTestId(el, 'trade-qr-code')?.querySelector('path')?.getAttribute('d');
    // the codes are encoded again as the profile arrives (the name is in them), which starts the
    // cycle anew: start the clock once the codes carry the name and their timer runs
    await waitFor(() => {
      expect(byTestId(el, 'trade-qr-code')?.getAttribute('aria-label')).toBe(
        koTradeQr.show.codeLabel('포카러버', 1, count),
      );
      expect(vi.getTimerCount()).toBeGreaterThan(0);
    });
    expect(shown()).toBe(koTradeQr.show.part(1, count));
    const first = drawn();
    // the code arrived outside act (the encoding is async): let its effects (the timer) run
    await act(async () => {});

    await act(async () => vi.advanceTimersByTime(PART_MS));
    expect(shown()).toBe(koTradeQr.show.part(2, count));
    expect(drawn()).not.toBe(first);
    expect(byTestId(el, 'trade-qr-code')?.getAttribute('aria-label')).toBe(
      koTradeQr.show.codeLabel('포카러버', 2, count),
    );

    const pause = byTestId(el, 'trade-qr-pause')!;
    expect(pause.textContent).toBe(koTradeQr.show.pause);
    await act(async () => pause.click());
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    expect(pause.textContent).toBe(koTradeQr.show.play);
    await act(async () => vi.advanceTimersByTime(PART_MS * 3));
    expect(shown()).toBe(koTradeQr.show.part(2, count));

    const previous = [...el.querySelectorAll('button')].find(
      (b) => b.textContent === koTradeQr.show.previous,
    )!;
    await act(async () => previous.click());
    expect(shown()).toBe(koTradeQr.show.part(1, count));
    expect(drawn()).toBe(first);

    await act(async () => pause.click());
    await act(async () => vi.advanceTimersByTime(PART_MS));
    expect(shown()).toBe(koTradeQr.show.part(2, count));
  });
});
