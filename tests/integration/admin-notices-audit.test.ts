/**
 * The audit entries of 공지사항 against the real server (docs/operators.md, The console, The audit
 * log): an admin's create, edit and delete of a notice each write one `auditLog` row (the admin,
 * the action, the notice, its fields before and after), in the change's transaction, so a
 * refused write leaves none; a superuser's writes (the dashboard) are audited too, with no actor
 * and the superuser's email as the name; the console's queries (newest first, keyset pages, an
 * action prefix, one admin) answer as the viewer expects; and a fan or a guest can't read the log
 * or write into it, nor can an admin change an entry.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { SUPERUSER, type TestServer } from '../helpers/pocketbase.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import { failure, newId, readAsSuperuser } from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;

const { fan } = setupServer((env) => {
  ({ server, su } = env);
});

/** A notice's audit entries, oldest first (the superuser's view: the server's truth). */
async function entriesOf(id: string): Promise<RecordModel[]> {
  return su.collection('auditLog').getFullList({
    filter: su.filter('targetCollection = "notices" && targetId = {:id}', { id }),
    sort: 'created,action',
    requestKey: null,
  });
}

const STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;

describe("an admin's notices in the audit log", () => {
  it('create, edit and delete each write one entry with the admin and the fields before and after', async () => {
    const admin = await fan({ role: 'admin' });
    const id = newId();
    await admin.pb
      .collection('notices')
      .create({ id, title: '  점검 안내 ', body: '새벽 2시에 점검해요.', pinned: false });

    const [created, ...none] = await entriesOf(id);
    expect(none).toEqual([]);
    expect(created).toMatchObject({
      actor: admin.id,
      actorName: admin.record['username'],
      action: 'notice.create',
      targetCollection: 'notices',
      targetId: id,
      reason: '',
      before: null,
    });
    // the notice as stored: trimmed by the notice hook, dated now
    expect(created!['after']).toMatchObject({ id, title: '점검 안내', pinned: false });
    expect(String(created!['after'].published)).toMatch(STAMP);

    await admin.pb
      .collection('notices')
      .update(id, { body: '점검이 1시간으로 늘었어요.', pinned: true });
    const updated = (await entriesOf(id)).filter((e) => e['action'] === 'notice.update');
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ actor: admin.id, targetId: id });
    expect(updated[0]!['before']).toMatchObject({
      title: '점검 안내',
      body: '새벽 2시에 점검해요.',
      pinned: false,
    });
    expect(updated[0]!['after']).toMatchObject({
      title: '점검 안내',
      body: '점검이 1시간으로 늘었어요.',
      pinned: true,
    });

    await admin.pb.collection('notices').delete(id);
    expect(await readAsSuperuser(su, 'notices', id)).toBeNull();
    const deleted = (await entriesOf(id)).filter((e) => e['action'] === 'notice.delete');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ actor: admin.id, after: null });
    expect(deleted[0]!['before']).toMatchObject({
      id,
      body: '점검이 1시간으로 늘었어요.',
      pinned: true,
    });
    expect((await entriesOf(id)).map((e) => e['action']).sort()).toEqual([
      'notice.create',
      'notice.delete',
      'notice.update',
    ]);
  });

  it('a refused write (a blank title) stores nothing and leaves no entry', async () => {
    const admin = await fan({ role: 'admin' });
    const id = newId();
    const err = await failure(
      admin.pb.collection('notices').create({ id, title: '  ', body: '내용' }),
    );
    expect(err.status).toBe(400);
    expect(err.response.data?.['title']?.message).toBe('공지 제목을 입력해주세요.');
    expect(await readAsSuperuser(su, 'notices', id)).toBeNull();
    expect(await entriesOf(id)).toEqual([]);

    const ok = await admin.pb.collection('notices').create({ title: '제목', body: '내용' });
    const refused = await failure(admin.pb.collection('notices').update(ok.id, { body: ' ' }));
    expect(refused.status).toBe(400);
    expect((await readAsSuperuser(su, 'notices', ok.id))?.['body']).toBe('내용');
    expect((await entriesOf(ok.id)).map((e) => e['action'])).toEqual(['notice.create']);
  });

  it("a superuser's edits through the dashboard are audited with no actor and their email", async () => {
    const made = await su.collection('notices').create({ title: '운영 공지', body: '내용' });
    await su.collection('notices').update(made.id, { title: '운영 공지 (수정)' });
    await su.collection('notices').delete(made.id);
    const entries = await entriesOf(made.id);
    expect(entries.map((e) => e['action']).sort()).toEqual([
      'notice.create',
      'notice.delete',
      'notice.update',
    ]);
    for (const e of entries) {
      expect(e['actor']).toBe('');
      expect(e['actorName']).toBe(SUPERUSER.email);
    }
    const update = entries.find((e) => e['action'] === 'notice.update')!;
    expect(update['before']).toMatchObject({ title: '운영 공지' });
    expect(update['after']).toMatchObject({ title: '운영 공지 (수정)' });
  });
});

