/**
 * Reports (informUs) against the real server: who may create, list, view and delete them (API
 * rules in pb_migrations/1763700000_init_collections.js and 1764530000_protected_files.js) and
 * what each report type must carry (pb_hooks/reports.pb.js). Sent as multipart, like the outbox
 * sends them. Their images' stored names, quotas and tokens: uploads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { PNG } from 'pngjs';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';
import { createUser, failure, newId, readAsSuperuser, type Actor } from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let fan1: Actor;
let fan2: Actor;
let admin: Actor;

beforeAll(async () => {
  server = await startTestServer({ publicDir: null });
  su = await server.admin();
  [fan1, fan2, admin] = await Promise.all([
    createUser(server, su),
    createUser(server, su),
    createUser(server, su, { role: 'admin' }),
  ]);
});

afterAll(async () => {
  await server?.stop();
});

function png(): Blob {
  const img = new PNG({ width: 4, height: 4 });
  img.data.fill(200);
  return new Blob([new Uint8Array(PNG.sync.write(img))], { type: 'image/png' });
}

type Fields = Record<string, string | Blob>;

const phoca = (user: string): Fields => ({
  user,
  type: 'phoca',
  phocaImg: png(),
  group: 'RIIZE',
  artistName: '원빈',
  phocaType: '앨범',
  phocaTitle: 'Get A Guitar 앨범 포카',
});

const meetup = (user: string): Fields => ({
  user,
  type: 'meetup',
  meetUpImg: png(),
  group: 'RIIZE',
  artistName: '원빈',
  cafeName: '카페 포카',
  cafeAddress: '서울 마포구 양화로 45 2층',
  meetUpDuration: '2026.12.01 - 2026.12.03',
  SourceURL_: 'https://x.com/pocamarket/status/1',
});

function form(fields: Fields, without: string[] = []): FormData {
  const body = new FormData();
  body.set('id', newId());
  for (const [k, v] of Object.entries(fields)) {
    if (!without.includes(k)) body.set(k, v);
  }
  return body;
}

describe('who may create reports', () => {
  it('anonymous: refused, nothing stored', async () => {
    const body = form(phoca(fan1.id));
    const id = body.get('id') as string;
    const err = await failure(server.client().collection('informUs').create(body));
    expect(err.status).toBeGreaterThanOrEqual(400);
    expect(await su.collection('informUs').getList(1, 1, { filter: `id = "${id}"` })).toMatchObject(
      { totalItems: 0 },
    );
  });

  it('a user cannot create a report in someone else’s name', async () => {
    const err = await failure(fan2.pb.collection('informUs').create(form(phoca(fan1.id))));
    expect(err.status).toBe(400);
    expect(
      (await su.collection('informUs').getFullList({ filter: `user = "${fan1.id}"` })).length,
    ).toBe(0);
  });

  it('a complete photo card report and a complete meetup report are stored with their image', async () => {
    const a = await fan1.pb.collection('informUs').create(form(phoca(fan1.id)));
    expect(a['phocaImg']).toMatch(/\.png$/);
    expect(a['phocaType']).toBe('앨범');
    const b = await fan1.pb.collection('informUs').create(form(meetup(fan1.id)));
    expect(b['meetUpImg']).toMatch(/\.png$/);
    expect(b['cafeAddress']).toBe('서울 마포구 양화로 45 2층');
  });
});

describe('each report type must carry its fields', () => {
  const PHOCA_REQUIRED = ['phocaImg', 'group', 'artistName', 'phocaType', 'phocaTitle'];
  const MEETUP_REQUIRED = [
    'meetUpImg',
    'group',
    'artistName',
    'cafeName',
    'cafeAddress',
    'meetUpDuration',
    'SourceURL_',
  ];

  it.each(PHOCA_REQUIRED)('photo card report without %s: 400 with a Korean message', async (f) => {
    const err = await failure(fan1.pb.collection('informUs').create(form(phoca(fan1.id), [f])));
    expect(err.status).toBe(400);
    const data = err.response['data'] as Record<string, { code: string; message: string }>;
    expect(Object.keys(data)).toContain(f);
    expect(data[f]!.message).toMatch(/[가-힣]/);
  });

  it.each(MEETUP_REQUIRED)('meetup report without %s: 400 with a Korean message', async (f) => {
    const err = await failure(fan1.pb.collection('informUs').create(form(meetup(fan1.id), [f])));
    expect(err.status).toBe(400);
    const data = err.response['data'] as Record<string, { code: string; message: string }>;
    expect(Object.keys(data)).toContain(f);
    expect(data[f]!.message).toMatch(/[가-힣]/);
  });

  it('blank text counts as missing', async () => {
    const err = await failure(
      fan1.pb.collection('informUs').create(form({ ...phoca(fan1.id), phocaTitle: '   ' })),
    );
    expect(err.status).toBe(400);
    expect(Object.keys(err.response['data'] as object)).toContain('phocaTitle');
  });

  it('a photo card type outside the five is refused', async () => {
    const err = await failure(
      fan1.pb.collection('informUs').create(form({ ...phoca(fan1.id), phocaType: '포스터' })),
    );
    expect(err.status).toBe(400);
    expect(Object.keys(err.response['data'] as object)).toContain('phocaType');
  });

  it.each(['not a link', 'ftp://files.example.com/a', 'javascript:alert(1)', 'x.com/status/1'])(
    'a source link that is not http(s) is refused: %s',
    async (url) => {
      const err = await failure(
        fan1.pb.collection('informUs').create(form({ ...meetup(fan1.id), SourceURL_: url })),
      );
      expect(err.status).toBe(400);
      expect(Object.keys(err.response['data'] as object)).toContain('SourceURL_');
    },
  );

  it('an image that is not PNG, JPEG, WEBP or GIF is refused', async () => {
    const body = form(phoca(fan1.id), ['phocaImg']);
    body.set('phocaImg', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    const err = await failure(fan1.pb.collection('informUs').create(body));
    expect(err.status).toBe(400);
    expect(Object.keys(err.response['data'] as object)).toContain('phocaImg');
  });

  it('an image over 5 MB is refused', async () => {
    const body = form(phoca(fan1.id), ['phocaImg']);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(new Uint8Array(await png().arrayBuffer()));
    body.set('phocaImg', new Blob([big], { type: 'image/png' }), 'big.png');
    const err = await failure(fan1.pb.collection('informUs').create(body));
    expect(err.status).toBe(400);
    expect(Object.keys(err.response['data'] as object)).toContain('phocaImg');
  });
});

describe('who may read reports', () => {
  let mine: string;

  beforeAll(async () => {
    mine = (await fan1.pb.collection('informUs').create(form(meetup(fan1.id)))).id;
    await fan2.pb.collection('informUs').create(form(phoca(fan2.id)));
  });

  it('another user can neither list nor view it', async () => {
    const listed = await fan2.pb.collection('informUs').getFullList();
    expect(listed.every((r) => r['user'] === fan2.id)).toBe(true);
    expect(listed.some((r) => r.id === mine)).toBe(false);
    expect((await failure(fan2.pb.collection('informUs').getOne(mine))).status).toBe(404);
  });

  it('anonymous can neither list nor view it', async () => {
    const anon = server.client();
    expect((await anon.collection('informUs').getList(1, 50)).totalItems).toBe(0);
    expect((await failure(anon.collection('informUs').getOne(mine))).status).toBe(404);
  });

  // Kept on purpose: the outbox's exactly-once replay reads back its own created record by id
  // (a replayed create answering "id taken" is a success only when the record is the user's).
  it('the author can view and list their own report', async () => {
    const own = await fan1.pb.collection('informUs').getOne(mine);
    expect(own['user']).toBe(fan1.id);
    const listed = await fan1.pb.collection('informUs').getFullList();
    expect(listed.map((r) => r.id)).toContain(mine);
    expect(listed.every((r) => r['user'] === fan1.id)).toBe(true);
  });

  it('an admin (role admin) lists and views everyone’s reports', async () => {
    const listed = await admin.pb.collection('informUs').getFullList();
    const users = new Set(listed.map((r) => r['user']));
    expect(users.has(fan1.id)).toBe(true);
    expect(users.has(fan2.id)).toBe(true);
    expect((await admin.pb.collection('informUs').getOne(mine))['user']).toBe(fan1.id);
  });

  it('nobody but a superuser updates a report', async () => {
    for (const actor of [fan1, admin]) {
      await failure(actor.pb.collection('informUs').update(mine, { cafeName: 'changed' }));
    }
    expect((await su.collection('informUs').getOne(mine))['cafeName']).toBe('카페 포카');
  });
});

describe('who may delete reports', () => {
  /** The report's folder under the data dir's storage (its image, .attrs and thumbs). */
  const folder = (r: RecordModel) => join(server.dataDir, 'storage', r.collectionId, r.id);
  const tombstoneOf = (id: string) =>
    su.collection('tombstones').getFullList({
      filter: su.filter('recordCollection = "informUs" && recordId = {:id}', { id }),
    });

  it('the author deletes their report: the record, its image file and a tombstone for them', async () => {
    const r = await fan1.pb.collection('informUs').create(form(phoca(fan1.id)));
    expect(existsSync(join(folder(r), r['phocaImg'] as string))).toBe(true);
    await fan1.pb.collection('informUs').delete(r.id);
    expect(await readAsSuperuser(su, 'informUs', r.id)).toBeNull();
    // PocketBase removes a deleted record's files after the delete has answered
    await expect.poll(() => existsSync(folder(r)), { timeout: 10_000 }).toBe(false);
    expect((await tombstoneOf(r.id)).map((t) => t['owner'])).toEqual([fan1.id]);
  });

  it('an admin deletes anyone’s report, its file with it; every admin learns of it', async () => {
    const other = await createUser(server, su, { role: 'admin' });
    const r = await fan2.pb.collection('informUs').create(form(meetup(fan2.id)));
    await admin.pb.collection('informUs').delete(r.id);
    expect(await readAsSuperuser(su, 'informUs', r.id)).toBeNull();
    await expect.poll(() => existsSync(folder(r)), { timeout: 10_000 }).toBe(false);
    // another admin's device drops it on its next pull; other fans never see the tombstone
    const seen = (pb: typeof other.pb) =>
      pb
        .collection('tombstones')
        .getFullList({ filter: pb.filter('recordId = {:id}', { id: r.id }) })
        .then((list) => list.length);
    expect(await seen(other.pb)).toBe(1);
    expect(await seen(fan2.pb)).toBe(1);
    expect(await seen(fan1.pb)).toBe(0);
    expect(await seen(server.client())).toBe(0);
  });

  it('another fan or anonymous cannot delete it: the record and its file stay', async () => {
    const r = await fan1.pb.collection('informUs').create(form(phoca(fan1.id)));
    expect((await failure(fan2.pb.collection('informUs').delete(r.id))).status).toBe(404);
    expect((await failure(server.client().collection('informUs').delete(r.id))).status).toBe(404);
    expect(await readAsSuperuser(su, 'informUs', r.id)).not.toBeNull();
    expect(existsSync(join(folder(r), r['phocaImg'] as string))).toBe(true);
  });

  it('the server checks it too, even if the delete rule were opened by hand', async () => {
    const r = await fan1.pb.collection('informUs').create(form(phoca(fan1.id)));
    const rule = (await su.collections.getOne('informUs')).deleteRule;
    await su.collections.update('informUs', { deleteRule: '@request.auth.id != ""' });
    try {
      const err = await failure(fan2.pb.collection('informUs').delete(r.id));
      expect(err.status).toBe(403);
      expect(err.response['message']).toMatch(/[가-힣]/);
    } finally {
      await su.collections.update('informUs', { deleteRule: rule });
    }
    expect(await readAsSuperuser(su, 'informUs', r.id)).not.toBeNull();
  });
});
