/// <reference types="vite/client" />
// Shared by the trade screen tests (trade-screen-*.test.tsx): the app rendered at a path in the
// real route tree over the local store (fake-indexeddb), two signed-in fans, a small catalogue.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory } from '@tanstack/react-router';
import { expect, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { db } from '@/data/db/index.ts';
import type { PhotoCard, Trade, UserProfile } from '@/data/pb/records.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { waitFor } from '../helpers/wait.ts';

export const ME = 'usermeaaaaaaaaa';
export const YOU = 'useryouaaaaaaaa';
export const GROUP = 'groupaaaaaaaaaa';
export const T0 = '2026-11-20 10:00:00.000Z';

/** Card ids c01…c09 (15 characters, like every record id). */
export const card = (n: number) => `card${String(n).padStart(2, '0')}aaaaaaaaa`;

export function photoCard(n: number): PhotoCard {
  return {
    id: card(n),
    created: T0,
    updated: T0,
    group: GROUP,
    cardImg: '',
    logoImage: '',
    groupName: 'RIIZE',
    memberName: '원빈',
    memberNameEn: 'WONBIN',
    title: `카드${n}`,
    label: '',
    likeCount: 0,
    exchangeList: [],
  };
}

function user(id: string, name: string): UserProfile {
  return {
    ...{ id, created: T0, updated: T0, name: '', username: name, avatar: '', biasGroup: '' },
    ...{ likeList: [], collectBook: [], exchangeStatus: [], birth: '', phoneNumber: '', role: '' },
  };
}

export function trade(id: string, over: Partial<Trade> = {}): Trade {
  return {
    ...{ id, proposer: YOU, receiver: ME, give: [card(1)], get: [card(2)], message: '안녕하세요' },
    ...{ status: 'proposed', proposerDone: false, receiverDone: false, counterOf: '' },
    ...{ conversation: '', created: T0, updated: T0 },
    ...over,
  } as Trade;
}

export async function resetStore(): Promise<void> {
  await Promise.all(
    [
      db.photoCards,
      db.users,
      db.groups,
      db.collectBook,
      db.exchangeList,
      db.tradeItems,
      db.trades,
      db.reviews,
      db.conversations,
      db.messages,
      db.blocks,
      db.matches,
      db.outbox,
      db.auth,
    ].map((t) => t.clear()),
  );
  await db.photoCards.bulkPut([1, 2, 3, 4, 5, 6, 7, 8, 9].map(photoCard));
  await db.groups.put({
    id: GROUP,
    created: T0,
    updated: T0,
    groupName: 'RIIZE',
    logoImage: '',
    cardCount: 0,
  });
  await db.users.bulkPut([user(ME, 'me'), user(YOU, 'you')]);
}

export async function signIn(online = true): Promise<void> {
  await db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });
  appStore.set(sessionUserIdAtom, ME);
  appStore.set(syncStatusAtom, { ...appStore.get(syncStatusAtom), online, lastPullAt: 1 });
}

let root: Root | undefined;
let container: HTMLElement | undefined;

export function setUpDom(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = vi.fn();
}

/** Unmounts the app; the session stays (a second render in one test is the same fan). */
export function unmount(): void {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
}

/** After each test: the app unmounted and nobody signed in. */
export function cleanUp(): void {
  unmount();
  appStore.set(sessionUserIdAtom, null);
}

export async function renderAt(path: string) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(<App router={router} />);
  });
  // the screen's chunk loads through the transform pipeline: time for it
  await waitFor(() => expect(container?.querySelector('h1')).not.toBeNull(), {
    timeout: 15_000,
  });
  return { router, el: container };
}

/** Waits for an element, by selector, inside `el`. */
export async function find<E extends Element = HTMLElement>(
  el: ParentNode,
  selector: string,
): Promise<E> {
  return waitFor(
    () => {
      const found = el.querySelector<E>(selector);
      expect(found, selector).not.toBeNull();
      return found!;
    },
    { timeout: 15_000 },
  );
}

/** The button (or link) whose text is `text`. */
export async function findByText(
  el: ParentNode,
  text: string,
  tag = 'button',
): Promise<HTMLElement> {
  return waitFor(
    () => {
      const found = [...el.querySelectorAll<HTMLElement>(tag)].find(
        (b) => b.textContent?.trim() === text,
      );
      expect(found, text).toBeDefined();
      return found!;
    },
    { timeout: 15_000 },
  );
}

export async function click(target: HTMLElement): Promise<void> {
  await act(async () => target.click());
}

/** Answers the open confirm dialog with the button named `label`. */
export async function answerConfirm(label: string): Promise<void> {
  const dialog = await find(document, 'dialog[open][role="alertdialog"]');
  await click(await findByText(dialog, label));
}
