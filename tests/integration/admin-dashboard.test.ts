/**
 * The operator's dashboard against the real server (docs/operators.md, The dashboard;
 * pb_hooks/lib/admin-dashboard.js): after the test makes a fan, a post, a completed trade, a 제보,
 * a 신고, an alert that was never sent and three dead letters, each figure is up by exactly that;
 * the figures match what the record API counts by the same definitions; fans and guests are
 * refused. The unsent-alert bound is set to 0 ms here (DASHBOARD_PUSH_STALE_MS) so an alert
 * counts as failing at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import {
  completeReport,
  failure,
  newId,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';
import type { TestServer } from '../helpers/pocketbase.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;

const { fan } = setupCatalogueServer(
  async (env) => {
    ({ server, su, cat } = env);
  },
  { env: { DASHBOARD_PUSH_STALE_MS: '0' } },
);

interface Dashboard {
  day: string;
  since: string;
  newFans: number;
  posts: number;
  tradesCompleted: number;
  openReports: { informUs: number; chatReports: number; total: number };
  pushesFailing: number;
  deadLetters: { total: number; byKind: Record<string, number> };
}

const DASHBOARD = '/api/pocamarket/admin/dashboard';
const DEAD = '/api/pocamarket/dead-letters';

function dashboard(pb: PocketBase): Promise<Dashboard> {
  return pb.send(DASHBOARD, { requestKey: null });
}

function deadLetter(pb: PocketBase, kind: unknown): Promise<unknown> {
  return pb.send(DEAD, { method: 'POST', body: { kind }, requestKey: null });
}

async function total(collection: string, filter: string): Promise<number> {
  return (await su.collection(collection).getList(1, 1, { filter })).totalItems;
}

describe('the dashboard', () => {
  let admin: Actor;
  let fan1: Actor;
  let fan2: Actor;
  let before: Dashboard;

  beforeAll(async () => {
    [admin, fan1, fan2] = await Promise.all([fan({ role: 'admin' }), fan(), fan()]);
    before = await dashboard(admin.pb);
  });

  it('counts what happened today, each figure up by what the test did', async () => {
    await fan(); // a new fan
    await fan1.pb.collection('exchangeList').create({
      id: newId(),
      writer: fan1.id,
      photoCard: cat.card.id,
      description: '원빈 포카 교환해요',
      status: '교환대기중',
    });
    await su.collection('trades').create({
      proposer: fan1.id,
      receiver: fan2.id,
      give: [cat.card.id],
      status: 'completed',
      proposerDone: true,
      receiverDone: true,
      completedAt: new Date().toISOString().replace('T', ' '),
    });
    await fan1.pb.collection('informUs').create({ ...completeReport(fan1.id), id: newId() });
    await fan2.pb
      .collection('chatReports')
      .create({ id: newId(), reporter: fan2.id, target: fan1.id, reason: '욕설을 했어요' });
    // an alert no device took (the dispatcher does not run here): unsent
    await su.collection('notifications').create({
      user: fan2.id,
      topic: 'comment',
      title: '새 댓글',
      body: '댓글이 달렸어요',
      url: '/meetups',
      read: false,
    });
    await deadLetter(fan1.pb, 'like.set');
    await deadLetter(fan2.pb, 'like.set');
    await deadLetter(fan1.pb, 'post.create');

    const after = await dashboard(admin.pb);
    expect(after.day).toBe(before.day);
    expect(after.newFans).toBe(before.newFans + 1);
    expect(after.posts).toBe(before.posts + 1);
    expect(after.tradesCompleted).toBe(before.tradesCompleted + 1);
    expect(after.openReports.informUs).toBe(before.openReports.informUs + 1);
    expect(after.openReports.chatReports).toBe(before.openReports.chatReports + 1);
    expect(after.openReports.total).toBe(
      after.openReports.informUs + after.openReports.chatReports,
    );
    expect(after.pushesFailing).toBe(before.pushesFailing + 1);
    expect(after.deadLetters.byKind).toEqual({
      ...before.deadLetters.byKind,
      'like.set': (before.deadLetters.byKind['like.set'] ?? 0) + 2,
      'post.create': (before.deadLetters.byKind['post.create'] ?? 0) + 1,
    });
    expect(after.deadLetters.total).toBe(before.deadLetters.total + 3);

    // the same figures as the record API counts them, by the same definitions
    const since = after.since;
    expect(after.newFans).toBe(
      await total('users', `created >= "${since}" && signupPending = false`),
    );
    expect(after.posts).toBe(await total('exchangeList', `created >= "${since}"`));
    expect(after.tradesCompleted).toBe(
      await total('trades', `status = "completed" && completedAt >= "${since}"`),
    );
    expect(after.openReports.informUs).toBe(await total('informUs', 'status = "open"'));
    expect(after.pushesFailing).toBe(await total('notifications', 'sentAt = ""'));
  });

  it('starts the day at midnight in Korea', async () => {
    const d = await dashboard(admin.pb);
    expect(d.since).toMatch(/^\d{4}-\d{2}-\d{2} 15:00:00\.000Z$/);
    const start = Date.parse(d.since.replace(' ', 'T'));
    expect(Date.now() - start).toBeLessThan(24 * 60 * 60 * 1000);
    expect(Date.now() - start).toBeGreaterThanOrEqual(0);
    expect(d.day).toBe(new Date(start + 9 * 60 * 60 * 1000).toISOString().slice(0, 10));
  });

  it('refuses a dead letter without a proper kind, or from a guest, and counts nothing', async () => {
    const was = (await dashboard(admin.pb)).deadLetters.total;
    for (const kind of ['', 'like', 'like.set; DROP TABLE', 42, 'a'.repeat(30) + '.set']) {
      const err = await failure(deadLetter(fan1.pb, kind));
      expect(err.status, String(kind)).toBe(400);
      expect(err.message).toMatch(/[가-힣]/);
    }
    expect((await failure(deadLetter(server.client(), 'like.set'))).status).toBe(401);
    expect((await dashboard(admin.pb)).deadLetters.total).toBe(was);
  });

  it('is for admins only', async () => {
    expect((await failure(dashboard(fan1.pb))).status).toBe(403);
    expect((await failure(dashboard(server.client()))).status).toBe(401);
  });
});
