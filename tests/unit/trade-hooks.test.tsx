/// <reference types="vite/client" />
// The trade hooks over the local store (domains/trades/hooks.ts, chat.ts): the match answer
// kept on the device, asked again when shown online (refreshing, failed, refresh()), and the
// conversation list following a message sent from this device.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore, Provider, sessionUserIdAtom, syncStatusAtom } from '@/state/store';
import { db } from '@/data/db/index.ts';
import { useMatches, type Matches } from '@/domains/trades/hooks';
import { useConversations, type ConversationSummary } from '@/domains/chat/hooks';
import { openConversation, sendMessage } from '@/domains/chat/writes.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';
import { waitFor } from '../helpers/wait.ts';

/** vi.waitFor with room for a busy machine (`npm test` runs this beside the e2e lane). */

const ME = 'usermeaaaaaaaaa';
const YOU = 'useryouaaaaaaaa';

const routes = vi.hoisted(() => ({ refreshMatches: vi.fn() }));
vi.mock('@/domains/trades/routes', () => routes);

let root: Root | undefined;
let container: HTMLElement | undefined;
let seen: { matches?: Matches; conversations?: ConversationSummary[] } = {};

function Probe() {
  seen = { matches: useMatches(), conversations: useConversations() };
  return null;
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(async () => {
  await Promise.all([db.matches.clear(), db.outbox.clear(), db.conversations.clear()]);
  await db.messages.clear();
  await db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });
  appStore.set(sessionUserIdAtom, ME);
  appStore.set(syncStatusAtom, { ...appStore.get(syncStatusAtom), online: true });
  routes.refreshMatches.mockReset();
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  appStore.set(sessionUserIdAtom, null);
});

async function render() {
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(
      <Provider store={appStore}>
        <Probe />
      </Provider>,
    );
  });
}

describe('useMatches', () => {
  it('shows the kept answer, asks again online, and says when asking failed', async () => {
    const fans = [
      {
        fan: YOU,
        theyHave: ['c1'],
        theyWant: [],
        theyHaveCount: 1,
        theyWantCount: 0,
        twoWay: false,
        latest: '',
      },
    ];
    let answer!: () => void;
    routes.refreshMatches.mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          answer = () =>
            void db.matches
              .put({ key: `${ME}:`, userId: ME, card: '', fans, fetchedAt: 1 })
              .then(() => resolve());
        }),
    );
    await render();
    await waitFor(() => expect(seen.matches?.matches).toBeNull());
    expect(seen.matches?.refreshing).toBe(true);
    expect(routes.refreshMatches).toHaveBeenCalledWith('');
    await act(async () => answer());
    await waitFor(() => expect(seen.matches?.matches?.fans).toEqual(fans));
    expect(seen.matches).toMatchObject({ refreshing: false, failed: false });

    routes.refreshMatches.mockRejectedValueOnce(new Error('offline'));
    await act(async () => seen.matches!.refresh());
    await waitFor(() => expect(seen.matches?.failed).toBe(true));
    expect(seen.matches).toMatchObject({ refreshing: false });
    expect(seen.matches?.matches?.fans).toEqual(fans);
  });

  it('asks nothing offline', async () => {
    appStore.set(syncStatusAtom, { ...appStore.get(syncStatusAtom), online: false });
    await render();
    await waitFor(() => expect(seen.matches?.matches).toBeNull());
    expect(seen.matches?.refreshing).toBe(false);
    expect(routes.refreshMatches).not.toHaveBeenCalled();
  });
});

describe('useConversations', () => {
  it('follows a message sent from this device', async () => {
    routes.refreshMatches.mockResolvedValue(null);
    await render();
    await waitFor(() => expect(seen.conversations).toEqual([]));
    const id = await openConversation(YOU, {}, db);
    await sendMessage(id, '안녕하세요', null, db);
    await waitFor(() =>
      expect(seen.conversations?.[0]).toMatchObject({
        other: YOU,
        pending: true,
        unread: 0,
        lastMessage: { text: '안녕하세요', pending: true },
      }),
    );
  });
});
