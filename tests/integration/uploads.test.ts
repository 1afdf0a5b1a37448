/**
 * Uploaded files against the real server (pb_hooks/uploads.pb.js, lib/uploads.js and
 * pb_migrations/1764530000_protected_files.js): what a file's bytes make it and the name it is
 * stored and served under, the daily quotas of a fan's reports, avatars and collect-book covers
 * (direct and batched, as the outbox sends them), and the protected files of reports and collect
 * books, served only with a file token of someone who may read the record.
 *
 * "Nothing stored" is checked on disk: the files under the temp data dir's storage/.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import {
  completeReport,
  createUser,
  failure,
  newId,
  readAsSuperuser,
  uniq,
  type Actor,
  type Catalogue,
  storedFiles as listStoredFiles,
} from '../helpers/pb-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

interface Quota {
  files: number;
  bytes: number;
}

// lib/uploads.js is CommonJS for PocketBase's JS VM: its quotas are read from the source, so the
// tests follow the numbers set there.
function loadUploadRules(): {
  QUOTAS: Record<'informUs' | 'users' | 'collectBook', Quota>;
  GUEST_QUOTA: Quota;
} {
  const source = readFileSync(resolve(__dirname, '../../pb_hooks/lib/uploads.js'), 'utf8');
  const module = { exports: {} as unknown };
  new Function('module', 'exports', source)(module, module.exports);
  return module.exports as ReturnType<typeof loadUploadRules>;
}
const { QUOTAS, GUEST_QUOTA } = loadUploadRules();

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;

setupCatalogueServer((env) => {
  ({ server, su, cat } = env);
});

const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
/** A 1×1 GIF: also valid JavaScript-looking bytes as far as a browser guessing by name goes. */
const GIF_1X1 = Uint8Array.from(
  atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
  (c) => c.charCodeAt(0),
);

/** A valid PNG of about `bytes` bytes (a decoder stops at IEND; the rest is padding). */
function pngOfSize(bytes: number): Blob {
  const out = new Uint8Array(bytes);
  out.set(PNG_1X1);
  return new Blob([out], { type: 'image/png' });
}

const file = (bytes: Uint8Array<ArrayBuffer> | Blob, name: string, type = 'image/png') =>
  new File([bytes], name, { type });

/** Every file under the data dir's storage/ (originals, .attrs and thumbs). */
const storedFiles = (): Set<string> => new Set(listStoredFiles(server));

function added(before: Set<string>): string[] {
  return [...storedFiles()].filter((f) => !before.has(f));
}

function reportForm(user: string, image: Blob | File = pngOfSize(PNG_1X1.length)): FormData {
  const body = new FormData();
  body.set('id', newId());
  for (const [k, v] of Object.entries(completeReport(user))) {
    if (k === 'phocaImg') continue;
    body.set(k, v as string);
  }
  body.set('phocaImg', image);
  return body;
}

const fieldError = (err: ClientResponseError, field: string) =>
  (err.response['data'] as Record<string, { code: string; message: string }>)[field];

async function reportsOf(userId: string): Promise<RecordModel[]> {
  return su.collection('informUs').getFullList({ filter: su.filter('user = {:u}', { u: userId }) });
}

async function fileToken(pb: PocketBase): Promise<string> {
  return pb.files.getToken();
}

const fileUrl = (collection: string, id: string, name: string, query = '') =>
  `${server.url}/api/files/${collection}/${id}/${name}${query}`;

