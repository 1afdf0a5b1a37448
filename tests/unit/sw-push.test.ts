// The service worker's push handler (sw/push.ts) with a stand-in for the worker's global scope:
// the dispatcher's declarative message and the earlier flat shape are both shown as our own
// notification (title, body, tag = alert id, data the click handler reads) and stored in the
// local inbox; a chat message whose thread is on screen is stored but not shown; anything else
// shows the generic notice (docs/push.md, The payload).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '@/data/db/index.ts';
import { pushPayload } from '../../server/push/payload.ts';
import type { Notification as Row } from '../../server/push/records.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const ORIGIN = 'https://pocamarket.example';
const USER = 'swuseraaaaaaaaa';

interface Shown {
  title: string;
  options: NotificationOptions & { renotify?: boolean };
}
const shown: Shown[] = [];
let windows: { url: string; visibilityState: string }[] = [];

beforeAll(() => {
  vi.stubGlobal('self', {
    location: { origin: ORIGIN },
    registration: {
      showNotification: (title: string, options: Shown['options']) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: { matchAll: () => Promise.resolve(windows) },
    addEventListener: () => {},
  });
});

afterEach(async () => {
  shown.length = 0;
  windows = [];
  await db.notifications.where('user').equals(USER).delete();
  await db.auth.clear();
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const login = () =>
  db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });

const row = (over: Partial<Row> = {}): Row => ({
  id: 'swn1aaaaaaaaaaa',
  user: USER,
  topic: 'exchange',
  title: '새 교환 글',
  body: '원빈 포카 교환해요',
  url: '/exchangeDetail/card1',
  created: '2026-11-22 09:00:00.000Z',
  at: '',
  updated: '2026-11-22 09:00:00.000Z',
  ...over,
});

async function showPush(text: string | undefined) {
  const { showPush } = await import('../../sw/push.ts');
  await showPush(text);
}

describe('the worker’s push handler', () => {
  it('shows the dispatcher’s declarative message as ours and stores it in the inbox', async () => {
    await login();
    await showPush(pushPayload(row(), ORIGIN));
    expect(shown).toEqual([
      {
        title: '새 교환 글',
        options: expect.objectContaining({
          body: '원빈 포카 교환해요',
          tag: 'swn1aaaaaaaaaaa',
          renotify: true,
          lang: 'ko',
          data: { url: '/exchangeDetail/card1', id: 'swn1aaaaaaaaaaa' },
        }) as Shown['options'],
      },
    ]);
    expect(await db.notifications.get('swn1aaaaaaaaaaa')).toMatchObject({
      user: USER,
      topic: 'exchange',
      title: '새 교환 글',
      url: '/exchangeDetail/card1',
      read: false,
    });
  });

  it('still shows and stores a push in the earlier flat shape', async () => {
    await login();
    const { id, title, body, url, topic, created } = row({ id: 'swn2aaaaaaaaaaa' });
    await showPush(JSON.stringify({ id, title, body, url, topic, created }));
    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('새 교환 글');
    expect(shown[0]!.options.data).toEqual({ url: '/exchangeDetail/card1', id: 'swn2aaaaaaaaaaa' });
    expect(await db.notifications.get('swn2aaaaaaaaaaa')).toMatchObject({ user: USER });
  });

  it('stores a chat message whose thread is on screen without showing it', async () => {
    await login();
    windows = [{ url: `${ORIGIN}/chatting/conv1`, visibilityState: 'visible' }];
    await showPush(
      pushPayload(row({ id: 'swn3aaaaaaaaaaa', topic: 'chat', url: '/chatting/conv1' }), ORIGIN),
    );
    expect(shown).toEqual([]);
    expect(await db.notifications.get('swn3aaaaaaaaaaa')).toMatchObject({ topic: 'chat' });
    // in another thread it buzzes
    await showPush(
      pushPayload(row({ id: 'swn4aaaaaaaaaaa', topic: 'chat', url: '/chatting/conv2' }), ORIGIN),
    );
    expect(shown.map((s) => s.options.tag)).toEqual(['swn4aaaaaaaaaaa']);
  });

  it('shows the generic notice, pointing at the inbox, for a push that is not ours', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const text of [
      'not json',
      JSON.stringify({ web_push: 8030, notification: { title: 'x' } }),
    ]) {
      await showPush(text);
    }
    expect(shown).toHaveLength(2);
    for (const s of shown) {
      expect(s.title).toBe('포카마켓');
      expect(s.options.data).toEqual({ url: '/alerts', id: '' });
    }
  });
});