describe("the console's reads of the log", () => {
  it('newest first, in keyset pages, narrowed by action prefix and by admin', async () => {
    const [a, b] = [await fan({ role: 'admin' }), await fan({ role: 'admin' })];
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const n = await a.pb.collection('notices').create({ title: `공지 ${i}`, body: '내용' });
      ids.push(n.id);
    }
    await b.pb.collection('notices').update(ids[0]!, { pinned: true });

    // one admin's entries, newest first: what the viewer's actor filter asks
    const mine = await a.pb.collection('auditLog').getList(1, 2, {
      filter: a.pb.filter('actor = {:actor} && action ~ {:prefix}', {
        actor: a.id,
        prefix: 'notice.%',
      }),
      sort: '-created,-id',
      fields: 'id,created,actor,actorName,action,targetCollection,targetId,reason',
      skipTotal: true,
    });
    expect(mine.items.map((e) => e['targetId'])).toEqual([ids[2], ids[1]]);
    // only the columns asked for: the list never carries before/after
    expect(mine.items[0]).not.toHaveProperty('before');

    // the next page after the last one shown
    const last = mine.items[1]!;
    const next = await a.pb.collection('auditLog').getList(1, 2, {
      filter: a.pb.filter(
        'actor = {:actor} && (created < {:at} || (created = {:at} && id < {:id}))',
        { actor: a.id, at: last['created'], id: last.id },
      ),
      sort: '-created,-id',
      skipTotal: true,
    });
    expect(next.items.map((e) => e['targetId'])).toEqual([ids[0]]);

    const theirs = await a.pb.collection('auditLog').getFullList({
      filter: a.pb.filter('actor = {:actor}', { actor: b.id }),
    });
    expect(theirs.map((e) => [e['action'], e['targetId']])).toEqual([['notice.update', ids[0]]]);

    // an action of another kind does not match the prefix
    const other = await a.pb.collection('auditLog').getList(1, 1, {
      filter: a.pb.filter('action ~ {:prefix}', { prefix: 'card.%' }),
    });
    expect(other.items).toEqual([]);
  });
});

describe('who can read and write the log', () => {
  it('a fan or a guest reads nothing; nobody writes or changes an entry through the API', async () => {
    const admin = await fan({ role: 'admin' });
    const reader = await fan();
    const guest = server.client();
    const n = await admin.pb.collection('notices').create({ title: '공지', body: '내용' });
    const [entry] = await entriesOf(n.id);
    expect(entry).toBeDefined();

    for (const pb of [reader.pb, guest]) {
      const listed = await pb.collection('auditLog').getList(1, 50);
      expect(listed.items).toEqual([]);
      expect(listed.totalItems).toBe(0);
      expect((await failure(pb.collection('auditLog').getOne(entry!.id))).status).toBe(404);
      expect([400, 403]).toContain(
        (
          await failure(
            pb.collection('auditLog').create({ action: 'notice.create', actorName: '가짜' }),
          )
        ).status,
      );
    }

    // an admin reads it, and can't forge, change or remove an entry
    expect((await admin.pb.collection('auditLog').getOne(entry!.id))['action']).toBe(
      'notice.create',
    );
    const before = await readAsSuperuser(su, 'auditLog', entry!.id);
    const forged = newId();
    expect([400, 403]).toContain(
      (
        await failure(
          admin.pb.collection('auditLog').create({ id: forged, action: 'notice.delete' }),
        )
      ).status,
    );
    expect(await readAsSuperuser(su, 'auditLog', forged)).toBeNull();
    expect([403, 404]).toContain(
      (await failure(admin.pb.collection('auditLog').update(entry!.id, { reason: '지움' }))).status,
    );
    expect([403, 404]).toContain(
      (await failure(admin.pb.collection('auditLog').delete(entry!.id))).status,
    );
    expect(await readAsSuperuser(su, 'auditLog', entry!.id)).toEqual(before);
  });
});
