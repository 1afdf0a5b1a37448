// The push payload (docs/push.md, The payload): the dispatcher's message is a declarative push
// message as the Push API's parser reads it (web_push 8030, a notification with a title and an
// absolute `navigate` on the app's origin), with our fields beside it; the worker's parser reads
// it, the earlier flat shape (pushes still queued) and a declarative message with nothing of ours.
import { describe, expect, it } from 'vitest';
import {
  MAX_PAYLOAD_BYTES,
  navigateUrl,
  pushMessage,
  pushPayload,
} from '../../server/push/payload.ts';
import { appOrigin } from '../../server/push/pass.ts';
import type { Notification } from '../../server/push/records.ts';
import { parsePushPayload } from '@/data/push/payload.ts';

const ORIGIN = 'https://pocamarket.example';

const row = (over: Partial<Notification> = {}): Notification => ({
  id: 'n1aaaaaaaaaaaaa',
  user: 'useraaaaaaaaaaa',
  topic: 'chat',
  title: '새 메시지 2개',
  body: '포카 아직 있나요?',
  url: '/chatting/c1aaaaaaaaaaaaa',
  created: '2026-11-22 09:00:00.000Z',
  at: '2026-11-22 09:05:00.000Z',
  updated: '2026-11-22 09:05:00.000Z',
  ...over,
});

/**
 * The checks of the Push API's declarative push message parser and of the Notifications
 * standard's "create a notification" that would make a browser treat the message as an ordinary
 * push (or drop it): a map with `web_push` 8030, a `notification` map with a string title and a
 * `navigate` URL, options of the right types, `renotify` only with a tag, `silent` not with a
 * vibration, `app_badge` (if any) a non-negative integer.
 */
function declarativeProblems(message: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (message['web_push'] !== 8030) out.push('web_push is not 8030');
  const n = message['notification'] as Record<string, unknown> | undefined;
  if (!n || typeof n !== 'object' || Array.isArray(n)) return [...out, 'no notification map'];
  if (typeof n['title'] !== 'string') out.push('title is not a string');
  if (typeof n['navigate'] !== 'string') out.push('navigate is not a string');
  else if (!URL.canParse(n['navigate'])) out.push('navigate is not a URL');
  for (const k of ['body', 'lang', 'tag', 'icon', 'badge', 'image'])
    if (k in n && typeof n[k] !== 'string') out.push(`${k} is not a string`);
  for (const k of ['icon', 'badge', 'image'])
    if (typeof n[k] === 'string' && !URL.canParse(n[k])) out.push(`${k} is not a URL`);
  if ('dir' in n && !['auto', 'ltr', 'rtl'].includes(n['dir'] as string)) out.push('bad dir');
  for (const k of ['renotify', 'silent', 'requireInteraction'])
    if (k in n && typeof n[k] !== 'boolean') out.push(`${k} is not a boolean`);
  if ('timestamp' in n && !(Number.isInteger(n['timestamp']) && (n['timestamp'] as number) >= 0))
    out.push('timestamp is not an epoch integer');
  if (n['renotify'] === true && !n['tag']) out.push('renotify without a tag');
  if (n['silent'] === true && 'vibrate' in n) out.push('silent with a vibration');
  if ('mutable' in message && typeof message['mutable'] !== 'boolean')
    out.push('mutable is not a boolean');
  if (
    'app_badge' in message &&
    !(Number.isInteger(message['app_badge']) && (message['app_badge'] as number) >= 0)
  )
    out.push('app_badge is not a non-negative integer');
  return out;
}

