/**
 * Moderation against the real server (docs/operators.md, Moderation): fans' 신고 of a message, a
 * post and a comment land in one queue with the evidence kept at report time; an admin suspends,
 * unsuspends, bans, unbans, hides and unhides, each action audited with before and after, and the
 * reported fan and the reporter get alerts; a suspended fan's writes are refused in Korean with the
 * end date and store nothing; a banned fan cannot log in; fans can't read the audit log nor set
 * the moderation fields.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { PASSWORD, failure, newId, readAsSuperuser, type Actor } from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let cardId: string;
let meetUpId: string;

const { fan } = setupCatalogueServer(({ server: s, su: superuser, cat }) => {
  server = s;
  su = superuser;
  cardId = cat.card.id;
  meetUpId = cat.meetUp.id;
});

const HANGUL = /[가-힣]/;

interface Queue {
  page: number;
  perPage: number;
  totalItems: number;
  items: {
    id: string;
    kind: string;
    status: string;
    outcome: string;
    reason: string;
    evidence: string;
    reporter: { id: string; username: string };
    target: { id: string; username: string; suspendedUntil?: string; banned?: boolean };
    item: { collection: string; id: string; exists: boolean; hidden: boolean } | null;
  }[];
}

function route<T>(pb: PocketBase, path: string, body?: Record<string, unknown>): Promise<T> {
  return pb.send(`/api/pocamarket/moderation/${path}`, {
    method: body ? 'POST' : 'GET',
    ...(body ? { body } : {}),
    requestKey: null,
  });
}

async function post(writer: Actor, description = '원빈 포카 교환해요'): Promise<RecordModel> {
  return writer.pb.collection('exchangeList').create({
    id: newId(),
    writer: writer.id,
    photoCard: cardId,
    description,
    status: '교환대기중',
  });
}

async function conversationOf(x: Actor, y: Actor): Promise<string> {
  const [a, b] = [x.id, y.id].sort();
  return (await x.pb.collection('conversations').create({ a, b })).id;
}

async function auditOf(collection: string, id: string): Promise<RecordModel[]> {
  return su.collection('auditLog').getFullList({
    filter: su.filter('targetCollection = {:c} && targetId = {:id}', { c: collection, id }),
    sort: 'created',
    requestKey: null,
  });
}

async function alertsOf(userId: string): Promise<RecordModel[]> {
  return su.collection('notifications').getFullList({
    filter: su.filter('user = {:u} && topic = "report"', { u: userId }),
    sort: 'created',
    requestKey: null,
  });
}

let admin: Actor;

beforeAll(async () => {
  admin = await fan({ role: 'admin' });
});

describe('reports', () => {
  it('fan2 reports a message, a post and a comment: one queue, the evidence kept as it was', async () => {
    const [fan1, fan2] = [await fan(), await fan()];
    const conversation = await conversationOf(fan1, fan2);
    const message = await fan1.pb
      .collection('messages')
      .create({ conversation, sender: fan1.id, text: '입금 먼저 하세요 안 하면 욕함' });
    const p = await post(fan1, '사기 아님 선입금만 받아요');
    const comment = await fan1.pb
      .collection('comments')
      .create({ name: fan1.id, meetUp: meetUpId, ment: '이 카페 별로예요 바보들' });

    const made = [
      await fan2.pb.collection('chatReports').create({
        reporter: fan2.id,
        target: fan1.id,
        message: message.id,
        reason: '욕설을 했어요',
      }),
      await fan2.pb.collection('chatReports').create({
        reporter: fan2.id,
        target: fan1.id,
        post: p.id,
        reason: '선입금 사기 같아요',
      }),
      await fan2.pb.collection('chatReports').create({
        reporter: fan2.id,
        target: fan1.id,
        comment: comment.id,
        reason: '다른 팬을 모욕해요',
      }),
    ];
    for (const r of made) expect(r['status']).toBe('open');

    // the writer changes the post and the comment afterwards: the evidence is what was reported
    await fan1.pb.collection('exchangeList').update(p.id, { description: '정상적인 글이에요' });
    await fan1.pb.collection('comments').update(comment.id, { ment: '좋은 카페예요' });

    const queue = await route<Queue>(admin.pb, 'reports?status=open');
    const mine = queue.items.filter((i) => made.some((m) => m.id === i.id));
    expect(mine.map((i) => i.kind).sort()).toEqual(['comment', 'message', 'post']);
    const byKind = Object.fromEntries(mine.map((i) => [i.kind, i]));
    expect(byKind['message']!.evidence).toContain('입금 먼저 하세요');
    expect(byKind['post']!.evidence).toContain('사기 아님 선입금만 받아요');
    expect(byKind['comment']!.evidence).toBe('이 카페 별로예요 바보들');
    for (const i of mine) {
      expect(i.reporter).toEqual({ id: fan2.id, username: fan2.record['username'] });
      expect(i.target.id).toBe(fan1.id);
      expect(i.item?.exists).toBe(true);
      expect(i.status).toBe('open');
    }

    // a second open report of the same post by the same fan is refused, and stores nothing
    const again = newId();
    const err = await failure(
      fan2.pb.collection('chatReports').create({
        id: again,
        reporter: fan2.id,
        target: fan1.id,
        post: p.id,
        reason: '다시 신고',
      }),
    );
    expect(err.status).toBe(400);
    expect(err.response.message).toMatch(HANGUL);
    expect(err.response.data?.['post']?.code).toBe('validation_not_unique');
    expect(await readAsSuperuser(su, 'chatReports', again)).toBeNull();
  });

  it('refuses a report of a post by someone else than its writer, of oneself, or without a reason', async () => {
    const [fan1, fan2, fan3] = [await fan(), await fan(), await fan()];
    const p = await post(fan1);
    const cases: Record<string, unknown>[] = [
      { reporter: fan2.id, target: fan3.id, post: p.id, reason: '남의 글' },
      { reporter: fan1.id, target: fan1.id, post: p.id, reason: '내 글' },
      { reporter: fan2.id, target: fan1.id, post: p.id, reason: '   ' },
      { reporter: fan2.id, target: fan1.id, post: p.id, reason: '가'.repeat(301) },
      { reporter: fan2.id, target: fan1.id, post: p.id, reason: '상태', status: 'dismissed' },
    ];
    for (const body of cases) {
      const id = newId();
      const pb = body['reporter'] === fan1.id ? fan1.pb : fan2.pb;
      const err = await failure(pb.collection('chatReports').create({ id, ...body }));
      expect(err.status, JSON.stringify(body)).toBe(400);
      expect(err.response.message).toMatch(HANGUL);
      expect(await readAsSuperuser(su, 'chatReports', id)).toBeNull();
    }
  });

  it('only admins read the queue and act; a fan gets a Korean 403', async () => {
    const someone = await fan();
    // one call at a time: calls made together would reject before their turn is awaited
    for (const call of [
      () => route(someone.pb, 'reports'),
      () => route(someone.pb, 'suspend', { user: someone.id, days: 3, reason: '셀프' }),
      () => route(someone.pb, `users/${someone.id}`),
    ]) {
      const err = await failure(call());
      expect(err.status).toBe(403);
      expect(err.response.message).toMatch(HANGUL);
    }
    expect((await failure(route(server.client(), 'reports'))).status).toBe(401);
  });
});

describe('suspension and ban', () => {
  it('admin suspends the sender for 3 days: their next post is refused in Korean with the end date; unsuspend restores it', async () => {
    const [sender, fan2] = [await fan(), await fan()];
    const conversation = await conversationOf(sender, fan2);
    const message = await sender.pb
      .collection('messages')
      .create({ conversation, sender: sender.id, text: '선입금 안 하면 신고함' });
    const report = await fan2.pb.collection('chatReports').create({
      reporter: fan2.id,
      target: sender.id,
      message: message.id,
      reason: '협박해요',
    });

    const done = await route<{ suspendedUntil: string; auditId: string }>(admin.pb, 'suspend', {
      user: sender.id,
      days: 3,
      reason: '채팅에서 협박',
      report: report.id,
    });
    const until = Date.parse(done.suspendedUntil);
    expect(until - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(until - Date.now()).toBeLessThan(3 * 86_400_000 + 60_000);

    // the end date as the fan reads it, in Korean time
    const kst = new Date(until + 9 * 3_600_000);
    const date = `${kst.getUTCFullYear()}년 ${kst.getUTCMonth() + 1}월 ${kst.getUTCDate()}일`;

    const id = newId();
    const err = await failure(
      sender.pb.collection('exchangeList').create({
        id,
        writer: sender.id,
        photoCard: cardId,
        description: '정지 중에 쓰는 글',
        status: '교환대기중',
      }),
    );
    expect(err.status).toBe(400);
    expect(err.response.message).toContain('이용이 정지된 계정이에요');
    expect(err.response.message).toContain(date);
    expect(err.response.message).toContain('채팅에서 협박');
    expect(err.response.data?.['account']?.code).toBe('validation_suspended');
    expect(await readAsSuperuser(su, 'exchangeList', id)).toBeNull();

    // other writes too: a message, a like, a profile change; the exceptions still work
    const msg = newId();
    await failure(
      sender.pb
        .collection('messages')
        .create({ id: msg, conversation, sender: sender.id, text: '안녕' }),
    );
    expect(await readAsSuperuser(su, 'messages', msg)).toBeNull();
    await failure(sender.pb.collection('likes').create({ user: sender.id, photoCard: cardId }));
    await failure(sender.pb.collection('users').update(sender.id, { name: '바꾼이름' }));
    // the 회원정보 수정 route too, which saves without the record hooks
    const before = await su.collection('users').getOne(sender.id);
    const viaRoute = await failure(
      sender.pb.send('/api/pocamarket/profile', {
        method: 'POST',
        body: { username: `${before['username']}x` },
      }),
    );
    expect(viaRoute.response.message).toContain('이용이 정지된 계정이에요');
    expect((await su.collection('users').getOne(sender.id))['username']).toBe(before['username']);
    const alerts = await alertsOf(sender.id);
    expect(alerts.length).toBeGreaterThan(0);
    await sender.pb.collection('notifications').update(alerts[0]!.id, { read: true });

    // the fan reads why and until when; others read nothing of it
    const me: { suspendedUntil: string; suspendReason: string; message: string } =
      await sender.pb.send('/api/pocamarket/standing', { requestKey: null });
    expect(me.suspendedUntil).toBe(done.suspendedUntil);
    expect(me.suspendReason).toBe('채팅에서 협박');
    expect(me.message).toContain(date);
    const seen = await fan2.pb.collection('users').getOne(sender.id);
    expect(seen['suspendedUntil']).toBeUndefined();
    expect(seen['suspendReason']).toBeUndefined();

    // both fans were told; the report is closed with the action
    const told = alerts.map((a) => a['title']);
    expect(told).toContain('이용이 정지되었어요');
    expect(alerts.find((a) => a['title'] === '이용이 정지되었어요')!['body']).toContain(date);
    expect((await alertsOf(fan2.id)).map((a) => a['title'])).toContain(
      '신고하신 내용을 처리했어요',
    );
    const closed = await readAsSuperuser(su, 'chatReports', report.id);
    expect(closed?.['status']).toBe('actioned');
    expect(closed?.['outcome']).toBe('user.suspend');

    // audited, with before and after
    const [entry] = (await auditOf('users', sender.id)).filter(
      (a) => a['action'] === 'user.suspend',
    );
    expect(entry!['actor']).toBe(admin.id);
    expect(entry!['reason']).toBe('채팅에서 협박');
    expect(entry!['before']['suspendedUntil']).toBe('');
    expect(entry!['after']['suspendedUntil']).not.toBe('');

    await route(admin.pb, 'unsuspend', { user: sender.id, reason: '소명을 받아들였어요' });
    const again = await post(sender, '정지가 풀린 뒤의 글');
    expect((await readAsSuperuser(su, 'exchangeList', again.id))?.['description']).toBe(
      '정지가 풀린 뒤의 글',
    );
    expect((await auditOf('users', sender.id)).map((a) => a['action'])).toEqual([
      'user.suspend',
      'user.unsuspend',
    ]);
    expect((await alertsOf(sender.id)).map((a) => a['title'])).toContain('이용 정지가 풀렸어요');
  });

  it('refuses bad input in Korean and changes nothing', async () => {
    const target = await fan();
    for (const body of [
      { user: target.id, days: 0, reason: '기간' },
      { user: target.id, days: 366, reason: '기간' },
      { user: target.id, days: 2.5, reason: '기간' },
      { user: target.id, days: 3, reason: '' },
      { user: target.id, days: 3, reason: '가'.repeat(301) },
      { user: 'nosuchuser00000', days: 3, reason: '없음' },
      { user: admin.id, days: 3, reason: '관리자' },
    ]) {
      const err = await failure(route(admin.pb, 'suspend', body));
      expect(err.status, JSON.stringify(body)).toBe(400);
      expect(err.response.message).toMatch(HANGUL);
    }
    expect((await readAsSuperuser(su, 'users', target.id))?.['suspendedUntil']).toBe('');
    expect(await auditOf('users', target.id)).toHaveLength(0);
  });

  it('a ban blocks login and ends the sessions; unban lets the fan in again', async () => {
    const target = await fan();
    await route(admin.pb, 'ban', { user: target.id, reason: '사기 반복' });
    const err = await failure(
      server.client().collection('users').authWithPassword(target.email, PASSWORD),
    );
    expect(err.status).toBe(403);
    expect(err.response.message).toContain('이용이 영구 정지된 계정이에요');
    expect(err.response.message).toContain('사기 반복');
    // the old session no longer works
    expect(
      (await failure(target.pb.collection('users').authRefresh())).status,
    ).toBeGreaterThanOrEqual(400);
    expect(await readAsSuperuser(su, 'users', target.id)).toMatchObject({ banned: true });

    await route(admin.pb, 'unban', { user: target.id, reason: '오해였어요' });
    const pb = server.client();
    await pb.collection('users').authWithPassword(target.email, PASSWORD);
    expect(pb.authStore.isValid).toBe(true);
    expect((await auditOf('users', target.id)).map((a) => a['action'])).toEqual([
      'user.ban',
      'user.unban',
    ]);
  });

  it('a warning is an alert and an audit entry', async () => {
    const target = await fan();
    await route(admin.pb, 'warn', { user: target.id, reason: '광고 글' });
    const alerts = await alertsOf(target.id);
    expect(alerts.map((a) => a['title'])).toContain('운영 정책 위반으로 경고를 받았어요');
    expect((await auditOf('users', target.id)).map((a) => a['action'])).toEqual(['user.warn']);
  });
});

describe('hidden content', () => {
  it('admin hides a post: fans still read it with hidden set; unhide shows it again; both audited', async () => {
    const [writer, reporter, reader] = [await fan(), await fan(), await fan()];
    const p = await post(writer, '광고 글이에요');
    const report = await reporter.pb.collection('chatReports').create({
      reporter: reporter.id,
      target: writer.id,
      post: p.id,
      reason: '광고예요',
    });
    await route(admin.pb, 'hide', { collection: 'exchangeList', id: p.id, reason: '광고' });

    const seen = await reader.pb.collection('exchangeList').getOne(p.id);
    expect(seen['hidden']).toBe(true);
    expect(seen['hiddenReason']).toBeUndefined();
    const pulled: { collections: Record<string, { items: Record<string, unknown>[] }> } =
      await reader.pb.send('/api/pocamarket/pull', {
        method: 'POST',
        body: { collections: [{ name: 'exchangeList' }] },
        requestKey: null,
      });
    expect(
      pulled.collections['exchangeList']!.items.find((r) => r['id'] === p.id)?.['hidden'],
    ).toBe(true);
    // every open report of the post was closed; the writer and the reporter were told
    expect((await readAsSuperuser(su, 'chatReports', report.id))?.['status']).toBe('actioned');
    expect((await alertsOf(writer.id)).map((a) => a['title'])).toContain(
      '운영 정책에 따라 회원님의 글이 가려졌어요',
    );
    expect((await alertsOf(reporter.id)).map((a) => a['title'])).toContain(
      '신고하신 내용을 처리했어요',
    );

    // nobody but the routes sets it: the writer can't unhide, an admin's record request can't
    for (const pb of [writer.pb, admin.pb]) {
      await failure(pb.collection('exchangeList').update(p.id, { hidden: false }));
    }
    await failure(
      writer.pb.collection('exchangeList').create({
        id: newId(),
        writer: writer.id,
        photoCard: cardId,
        description: '처음부터 가림',
        status: '교환대기중',
        hidden: true,
      }),
    );
    expect((await readAsSuperuser(su, 'exchangeList', p.id))?.['hidden']).toBe(true);

    await route(admin.pb, 'unhide', { collection: 'exchangeList', id: p.id, reason: '재검토' });
    expect((await reader.pb.collection('exchangeList').getOne(p.id))['hidden']).toBe(false);
    const log = await auditOf('exchangeList', p.id);
    expect(log.map((a) => a['action'])).toEqual(['content.hide', 'content.unhide']);
    expect(log[0]!['before']['hidden']).toBe(false);
    expect(log[0]!['after']['hidden']).toBe(true);
    expect(log[0]!['after']['hiddenReason']).toBe('광고');
  });

  it('hides a comment and a message; dismiss and reopen a report', async () => {
    const [writer, reporter] = [await fan(), await fan()];
    const comment = await writer.pb
      .collection('comments')
      .create({ name: writer.id, meetUp: meetUpId, ment: '스팸 댓글' });
    await route(admin.pb, 'hide', { collection: 'comments', id: comment.id, reason: '스팸' });
    expect((await reporter.pb.collection('comments').getOne(comment.id))['hidden']).toBe(true);

    const conversation = await conversationOf(writer, reporter);
    const message = await writer.pb
      .collection('messages')
      .create({ conversation, sender: writer.id, text: '나쁜 말' });
    const excerpt = async () =>
      (await reporter.pb.collection('conversations').getOne(conversation))['lastMessage'];
    expect(await excerpt()).toBe('나쁜 말');
    await route(admin.pb, 'hide', { collection: 'messages', id: message.id, reason: '욕설' });
    expect((await reporter.pb.collection('messages').getOne(message.id))['hidden']).toBe(true);
    // the conversation list's excerpt of it is the notice, and its text again once shown
    expect(await excerpt()).toBe('운영 정책에 따라 가려진 메시지예요.');
    await route(admin.pb, 'unhide', { collection: 'messages', id: message.id, reason: '재검토' });
    expect(await excerpt()).toBe('나쁜 말');
    await route(admin.pb, 'hide', { collection: 'messages', id: message.id, reason: '욕설' });

    const report = await reporter.pb.collection('chatReports').create({
      reporter: reporter.id,
      target: writer.id,
      reason: '그냥 싫어요',
    });
    await route(admin.pb, 'dismiss', { report: report.id, reason: '위반이 아니에요' });
    expect((await readAsSuperuser(su, 'chatReports', report.id))?.['status']).toBe('dismissed');
    expect((await alertsOf(reporter.id)).map((a) => a['title'])).toContain(
      '신고하신 내용을 검토했어요',
    );
    await route(admin.pb, 'reopen', { report: report.id, reason: '다시 볼게요' });
    expect((await readAsSuperuser(su, 'chatReports', report.id))?.['status']).toBe('open');
    expect((await auditOf('chatReports', report.id)).map((a) => a['action'])).toEqual([
      'report.dismiss',
      'report.reopen',
    ]);
  });
});

describe('who reads and sets what', () => {
  it('a fan cannot read the audit log', async () => {
    const someone = await fan();
    await route(admin.pb, 'warn', { user: someone.id, reason: '기록 남기기' });
    expect(await someone.pb.collection('auditLog').getFullList({ requestKey: null })).toHaveLength(
      0,
    );
    expect(
      (await admin.pb.collection('auditLog').getList(1, 5, { requestKey: null })).totalItems,
    ).toBeGreaterThan(0);
  });

  it('a fan cannot set their own moderation fields (ignored or refused)', async () => {
    const self = await fan();
    const before = await readAsSuperuser(su, 'users', self.id);
    for (const body of [
      { suspendedUntil: '2030-01-01 00:00:00.000Z' },
      { suspendReason: '스스로' },
      { banned: true },
      { banReason: 'x' },
    ]) {
      await self.pb
        .collection('users')
        .update(self.id, body)
        .catch(() => null);
    }
    const after = await readAsSuperuser(su, 'users', self.id);
    for (const f of ['suspendedUntil', 'suspendReason', 'banned', 'banReason']) {
      expect(after?.[f], f).toEqual(before?.[f]);
    }
    // and can still write: nothing of it took
    await post(self, '정지되지 않은 글');
  });
});