describe('stored and served as what the bytes are', () => {
  let fan: Actor;
  beforeAll(async () => {
    fan = await createUser(server, su);
  });

  it.each(['x.js', 'x.mjs', 'x.css'])(
    'a GIF uploaded as %s is stored as .gif and served as image/gif',
    async (name) => {
      const saved = await fan.pb
        .collection('users')
        .update(fan.id, { avatar: file(GIF_1X1, name, 'text/javascript') });
      const stored = saved['avatar'] as string;
      expect(stored).toMatch(/\.gif$/);
      expect(stored).not.toMatch(/\.(m?js|css)/);
      expect(storedFiles().has(join(fan.record.collectionId, fan.id, stored))).toBe(true);
      const res = await fetch(fileUrl('users', fan.id, stored));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/gif');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(GIF_1X1);
      // the thumbnails still answer with an image
      const thumb = await fetch(fileUrl('users', fan.id, stored, '?thumb=100x100'));
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    },
  );

  it('a PNG named .gif is stored as .png; a report image named .js too, served with a token', async () => {
    const avatar = await fan.pb
      .collection('users')
      .update(fan.id, { avatar: file(PNG_1X1, 'photo.gif', 'image/gif') });
    expect(avatar['avatar']).toMatch(/\.png$/);

    const report = await fan.pb
      .collection('informUs')
      .create(reportForm(fan.id, file(GIF_1X1, 'x.js', 'text/javascript')));
    expect(report['phocaImg']).toMatch(/\.gif$/);
    const res = await fetch(
      fileUrl('informUs', report.id, report['phocaImg'], `?token=${await fileToken(fan.pb)}`),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
  });

  it.each([
    ['text named .gif', new Blob(['hello, not an image']), 'notes.gif'],
    ['a script named .png', new Blob(['alert(1)']), 'x.png'],
    ['HTML named .jpg', new Blob(['<html><script>alert(1)</script></html>']), 'page.jpg'],
  ])('%s: refused with a Korean message, nothing changes', async (_, blob, name) => {
    const before = storedFiles();
    const stored = (await readAsSuperuser(su, 'users', fan.id))?.['avatar'];
    const err = await failure(
      fan.pb.collection('users').update(fan.id, { avatar: file(blob, name) }),
    );
    expect(err.status).toBe(400);
    expect(err.response['message']).toMatch(/[가-힣]/);
    expect(fieldError(err, 'avatar')).toMatchObject({ code: 'validation_invalid_mime_type' });
    expect(fieldError(err, 'avatar')!.message).toMatch(
      /^지원하지 않는 파일 형식입니다\. \(허용: image\/png/,
    );
    expect((await readAsSuperuser(su, 'users', fan.id))?.['avatar']).toBe(stored);

    const report = reportForm(fan.id, file(blob, name));
    const reportErr = await failure(fan.pb.collection('informUs').create(report));
    expect(reportErr.status).toBe(400);
    expect(fieldError(reportErr, 'phocaImg')!.message).toMatch(/[가-힣]/);
    expect(await readAsSuperuser(su, 'informUs', report.get('id') as string)).toBeNull();
    expect(added(before)).toEqual([]);
  });
});

describe('daily upload quotas', () => {
  const quotaError = (err: ClientResponseError, field: string) => {
    expect(err.status).toBe(400);
    expect(err.response['message']).toMatch(/^오늘은 .+ 더 올릴 수 없습니다\./);
    expect(fieldError(err, field)).toMatchObject({ code: 'validation_upload_quota' });
  };

  it(`reports: ${QUOTAS.informUs.files} a day; the next is refused and nothing is stored`, async () => {
    const fan = await createUser(server, su);
    for (let i = 0; i < QUOTAS.informUs.files; i++) {
      await fan.pb.collection('informUs').create(reportForm(fan.id));
    }
    const before = storedFiles();
    const body = reportForm(fan.id);
    quotaError(await failure(fan.pb.collection('informUs').create(body)), 'phocaImg');
    expect(await readAsSuperuser(su, 'informUs', body.get('id') as string)).toBeNull();
    expect(await reportsOf(fan.id)).toHaveLength(QUOTAS.informUs.files);
    expect(added(before)).toEqual([]);
    // another fan is not affected
    const other = await createUser(server, su);
    await other.pb.collection('informUs').create(reportForm(other.id));
  });

  it(`guests' sign-up avatars: ${GUEST_QUOTA.files} a day per address; the next sign-up with one is refused`, async () => {
    const signUp = (avatar: boolean) =>
      server
        .client()
        .collection('users')
        .create({
          email: `guest${uniq()}@test.local`,
          password: 'photocard!2024',
          passwordConfirm: 'photocard!2024',
          ...(avatar ? { avatar: file(PNG_1X1, 'me.png') } : {}),
        });
    for (let i = 0; i < GUEST_QUOTA.files; i++) await signUp(true);
    const before = storedFiles();
    const err = await failure(signUp(true));
    quotaError(err, 'avatar');
    expect(err.response['message']).toContain('프로필 사진을');
    expect(added(before)).toEqual([]);
    // a sign-up without a picture still goes through, and a fan's own avatar has their own quota
    await signUp(false);
    const fan = await createUser(server, su);
    await fan.pb.collection('users').update(fan.id, { avatar: file(PNG_1X1, 'a.png') });
  });

  it('six reports sent at once near the limit: only what fits is stored', async () => {
    const fan = await createUser(server, su);
    const room = 4;
    for (let i = 0; i < QUOTAS.informUs.files - room; i++) {
      await fan.pb.collection('informUs').create(reportForm(fan.id));
    }
    const before = storedFiles();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => fan.pb.collection('informUs').create(reportForm(fan.id))),
    );
    const stored = results.filter(
      (r) => r.status === 'fulfilled',
    ) as PromiseFulfilledResult<RecordModel>[];
    expect(stored).toHaveLength(room);
    for (const r of results) {
      if (r.status === 'rejected') quotaError(r.reason as ClientResponseError, 'phocaImg');
    }
    expect(await reportsOf(fan.id)).toHaveLength(QUOTAS.informUs.files);
    // one image (and its .attrs) per stored report, nothing of the refused ones
    const files = added(before);
    expect(files.filter((f) => !f.endsWith('.attrs')).sort()).toEqual(
      stored
        .map((r) => join(r.value.collectionId, r.value.id, r.value['phocaImg'] as string))
        .sort(),
    );
  });

  it('batched reports (the outbox): a batch over the limit is refused whole, nothing stored', async () => {
    const fan = await createUser(server, su);
    for (let i = 0; i < QUOTAS.informUs.files - 2; i++) {
      await fan.pb.collection('informUs').create(reportForm(fan.id));
    }
    const before = storedFiles();
    const ids = [newId(), newId(), newId()];
    const batch = fan.pb.createBatch();
    for (const id of ids) {
      batch.collection('informUs').create({
        ...completeReport(fan.id),
        id,
        phocaImg: pngOfSize(PNG_1X1.length),
      });
    }
    const err = await failure(batch.send());
    expect(err.status).toBe(400);
    const inner = (
      err.response['data'] as {
        requests?: Record<string, { response?: { status?: number; data?: unknown } }>;
      }
    ).requests;
    const refused = Object.values(inner ?? {}).find((r) => r.response?.status === 400);
    expect(JSON.stringify(refused?.response?.data)).toContain('validation_upload_quota');
    for (const id of ids) expect(await readAsSuperuser(su, 'informUs', id)).toBeNull();
    expect(added(before)).toEqual([]);

    // the two that fit go through in a batch of their own
    const ok = fan.pb.createBatch();
    for (const id of ids.slice(0, 2)) {
      ok.collection('informUs').create({
        ...completeReport(fan.id),
        id,
        phocaImg: pngOfSize(PNG_1X1.length),
      });
    }
    await sendAgainOn503(() => ok.send());
    expect(await reportsOf(fan.id)).toHaveLength(QUOTAS.informUs.files);
    // the day is full now: a direct create is refused too
    quotaError(await failure(fan.pb.collection('informUs').create(reportForm(fan.id))), 'phocaImg');
  });

  it('avatars: the bytes of the day are counted too', async () => {
    const fan = await createUser(server, su);
    const size = Math.floor(1.9 * 1024 * 1024);
    const fit = Math.floor(QUOTAS.users.bytes / size);
    expect(fit).toBeLessThan(QUOTAS.users.files);
    let last = '';
    for (let i = 0; i < fit; i++) {
      last = (
        await fan.pb.collection('users').update(fan.id, { avatar: file(pngOfSize(size), 'a.png') })
      )['avatar'] as string;
    }
    const before = storedFiles();
    quotaError(
      await failure(
        fan.pb.collection('users').update(fan.id, { avatar: file(pngOfSize(size), 'b.png') }),
      ),
      'avatar',
    );
    expect((await readAsSuperuser(su, 'users', fan.id))?.['avatar']).toBe(last);
    expect(added(before)).toEqual([]);
    // a change without a file (the name) still goes through
    await fan.pb.collection('users').update(fan.id, { name: '새이름' });
  });

  it('collect-book covers, in a batch as the outbox sends them', async () => {
    const fan = await createUser(server, su);
    const book = (id: string) => ({
      id,
      users: fan.id,
      title: `책 ${id.slice(0, 4)}`,
      group: cat.group.id,
      thumbNail: pngOfSize(PNG_1X1.length),
    });
    const first = fan.pb.createBatch();
    for (let i = 0; i < QUOTAS.collectBook.files; i++)
      first.collection('collectBook').create(book(newId()));
    await sendAgainOn503(() => first.send());
    const before = storedFiles();
    const id = newId();
    const next = fan.pb.createBatch();
    next.collection('collectBook').create(book(id));
    const err = await failure(next.send());
    expect(JSON.stringify(err.response)).toContain('validation_upload_quota');
    expect(await readAsSuperuser(su, 'collectBook', id)).toBeNull();
    expect(added(before)).toEqual([]);
    // a book without a cover is not an upload
    await fan.pb.collection('collectBook').create({ ...book(newId()), thumbNail: null });
  });

  it('what is counted is what was stored: refused uploads count nothing', async () => {
    const fan = await createUser(server, su);
    await failure(
      fan.pb.collection('informUs').create(reportForm(fan.id, file(new Blob(['x']), 'x.png'))),
    );
    await failure(
      fan.pb.collection('informUs').create(reportForm(fan.id, pngOfSize(5 * 1024 * 1024 + 1))),
    );
    await fan.pb.collection('informUs').create(reportForm(fan.id));
    const log = await su
      .collection('uploadLog')
      .getFullList({ filter: su.filter('user = {:u}', { u: fan.id }) });
    expect(log.map((r) => [r['bucket'], r['field']])).toEqual([['informUs', 'phocaImg']]);
    // nobody but a superuser reads the log
    expect((await failure(fan.pb.collection('uploadLog').getList(1, 10))).status).toBe(403);
  });
});

