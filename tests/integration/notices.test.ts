/**
 * 공지사항 against the real server (docs/data-model.md, notices): an admin (users.role = admin)
 * writes, changes and deletes notices; fans and guests read them (list, view and the pull route)
 * and cannot write; a blank title or body is refused with a Korean 400 that stores nothing; a
 * notice without a date is dated now; a deleted notice leaves a public tombstone, so every
 * device drops it on its next pull.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import { failure, newId, readAsSuperuser } from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;

const { fan } = setupServer((env) => {
  ({ server, su } = env);
});

const HANGUL = /[가-힣]/;

async function pull(pb: PocketBase, name: string): Promise<Record<string, unknown>[]> {
  const res: { collections: Record<string, { items: Record<string, unknown>[] }> } = await pb.send(
    '/api/pocamarket/pull',
    { method: 'POST', body: { collections: [{ name }] }, requestKey: null },
  );
  return res.collections[name]!.items;
}

describe('notices', () => {
  it('an admin writes one; fans and guests read it, in lists, by id and through the pull', async () => {
    const admin = await fan({ role: 'admin' });
    const reader = await fan();
    const guest = server.client();
    const id = newId();
    const made = await admin.pb.collection('notices').create({
      id,
      title: '  점검 안내  ',
      body: '11월 30일 새벽 2시부터 30분 동안 점검해요.',
      pinned: true,
    });
    // trimmed, and dated now since no date was given
    expect(made['title']).toBe('점검 안내');
    expect(String(made['published'])).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect(
      Math.abs(Date.parse(String(made['published']).replace(' ', 'T')) - Date.now()),
    ).toBeLessThan(60_000);

    for (const pb of [reader.pb, guest]) {
      expect((await pb.collection('notices').getOne(id))['body']).toContain('점검');
      const listed = await pb.collection('notices').getFullList({ requestKey: null });
      expect(listed.map((r) => r.id)).toContain(id);
      expect((await pull(pb, 'notices')).map((r) => r['id'])).toContain(id);
    }

    await admin.pb.collection('notices').update(id, { body: '점검 시간이 1시간으로 늘었어요.' });
    expect((await readAsSuperuser(su, 'notices', id))?.['body']).toBe(
      '점검 시간이 1시간으로 늘었어요.',
    );

    await admin.pb.collection('notices').delete(id);
    expect(await readAsSuperuser(su, 'notices', id)).toBeNull();
    // everyone learns of the delete (a public tombstone)
    const stones = await guest.collection('tombstones').getFullList({
      filter: `recordCollection = "notices" && recordId = "${id}"`,
      requestKey: null,
    });
    expect(stones).toHaveLength(1);
  });

  it('a fan or a guest cannot write, change or delete one, and nothing changes', async () => {
    const reader = await fan();
    const guest = server.client();
    const fixture = await su
      .collection('notices')
      .create({ title: '공지', body: '내용', published: '2026-11-01 00:00:00.000Z' });
    const before = await readAsSuperuser(su, 'notices', fixture.id);
    for (const pb of [reader.pb, guest]) {
      const id = newId();
      const err = await failure(
        pb.collection('notices').create({ id, title: '가짜 공지', body: '스팸' }),
      );
      expect([400, 403]).toContain(err.status);
      expect(await readAsSuperuser(su, 'notices', id)).toBeNull();
      expect([403, 404]).toContain(
        (await failure(pb.collection('notices').update(fixture.id, { title: '바뀜' }))).status,
      );
      expect([403, 404]).toContain(
        (await failure(pb.collection('notices').delete(fixture.id))).status,
      );
    }
    expect(await readAsSuperuser(su, 'notices', fixture.id)).toEqual(before);
  });

  it('refuses a blank title or body with a Korean message and stores nothing', async () => {
    const admin = await fan({ role: 'admin' });
    for (const [body, field] of [
      [{ title: '   ', body: '내용' }, 'title'],
      [{ title: '제목', body: ' \n ' }, 'body'],
    ] as const) {
      const id = newId();
      const err = await failure(admin.pb.collection('notices').create({ id, ...body }));
      expect(err.status).toBe(400);
      expect(err.response.message).toMatch(HANGUL);
      expect(err.response.data?.[field], field).toBeDefined();
      expect(await readAsSuperuser(su, 'notices', id)).toBeNull();
    }
    const ok = await admin.pb.collection('notices').create({ title: '제목', body: '내용' });
    const err = await failure(admin.pb.collection('notices').update(ok.id, { body: '' }));
    expect(err.status).toBe(400);
    expect(err.response.message).toMatch(HANGUL);
    expect((await readAsSuperuser(su, 'notices', ok.id))?.['body']).toBe('내용');
  });

  it('keeps a title to 100 characters and a body to 5,000', async () => {
    const admin = await fan({ role: 'admin' });
    const long = await failure(
      admin.pb.collection('notices').create({ title: '가'.repeat(101), body: '내용' }),
    );
    expect(long.status).toBe(400);
    expect(long.response.message).toMatch(HANGUL);
    const big = await failure(
      admin.pb.collection('notices').create({ title: '제목', body: '가'.repeat(5001) }),
    );
    expect(big.status).toBe(400);
  });
});
