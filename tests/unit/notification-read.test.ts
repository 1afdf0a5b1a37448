// Alerts read state (notification.read): opening an alert queues one PATCH read=true, again and
// '모두 읽음' are no-ops for alerts already read, a pull of the server copy keeps the local read
// mark while it is queued, and pushed alerts land in the inbox without overwriting pulled ones.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import { notificationRead } from '@/domains/alerts/kinds.ts';
import { readMutation } from '@/data/outbox/index.ts';
import type { AppNotification } from '@/data/pb/records.ts';
import { storePushedNotification } from '@/data/push/inbox.ts';
import { parsePushPayload, safeAppPath } from '@/data/push/payload.ts';
import { countUnreadNotifications, listNotifications } from '@/domains/alerts/queries.ts';
import { markAllNotificationsRead, markNotificationRead } from '@/domains/alerts/writes.ts';
import { applyServerRecords } from '@/data/sync/apply.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const USER = 'useraaaaaaaaaaa';
let db: AppDB;

function alert(id: string, created: string, read = false): AppNotification {
  return {
    id,
    user: USER,
    topic: 'comment',
    title: `새 댓글 ${id}`,
    body: '',
    url: '/meetupDetail/abc',
    read,
    sentAt: created,
    at: '',
    created,
    updated: created,
  };
}

const login = () =>
  db.auth.put({ key: 'session', token: fakeToken(USER, 1), record: { id: USER } });

beforeEach(async () => {
  db = new AppDB(`alerts-${Math.random().toString(36).slice(2)}`);
  await db.notifications.bulkPut([
    alert('n1aaaaaaaaaaaaa', '2026-11-20 10:00:00.000Z'),
    alert('n2aaaaaaaaaaaaa', '2026-11-21 10:00:00.000Z'),
    alert('n3aaaaaaaaaaaaa', '2026-11-19 10:00:00.000Z', true),
  ]);
});

afterEach(async () => {
  await db.delete();
});

describe('notification.read', () => {
  it('is a PATCH of read only, idempotent, registered in the kinds', () => {
    expect(notificationRead.request({ id: 'x' })).toEqual({
      method: 'PATCH',
      collection: 'notifications',
      id: 'x',
      body: { read: true },
    });
    const m = readMutation('notification.read', { id: 'x' });
    expect('kind' in m && m.kind).toBe(notificationRead);
    expect('error' in readMutation('notification.read', { nope: 1 })).toBe(true);
  });

  it('needs a signed-in user', async () => {
    await expect(markNotificationRead('n1aaaaaaaaaaaaa', db)).rejects.toThrow('login required');
    expect(await db.outbox.count()).toBe(0);
  });

  it('queues one change per alert, and none for alerts already read or unknown', async () => {
    await login();
    expect(await countUnreadNotifications(USER, db)).toBe(2);
    expect(await markNotificationRead('n1aaaaaaaaaaaaa', db)).toBe(true);
    expect(await markNotificationRead('n1aaaaaaaaaaaaa', db)).toBe(false);
    expect(await markNotificationRead('n3aaaaaaaaaaaaa', db)).toBe(false);
    expect(await markNotificationRead('nosuchalertaaaa', db)).toBe(false);
    expect(await countUnreadNotifications(USER, db)).toBe(1);
    const rows = await db.outbox.toArray();
    expect(rows.map((r) => [r.kind, r.recordKey])).toEqual([
      ['notification.read', 'notifications/n1aaaaaaaaaaaaa'],
    ]);
  });

  it('marks all unread read at once', async () => {
    await login();
    expect(await markAllNotificationsRead(db)).toBe(2);
    expect(await markAllNotificationsRead(db)).toBe(0);
    expect(await countUnreadNotifications(USER, db)).toBe(0);
    expect(await db.outbox.count()).toBe(2);
  });

  it('keeps the read mark when the unread server copy is pulled while queued', async () => {
    await login();
    await markNotificationRead('n2aaaaaaaaaaaaa', db);
    await applyServerRecords(db, 'notifications', [
      alert('n2aaaaaaaaaaaaa', '2026-11-21 10:00:00.000Z'),
    ]);
    expect((await db.notifications.get('n2aaaaaaaaaaaaa'))?.read).toBe(true);
  });
});

describe('pushed alerts', () => {
  const payload = (over: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: 'p1aaaaaaaaaaaaa',
      title: '새 밋업이 열렸어요',
      body: 'RIIZE 생일카페',
      url: '/meetupDetail/xyz',
      topic: 'meetup',
      created: '2026-11-22T09:00:00.000Z',
      ...over,
    });

  it('reads the payload safely', () => {
    expect(parsePushPayload(payload())).toMatchObject({
      id: 'p1aaaaaaaaaaaaa',
      url: '/meetupDetail/xyz',
      created: '2026-11-22 09:00:00.000Z',
    });
    expect(parsePushPayload('not json')).toBeNull();
    expect(parsePushPayload(null)).toBeNull();
    expect(parsePushPayload(JSON.stringify({ title: 'no id' }))).toBeNull();
    expect(parsePushPayload(payload({ id: '../x' }))).toBeNull();
    expect(parsePushPayload(payload({ url: 'https://evil.example/' }))?.url).toBe('/alerts');
    expect(safeAppPath('//evil.example')).toBe('/alerts');
    expect(safeAppPath('javascript:alert(1)')).toBe('/alerts');
    expect(safeAppPath('/exchangeDetail/a?b=1')).toBe('/exchangeDetail/a?b=1');
  });

  it('lands first in the inbox, unread, for the signed-in user only', async () => {
    const p = parsePushPayload(payload())!;
    expect(await storePushedNotification(db, p)).toBe(false); // nobody signed in
    await login();
    expect(await storePushedNotification(db, p)).toBe(true);
    const list = await listNotifications(USER, db);
    expect(list[0]).toMatchObject({ id: 'p1aaaaaaaaaaaaa', read: false, topic: 'meetup' });
    expect(await countUnreadNotifications(USER, db)).toBe(3);
  });

  it('never overwrites a row already pulled (maybe read since)', async () => {
    await login();
    const p = parsePushPayload(payload({ id: 'n3aaaaaaaaaaaaa', title: 'other' }))!;
    expect(await storePushedNotification(db, p)).toBe(true);
    expect(await db.notifications.get('n3aaaaaaaaaaaaa')).toMatchObject({ read: true });
  });
});