describe('the dispatcher’s message', () => {
  it('is a declarative push message with our fields beside it', () => {
    const m = pushMessage(row(), ORIGIN);
    expect(declarativeProblems(m)).toEqual([]);
    expect(m).toEqual({
      web_push: 8030,
      notification: {
        title: '새 메시지 2개',
        body: '포카 아직 있나요?',
        navigate: `${ORIGIN}/chatting/c1aaaaaaaaaaaaa`,
        lang: 'ko',
        dir: 'ltr',
        tag: 'n1aaaaaaaaaaaaa',
        renotify: true,
        silent: false,
        icon: `${ORIGIN}/icons/icon-192.png`,
        badge: `${ORIGIN}/icons/badge-96.png`,
        timestamp: Date.parse('2026-11-22T09:05:00.000Z'),
        data: { url: '/chatting/c1aaaaaaaaaaaaa', id: 'n1aaaaaaaaaaaaa' },
      },
      mutable: true,
      id: 'n1aaaaaaaaaaaaa',
      url: '/chatting/c1aaaaaaaaaaaaa',
      topic: 'chat',
      // the latest event's time (a chat alert is brought up to date by each message)
      created: '2026-11-22 09:05:00.000Z',
    });
  });

  it('navigates only to the app’s origin: a route that is not an app path opens the inbox', () => {
    for (const url of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'x'])
      expect(navigateUrl(url, ORIGIN)).toBe(`${ORIGIN}/alerts`);
    expect(navigateUrl('/exchangeDetail/a?b=1', ORIGIN)).toBe(`${ORIGIN}/exchangeDetail/a?b=1`);
    const m = pushMessage(row({ url: '//evil.example/x' }), ORIGIN);
    expect(m['url']).toBe('/alerts');
    expect((m['notification'] as { navigate: string }).navigate).toBe(`${ORIGIN}/alerts`);
  });

  it('takes the origin from APP_URL (a path or a trailing slash is dropped), never a non-http URL', () => {
    expect(appOrigin('https://pocamarket.example/some/path/')).toBe(ORIGIN);
    expect(appOrigin('http://127.0.0.1:8090')).toBe('http://127.0.0.1:8090');
    expect(() => appOrigin('javascript:alert(1)')).toThrow(/APP_URL/);
    expect(() => appOrigin('not a url')).toThrow();
  });

  it('stays within the size push services take, shortening only an over-long body', () => {
    const short = pushPayload(row(), ORIGIN);
    expect(JSON.parse(short)).toEqual(pushMessage(row(), ORIGIN));
    const long = pushPayload(row({ body: '가"\n'.repeat(3000) }), ORIGIN);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const parsed = JSON.parse(long) as { notification: { body: string; title: string } };
    expect(parsed.notification.body.endsWith('…')).toBe(true);
    expect(parsed.notification.body.startsWith('가"\n가')).toBe(true);
    expect(parsed.notification.title).toBe('새 메시지 2개');
  });
});

describe('the worker’s parser', () => {
  it('reads the dispatcher’s message: title and body from the notification, our fields beside it', () => {
    expect(parsePushPayload(pushPayload(row(), ORIGIN), ORIGIN)).toEqual({
      id: 'n1aaaaaaaaaaaaa',
      title: '새 메시지 2개',
      body: '포카 아직 있나요?',
      url: '/chatting/c1aaaaaaaaaaaaa',
      topic: 'chat',
      created: '2026-11-22 09:05:00.000Z',
    });
  });

  it('still reads the earlier flat shape (pushes queued before the update)', () => {
    const flat = JSON.stringify({
      id: 'p1aaaaaaaaaaaaa',
      title: '새 밋업',
      body: '본문',
      url: '/meetupDetail/xyz',
      topic: 'meetup',
      created: '2026-11-22 09:00:00.000Z',
    });
    expect(parsePushPayload(flat, ORIGIN)).toEqual({
      id: 'p1aaaaaaaaaaaaa',
      title: '새 밋업',
      body: '본문',
      url: '/meetupDetail/xyz',
      topic: 'meetup',
      created: '2026-11-22 09:00:00.000Z',
    });
  });

  it('reads a declarative message with nothing of ours beside it from its data, tag and navigate', () => {
    const bare = (notification: Record<string, unknown>) =>
      JSON.stringify({ web_push: 8030, notification });
    expect(
      parsePushPayload(
        bare({ title: 'T', navigate: `${ORIGIN}/trades/t1?x=1`, tag: 'n2aaaaaaaaaaaaa' }),
        ORIGIN,
      ),
    ).toMatchObject({ id: 'n2aaaaaaaaaaaaa', title: 'T', body: '', url: '/trades/t1?x=1' });
    expect(
      parsePushPayload(
        bare({ title: 'T', navigate: `${ORIGIN}/x`, data: { id: 'n3aaaaaaaaaaaaa', url: '/y' } }),
        ORIGIN,
      ),
    ).toMatchObject({ id: 'n3aaaaaaaaaaaaa', url: '/y' });
    // another origin's navigate never becomes a route
    expect(
      parsePushPayload(
        bare({ title: 'T', navigate: 'https://evil.example/x', tag: 'n4aaaaaaaaaaaaa' }),
        ORIGIN,
      )?.url,
    ).toBe('/alerts');
    // not ours: no id anywhere, or a bad one; or not a declarative message after all
    expect(parsePushPayload(bare({ title: 'T', navigate: `${ORIGIN}/x` }), ORIGIN)).toBeNull();
    expect(
      parsePushPayload(bare({ title: 'T', navigate: `${ORIGIN}/x`, tag: '../x' }), ORIGIN),
    ).toBeNull();
    expect(
      parsePushPayload(JSON.stringify({ web_push: 9001, notification: { title: 'T' } }), ORIGIN),
    ).toBeNull();
    expect(parsePushPayload(JSON.stringify({ web_push: 8030, notification: 'x' }))).toBeNull();
  });

  it('keeps our fields when they and the declarative ones disagree, and only app paths', () => {
    const m = pushMessage(row(), ORIGIN);
    const tampered = { ...m, url: 'javascript:alert(1)' };
    expect(parsePushPayload(JSON.stringify(tampered), ORIGIN)?.url).toBe('/alerts');
  });
});