describe('protected files: reports and collect books', () => {
  let owner: Actor;
  let other: Actor;
  let admin: Actor;
  let report: RecordModel;
  let book: RecordModel;

  beforeAll(async () => {
    [owner, other, admin] = await Promise.all([
      createUser(server, su),
      createUser(server, su),
      createUser(server, su, { role: 'admin' }),
    ]);
    report = await owner.pb.collection('informUs').create(reportForm(owner.id));
    book = await owner.pb.collection('collectBook').create({
      users: owner.id,
      title: '나만 보는 책',
      group: cat.group.id,
      thumbNail: file(PNG_1X1, 'cover.png'),
    });
  });

  const files = () => [
    fileUrl('informUs', report.id, report['phocaImg']),
    fileUrl('collectBook', book.id, book['thumbNail']),
    fileUrl('collectBook', book.id, book['thumbNail'], '?thumb=100x135'),
  ];
  const withToken = (url: string, token: string) =>
    `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;

  it('refused anonymously, with no token, and with another fan’s token', async () => {
    const otherToken = await fileToken(other.pb);
    for (const url of files()) {
      expect([403, 404], url).toContain((await fetch(url)).status);
      expect([403, 404], url).toContain((await fetch(withToken(url, otherToken))).status);
      expect([403, 404], url).toContain((await fetch(withToken(url, 'not-a-token'))).status);
      // a login token is not a file token
      expect([403, 404], url).toContain(
        (await fetch(withToken(url, owner.pb.authStore.token))).status,
      );
    }
  });

  it('served with the owner’s file token (and the report with an admin’s)', async () => {
    const token = await fileToken(owner.pb);
    for (const url of files()) {
      const res = await fetch(withToken(url, token));
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    const adminToken = await fileToken(admin.pb);
    expect((await fetch(withToken(files()[0]!, adminToken))).status).toBe(200);
  });

  it('public images stay public: avatars and the catalogue need no token', async () => {
    const saved = await owner.pb
      .collection('users')
      .update(owner.id, { avatar: file(PNG_1X1, 'me.png') });
    expect((await fetch(fileUrl('users', owner.id, saved['avatar']))).status).toBe(200);
    const group = await su
      .collection('groups')
      .update(cat.group.id, { logoImage: file(PNG_1X1, 'logo.png') });
    expect((await fetch(fileUrl('groups', group.id, group['logoImage']))).status).toBe(200);
  });
});
