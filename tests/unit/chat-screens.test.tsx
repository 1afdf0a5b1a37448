/// <reference types="vite/client" />
// The chat screens (/chatting, /chatting/$id) and the top bar's chat badge, rendered in the real
// route tree against the local store (fake-indexeddb) and the real write API.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { appStore, sessionUserIdAtom, syncStatusAtom, unreadMessagesAtom } from '@/state/store';
import { db } from '@/data/db/index.ts';
import type { Conversation, Message, PhotoCard, UserProfile } from '@/data/pb/records.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { waitFor } from '../helpers/wait.ts';

const ME = 'usermeaaaaaaaaa';
const YOU = 'useryouaaaaaaaa';
const THEM = 'userthemaaaaaaa';
const CARD = 'cardaaaaaaaaaaa';
const CONV = 'convaaaaaaaaaaa';
const CONV2 = 'convbbbbbbbbbbb';

let root: Root | undefined;
let container: HTMLElement | undefined;

function user(id: string, name: string): UserProfile {
  return {
    ...{ id, name, username: name, avatar: '', biasGroup: '', likeList: [], collectBook: [] },
    ...{ exchangeStatus: [], birth: '', phoneNumber: '', role: '' },
    ...{ created: '2026-11-01 00:00:00.000Z', updated: '2026-11-01 00:00:00.000Z' },
  };
}

function card(): PhotoCard {
  return {
    ...{ id: CARD, group: 'g1', cardImg: '', logoImage: '', groupName: 'RIIZE' },
    ...{ memberName: '원빈', memberNameEn: 'WONBIN', title: '원빈 앨범 포카', label: '' },
    ...{ likeCount: 0, exchangeList: [] },
    ...{ created: '2026-11-01 00:00:00.000Z', updated: '2026-11-01 00:00:00.000Z' },
  };
}

function conversation(id: string, other: string, over: Partial<Conversation> = {}): Conversation {
  const [a, b] = ME < other ? [ME, other] : [other, ME];
  return {
    ...{ id, a, b, photoCard: '', post: '', trade: '', aReadAt: '', bReadAt: '' },
    ...{ lastMessage: '', lastMessageAt: '', lastSender: '' },
    ...{ created: '2026-11-20 09:00:00.000Z', updated: '2026-11-20 09:00:00.000Z' },
    ...over,
  };
}

function message(id: string, conv: string, sender: string, text: string, created: string): Message {
  return { id, conversation: conv, sender, text, image: '', created, updated: created };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

beforeEach(async () => {
  await Promise.all([
    db.conversations.clear(),
    db.messages.clear(),
    db.outbox.clear(),
    db.blocks.clear(),
    db.auth.clear(),
    db.users.clear(),
    db.photoCards.clear(),
  ]);
  // public reads (profiles, cards) go live once a pull has filled the store
  appStore.set(syncStatusAtom, { ...appStore.get(syncStatusAtom), lastPullAt: Date.now() });
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
  appStore.set(unreadMessagesAtom, 0);
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
  // the screen's chunk (with the write API) loads on first use: time for it
  await waitFor(() => expect(container?.querySelector('h1')).not.toBeNull(), {
    timeout: 15_000,
  });
  return { router, el: container };
}

async function signIn() {
  await db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });
  appStore.set(sessionUserIdAtom, ME);
}

const kinds = async () => (await db.outbox.orderBy('seq').toArray()).map((r) => r.kind);

function buttonNamed(el: HTMLElement, name: string): HTMLButtonElement | undefined {
  return [...el.querySelectorAll('button')].find(
    (b) => b.textContent === name || b.getAttribute('aria-label') === name,
  );
}

