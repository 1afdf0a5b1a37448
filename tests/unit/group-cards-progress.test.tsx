/// <reference types="vite/client" />
// A group's cards on the device as the fan sees them (docs/sync.md, Pull by scope; Groups saved
// for offline): the shared progress bar's accessible value, the slim bar while a group's cards
// come in (live from IndexedDB, fake-indexeddb here) and gone once all are here, the offline
// wording, and 그룹 오프라인 저장 from the button to the saved state and back.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appStore, dataLayerStartedAtom, Provider, sessionUserIdAtom } from '@/state/store';
import { ProgressBar } from '@/components/ui/progress-bar';
import { GroupCardsProgress, GroupOfflineSave } from '@/components/ui/group-cards';
import { db } from '@/data/db/index.ts';
import type { Group } from '@/data/pb/records';
import { setDeviceBias } from '@/data/sync/scope.ts';
import { ko } from '@/i18n/ko-features';

const STAMP = '2026-01-01 00:00:00.000Z';
const GROUP = {
  id: 'g1',
  groupName: 'NMIXX',
  cardCount: 4,
  created: STAMP,
  updated: STAMP,
} as unknown as Group;
const card = (id: string) => ({ id, group: 'g1', created: STAMP, updated: STAMP }) as never;

let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.groups.bulkPut([
    GROUP,
    { ...GROUP, id: 'bias', groupName: 'RIIZE', cardCount: 0 } as Group,
  ]);
  setDeviceBias('bias');
  appStore.set(sessionUserIdAtom, null);
  // these parts read the store only once the data layer has started (docs/first-visit.md)
  appStore.set(dataLayerStartedAtom, true);
  setOnline(true);
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  setDeviceBias(null);
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

function render(ui: React.ReactNode) {
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  act(() => r.render(<Provider store={appStore}>{ui}</Provider>));
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

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const bar = () => $('[role="progressbar"]');

describe('ProgressBar', () => {
  it('is a progressbar with its name, bounds, value and the value as words', () => {
    render(<ProgressBar value={150} max={400} label="진행률" valueText="400장 중 150장" />);
    const el = bar()!;
    expect(el.getAttribute('aria-label')).toBe('진행률');
    expect(el.getAttribute('aria-valuemin')).toBe('0');
    expect(el.getAttribute('aria-valuemax')).toBe('400');
    expect(el.getAttribute('aria-valuenow')).toBe('150');
    expect(el.getAttribute('aria-valuetext')).toBe('400장 중 150장');
    expect((el.firstElementChild as HTMLElement).style.width).toBe('37.5%');
  });

  it('keeps the value within its bounds', () => {
    render(<ProgressBar value={9} max={4} label="진행률" />);
    expect(bar()!.getAttribute('aria-valuenow')).toBe('4');
    expect((bar()!.firstElementChild as HTMLElement).style.width).toBe('100%');
  });
});

describe('GroupCardsProgress', () => {
  it('follows the cards as they come in, and is gone once all are here', async () => {
    await db.photoCards.put(card('c1'));
    render(<GroupCardsProgress group={GROUP} />);
    await until(() => expect(bar()?.getAttribute('aria-valuenow')).toBe('1'));
    expect(bar()!.getAttribute('aria-valuemax')).toBe('4');
    expect(bar()!.getAttribute('aria-label')).toBe(ko.groupCards.progressLabel('NMIXX'));
    expect($('[data-testid="group-cards-progress"]')!.textContent).toContain(
      '카드 불러오는 중 1/4',
    );

    await act(async () => {
      await db.photoCards.bulkPut([card('c2'), card('c3')]);
    });
    await until(() => expect(bar()?.getAttribute('aria-valuenow')).toBe('3'));

    await act(async () => {
      await db.photoCards.put(card('c4'));
    });
    await until(() => expect($('[data-testid="group-cards-progress"]')).toBeNull());
    expect(bar()).toBeNull();
  });

  it('waits for the data layer: nothing drawn (and no store read) before it starts', async () => {
    appStore.set(dataLayerStartedAtom, false);
    await db.photoCards.put(card('c1'));
    render(<GroupCardsProgress group={GROUP} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect($('[data-testid="group-cards-progress"]')).toBeNull();
    act(() => appStore.set(dataLayerStartedAtom, true));
    await until(() => expect(bar()?.getAttribute('aria-valuenow')).toBe('1'));
  });

  it('says offline that the rest comes once connected', async () => {
    setOnline(false);
    await db.photoCards.put(card('c1'));
    render(<GroupCardsProgress group={GROUP} />);
    await until(() =>
      expect($('[data-testid="group-cards-progress"]')?.dataset['state']).toBe('offline'),
    );
    expect($('[data-testid="group-cards-progress"]')!.textContent).toBe(
      ko.groupCards.offline(1, 4),
    );
  });

  it('shows a quiet complete state when asked', async () => {
    await db.photoCards.bulkPut(['c1', 'c2', 'c3', 'c4'].map(card));
    render(<GroupCardsProgress group={GROUP} showComplete />);
    await until(() =>
      expect($('[data-testid="group-cards-progress"]')?.dataset['state']).toBe('complete'),
    );
    expect(bar()).toBeNull();
  });
});

describe('GroupOfflineSave', () => {
  it('saves a group with its size shown first, shows its progress, and un-saves it', async () => {
    render(<GroupOfflineSave group={GROUP} />);
    const box = () => $('[data-testid="group-offline"]');
    await until(() => expect(box()?.dataset['state']).toBe('idle'));
    expect(box()!.textContent).toContain('카드 4장');
    const save = box()!.querySelector('button')!;
    expect(save.getAttribute('aria-label')).toBe(ko.groupOffline.saveLabel('NMIXX', 4));

    await act(async () => {
      save.click();
    });
    await until(() => expect(box()?.dataset['state']).toBe('saved-loading'));
    expect(box()!.textContent).toContain(ko.groupOffline.saving);
    expect(await db.offlineGroups.get('g1')).toBeTruthy();
    expect(bar()!.getAttribute('aria-valuenow')).toBe('0');

    await act(async () => {
      await db.photoCards.bulkPut(['c1', 'c2', 'c3', 'c4'].map(card));
    });
    await until(() => expect(box()?.dataset['state']).toBe('saved'));
    expect(bar()).toBeNull();
    expect(box()!.textContent).toContain(ko.groupOffline.saved);

    const unsave = [...box()!.querySelectorAll('button')].find(
      (b) => b.textContent === ko.groupOffline.unsave,
    )!;
    expect(unsave.getAttribute('aria-label')).toBe(ko.groupOffline.unsaveLabel('NMIXX'));
    await act(async () => {
      unsave.click();
    });
    await until(() => expect(box()?.dataset['state']).toBe('idle'));
    expect(await db.offlineGroups.get('g1')).toBeUndefined();
  });

  it('a followed group (the favourite) needs no save', async () => {
    render(<GroupOfflineSave group={{ ...GROUP, id: 'bias', groupName: 'RIIZE', cardCount: 0 }} />);
    await until(() =>
      expect($('[data-testid="group-offline"]')?.dataset['state']).toBe('followed'),
    );
    expect($('[data-testid="group-offline"] button')).toBeNull();
    expect($('[data-testid="group-offline"]')!.textContent).toContain(ko.groupOffline.followed);
  });
});