describe('/chatting', () => {
  it('asks a logged-out visitor to log in', async () => {
    const { el } = await renderAt('/chatting');
    await waitFor(() => expect(el.querySelector('[data-testid="chat-logged-out"]')).not.toBeNull());
    expect(el.querySelector('a[href="/login"]')).not.toBeNull();
  });

  it('says so when there are no conversations', async () => {
    await signIn();
    const { el } = await renderAt('/chatting');
    await waitFor(() => expect(el.querySelector('[data-testid="chat-empty"]')).not.toBeNull());
  });

  it('lists conversations newest first with the fan, excerpt, unread count and card', async () => {
    await signIn();
    await db.users.bulkPut([user(YOU, '민지'), user(THEM, '하니')]);
    await db.photoCards.put(card());
    await db.conversations.bulkPut([
      conversation(CONV, YOU, { photoCard: CARD, post: 'postaaaaaaaaaaa' }),
      conversation(CONV2, THEM),
    ]);
    await db.messages.bulkPut([
      message('m1aaaaaaaaaaaaa', CONV, YOU, '안녕하세요', '2026-11-21 10:00:00.000Z'),
      message('m2aaaaaaaaaaaaa', CONV, YOU, '교환 가능할까요?', '2026-11-21 10:01:00.000Z'),
      message('m3aaaaaaaaaaaaa', CONV2, ME, '사진 보내드려요', '2026-11-20 10:00:00.000Z'),
    ]);
    const { el } = await renderAt('/chatting');
    await waitFor(() =>
      expect(el.querySelectorAll('[data-testid="conversation-item"]')).toHaveLength(2),
    );
    const items = [...el.querySelectorAll<HTMLAnchorElement>('[data-testid="conversation-item"]')];
    expect(items.map((a) => a.getAttribute('href'))).toEqual([
      `/chatting/${CONV}`,
      `/chatting/${CONV2}`,
    ]);
    expect(items[0]?.textContent).toContain('민지');
    expect(items[0]?.textContent).toContain('교환 가능할까요?');
    expect(items[0]?.textContent).toContain('교환 글');
    await waitFor(() => expect(items[0]?.textContent).toContain('원빈 앨범 포카'));
    expect(items[0]?.querySelector('[data-testid="conversation-unread"]')?.textContent).toBe(
      '2읽지 않은 메시지 2개',
    );
    expect(items[1]?.textContent).toContain('나: 사진 보내드려요');
    expect(items[1]?.querySelector('[data-testid="conversation-unread"]')).toBeNull();
  });

  it('shows the notice, not the text, when an admin hid the last message', async () => {
    await signIn();
    await db.users.put(user(YOU, '민지'));
    await db.conversations.put(conversation(CONV, YOU));
    await db.messages.put({
      ...message('m1aaaaaaaaaaaaa', CONV, YOU, '나쁜 말', '2026-11-21 10:00:00.000Z'),
      hidden: true,
    });
    const { el } = await renderAt('/chatting');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="conversation-item"]')?.textContent).toContain(
        '운영 정책에 따라 가려진 메시지예요.',
      ),
    );
    expect(el.querySelector('[data-testid="conversation-item"]')?.textContent).not.toContain(
      '나쁜 말',
    );
  });
});

describe('/chatting/$id', () => {
  async function openThread() {
    await signIn();
    await db.users.put(user(YOU, '민지'));
    await db.photoCards.put(card());
    await db.conversations.put(
      conversation(CONV, YOU, {
        photoCard: CARD,
        // the other fan read up to my first message
        [ME < YOU ? 'bReadAt' : 'aReadAt']: '2026-11-21 10:00:00.000Z',
      }),
    );
    await db.messages.bulkPut([
      message('m1aaaaaaaaaaaaa', CONV, ME, '첫 메시지', '2026-11-21 10:00:00.000Z'),
      message('m2aaaaaaaaaaaaa', CONV, ME, '두 번째', '2026-11-21 10:01:00.000Z'),
      message('m3aaaaaaaaaaaaa', CONV, YOU, '답장이에요', '2026-11-21 10:02:00.000Z'),
    ]);
    const rendered = await renderAt(`/chatting/${CONV}`);
    await waitFor(() =>
      expect(rendered.el.querySelectorAll('[data-testid="message"]')).toHaveLength(3),
    );
    await waitFor(() => expect(rendered.el.querySelector('h1')?.textContent).toBe('민지'));
    return rendered;
  }

  it('shows the messages in order with sent and read marks, and marks the thread read', async () => {
    const { el } = await openThread();
    const messages = [...el.querySelectorAll<HTMLElement>('[data-testid="message"]')];
    expect(messages.map((m) => m.dataset['mine'])).toEqual(['true', 'true', 'false']);
    expect(messages.map((m) => m.dataset['state'])).toEqual(['read', 'sent', undefined]);
    expect(messages[0]?.textContent).toContain('읽음');
    expect(messages[1]?.textContent).toContain('전송됨');
    // the context bar links to the card
    const context = el.querySelector('[data-testid="thread-context"] a');
    expect(context?.getAttribute('href')).toBe(`/exchangeDetail/${CARD}`);
    // 교환 제안 names the fan and the conversation
    expect(el.querySelector('[data-testid="thread-propose"]')?.getAttribute('href')).toBe(
      `/trades/new?to=${YOU}&conversation=${CONV}`,
    );
    // the other fan's message is unread and the thread is on screen: a read mark is queued
    await waitFor(async () => expect(await kinds()).toEqual(['conversation.read']));
  });

  it("shows a blocked fan's post as its card only: their words don't reach the thread", async () => {
    const post = {
      id: 'postaaaaaaaaaaa',
      writer: YOU,
      photoCard: CARD,
      description: '차단된 팬이 고쳐 쓴 글',
      status: '교환대기중' as const,
      chatContent: '',
      created: '2026-11-20 09:00:00.000Z',
      updated: '2026-11-20 09:00:00.000Z',
    };
    await signIn();
    await db.users.put(user(YOU, '민지'));
    await db.photoCards.put(card());
    await db.exchangeList.put(post);
    await db.conversations.put(conversation(CONV, YOU, { post: post.id }));
    const { el } = await renderAt(`/chatting/${CONV}`);
    const context = () => el.querySelector('[data-testid="thread-context"]')?.textContent ?? '';
    await waitFor(() => expect(context()).toContain(post.description), { timeout: 5000 });
    await act(async () => {
      await db.blocks.put({
        id: 'blockaaaaaaaaaa',
        user: ME,
        blocked: YOU,
        created: '2026-11-21 00:00:00.000Z',
        updated: '2026-11-21 00:00:00.000Z',
      });
    });
    await waitFor(() => expect(context()).toContain('원빈 앨범 포카'), { timeout: 5000 });
    expect(context()).not.toContain(post.description);
  });

  it('sends with Enter (not Shift+Enter) and shows the message at once as queued', async () => {
    const { el } = await openThread();
    const field = el.querySelector<HTMLTextAreaElement>('[data-testid="composer-text"]')!;
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      set.call(field, '지금 보낼게요');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      field.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true }),
      );
    });
    expect(await db.messages.count()).toBe(3);
    await act(async () => {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await waitFor(() => expect(el.querySelectorAll('[data-testid="message"]')).toHaveLength(4));
    const last = [...el.querySelectorAll<HTMLElement>('[data-testid="message"]')].at(-1)!;
    expect(last.textContent).toContain('지금 보낼게요');
    expect(last.dataset['state']).toBe('pending');
    expect(last.querySelector('[data-pending-mark="pending"]')).not.toBeNull();
    expect(field.value).toBe('');
    expect(await kinds()).toContain('message.create');
  });

  it('blocks the fan from the menu after a confirm, and shows why there is no composer', async () => {
    const { el } = await openThread();
    await act(async () =>
      el.querySelector<HTMLButtonElement>('[data-testid="thread-menu"]')!.click(),
    );
    const menu = el.querySelector('[role="menu"]')!;
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((b) => b.textContent)).toEqual([
      '차단하기',
      '신고하기',
    ]);
    await act(async () => buttonNamed(menu as HTMLElement, '차단하기')!.click());
    const dialog = await waitFor(() => {
      const d = [...document.querySelectorAll('dialog')].find((x) => x.open);
      expect(d?.textContent).toContain('민지님을 차단할까요?');
      return d!;
    });
    await act(async () => buttonNamed(dialog, '차단하기')!.click());
    await waitFor(() => expect(el.querySelector('[data-testid="thread-blocked"]')).not.toBeNull());
    expect(el.querySelector('[data-testid="composer"]')).toBeNull();
    expect(el.querySelector('[data-testid="thread-propose"]')).toBeNull();
    expect(await kinds()).toContain('block.create');
    // and back: the menu now offers 차단 해제
    await act(async () =>
      el.querySelector<HTMLButtonElement>('[data-testid="thread-menu"]')!.click(),
    );
    expect(el.querySelector('[role="menuitem"]')?.textContent).toBe('차단 해제');
  });

  it("reports one of the other fan's messages with a reason", async () => {
    const { el } = await openThread();
    const theirs = [...el.querySelectorAll<HTMLElement>('[data-testid="message"]')][2]!;
    // own messages have no report button
    expect(el.querySelectorAll('button[aria-label="이 메시지 신고"]')).toHaveLength(1);
    await act(async () =>
      theirs.querySelector<HTMLButtonElement>('button[aria-label="이 메시지 신고"]')!.click(),
    );
    const sheet = await waitFor(() => {
      const s = document.querySelector<HTMLDialogElement>('[data-testid="report-sheet"]');
      expect(s?.open).toBe(true);
      return s!;
    });
    // an empty reason is refused inline
    await act(async () =>
      sheet.querySelector<HTMLButtonElement>('[data-testid="report-submit"]')!.click(),
    );
    expect(sheet.textContent).toContain('신고 사유를 입력해주세요.');
    const reason = sheet.querySelector<HTMLTextAreaElement>('[data-testid="report-reason"]')!;
    await act(async () => {
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      set.call(reason, '사기 의심');
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () =>
      sheet.querySelector<HTMLButtonElement>('[data-testid="report-submit"]')!.click(),
    );
    await waitFor(async () => {
      const rows = await db.outbox.where('kind').equals('chatReport.create').toArray();
      expect(rows.map((r) => r.payload)).toMatchObject([
        { target: YOU, message: 'm3aaaaaaaaaaaaa', reason: '사기 의심' },
      ]);
    });
  });

  it('says so for a conversation that is not here', async () => {
    await signIn();
    const { el } = await renderAt('/chatting/nosuchconvaaaa');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="thread-not-found"]')).not.toBeNull(),
    );
  });
});

describe('the chat badge', () => {
  it('shows the unread total with a label, 99+ past 99, nothing when logged out', async () => {
    appStore.set(unreadMessagesAtom, 4);
    const { el } = await renderAt('/');
    expect(el.querySelector('[data-testid="chat-badge"]')).toBeNull();
    await act(async () => appStore.set(sessionUserIdAtom, ME));
    const links = el.querySelectorAll('a[href="/chatting"]');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.getAttribute('aria-label')).toBe('채팅, 읽지 않은 메시지 4');
      expect(link.querySelector('[data-testid="chat-badge"]')?.textContent).toBe('4');
    }
    await act(async () => appStore.set(unreadMessagesAtom, 120));
    expect(el.querySelector('[data-testid="chat-badge"]')?.textContent).toBe('99+');
    await act(async () => appStore.set(unreadMessagesAtom, 0));
    expect(el.querySelector('[data-testid="chat-badge"]')).toBeNull();
    expect(el.querySelector('a[href="/chatting"]')?.getAttribute('aria-label')).toBe('채팅');
  });
});
