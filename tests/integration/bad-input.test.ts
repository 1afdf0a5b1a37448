/**
 * Bad input through the API, as anyone could send it without the app: empty, blank, over-long
 * (10,000 characters), wrong-type and hostile values. Each write is refused with a Korean message
 * the app shows as is, and the server keeps what it had. Hostile text that is valid (script and
 * HTML payloads) is stored as plain text, exactly as sent; the screens show it as text (React
 * escapes it), never as markup. Uploaded files are judged by their bytes, not their name or
 * declared type, and served only as what they are.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import {
  completeReport,
  createUser,
  failure,
  newId,
  readAsSuperuser,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
let fan: Actor;

setupCatalogueServer(async (env) => {
  ({ server, su, cat } = env);
  fan = await createUser(server, su, { phoneNumber: '01012345678', birth: '2001-02-03' });
});

const LONG = '가'.repeat(10_000);
const HANGUL = /[가-힣]/;
const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'; DROP TABLE users; --",
  '${7*7} {{7*7}}',
];

/**
 * A refused write: 400, a Korean message for the user, and the field named in `data`. (PocketBase
 * ends the top-level message with a full stop.)
 */
async function refused(p: Promise<unknown>, field: string, message: string) {
  const err = await failure(p);
  expect(err.status).toBe(400);
  expect(err.response.message).toBe(message.endsWith('.') ? message : `${message}.`);
  expect(HANGUL.test(err.response.message as string)).toBe(true);
  expect(Object.keys(err.response.data ?? {})).toContain(field);
}

describe('meetup comments', () => {
  const EMPTY = '댓글 내용을 입력해주세요.';
  const TOO_LONG = '댓글은 500자까지 쓸 수 있습니다.';
  const create = (ment: unknown, id = newId()) =>
    fan.pb.collection('comments').create({ id, name: fan.id, meetUp: cat.meetUp.id, ment });

  it.each([
    ['empty', '', EMPTY],
    ['blank', ' \n\t ', EMPTY],
    ['zero-width only', '\u200b\u200b', EMPTY],
    ['missing (null)', null, EMPTY],
    ['an object', { a: 1 }, EMPTY],
    ['10,000 characters', LONG, TOO_LONG],
    ['501 characters', 'a'.repeat(501), TOO_LONG],
  ])('refuses %s and stores nothing', async (_, ment, message) => {
    const id = newId();
    await refused(create(ment, id), 'ment', message);
    expect(await readAsSuperuser(su, 'comments', id)).toBeNull();
  });

  it('refuses blanking a comment on edit and keeps the text', async () => {
    const c = await create('좋은 카페예요');
    await refused(fan.pb.collection('comments').update(c.id, { ment: '   ' }), 'ment', EMPTY);
    expect((await readAsSuperuser(su, 'comments', c.id))?.['ment']).toBe('좋은 카페예요');
  });

  it('stores hostile text as plain text, trimmed, exactly as sent', async () => {
    for (const text of HOSTILE) {
      const c = await create(`  ${text}  `);
      expect((await readAsSuperuser(su, 'comments', c.id))?.['ment']).toBe(text);
    }
  });

  it('takes 500 characters (the limit counts characters, not bytes)', async () => {
    const c = await create('가'.repeat(500));
    expect(((await readAsSuperuser(su, 'comments', c.id))?.['ment'] as string).length).toBe(500);
  });
});

describe('collect-book titles', () => {
  const MESSAGE = '콜렉트북 제목을 1~50자로 입력해주세요.';
  const create = (title: unknown, id = newId()) =>
    fan.pb
      .collection('collectBook')
      .create({ id, users: fan.id, group: cat.group.id, title, cardInfo: [] });

  it.each([
    ['blank', '   '],
    ['zero-width only', '\u200b\u2060\ufeff'],
    ['10,000 characters', LONG],
    ['51 characters', 'a'.repeat(51)],
  ])('refuses %s and stores nothing', async (_, title) => {
    const id = newId();
    await refused(create(title, id), 'title', MESSAGE);
    expect(await readAsSuperuser(su, 'collectBook', id)).toBeNull();
  });

  it('refuses blanking a title on edit, and takes a valid one trimmed', async () => {
    const book = await create('  RIIZE 모음  ');
    expect((await readAsSuperuser(su, 'collectBook', book.id))?.['title']).toBe('RIIZE 모음');
    await refused(
      fan.pb.collection('collectBook').update(book.id, { title: '\u200b' }),
      'title',
      MESSAGE,
    );
    expect((await readAsSuperuser(su, 'collectBook', book.id))?.['title']).toBe('RIIZE 모음');
  });
});

describe('reports', () => {
  it('counts a zero-width-only answer as missing', async () => {
    const err = await failure(
      fan.pb
        .collection('informUs')
        .create({ ...completeReport(fan.id), id: newId(), phocaTitle: '\u200b\u200b' }),
    );
    expect(err.status).toBe(400);
    expect(Object.keys(err.response.data ?? {})).toEqual(['phocaTitle']);
    expect(HANGUL.test(err.response.data['phocaTitle'].message as string)).toBe(true);
    expect(await su.collection('informUs').getFullList({ filter: `user = "${fan.id}"` })).toEqual(
      [],
    );
  });
});

describe('profile edits', () => {
  const users = () => fan.pb.collection('users');
  const stored = async () => (await readAsSuperuser(su, 'users', fan.id))!;

  it.each([
    ['a blank name', { name: '   ' }, 'name', '이름을 입력해주세요'],
    ['a 10,000-character name', { name: LONG }, 'name', '이름을 입력해주세요'],
    [
      'a nickname with a space',
      { username: 'a b' },
      'username',
      '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
    ],
    [
      'a nickname with markup',
      { username: '<b>x</b>' },
      'username',
      '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
    ],
    [
      'a 10,000-character nickname',
      { username: LONG },
      'username',
      '닉네임은 한글, 영문, 숫자, _ . 로 2~20자까지 쓸 수 있습니다.',
    ],
  ])('refuses %s and keeps the profile', async (_, body, field, message) => {
    const before = await stored();
    await refused(users().update(fan.id, body), field, message);
    const after = await stored();
    for (const f of ['name', 'username', 'phoneNumber', 'birth']) expect(after[f]).toBe(before[f]);
  });

  it.each([
    ['a short phone number', { phoneNumber: '010-1234' }],
    ['a phone number with markup', { phoneNumber: '01012345678<script>' }],
    ['a 10,000-character phone number', { phoneNumber: LONG }],
    ['month 13', { birth: '2001-13-01' }],
    ['a birth date in the future', { birth: '2999-01-01' }],
    ['words for a date', { birth: 'yesterday' }],
  ])(
    'never changes the phone number or birth date (%s): only the sign-up sets them',
    async (_, body) => {
      await users()
        .update(fan.id, body)
        .catch(() => null);
      const after = await stored();
      expect(after['phoneNumber']).toBe('01012345678');
      expect(after['birth']).toBe('2001-02-03');
    },
  );

  it('takes a valid edit, trimmed', async () => {
    await users().update(fan.id, { name: '  김포카  ', username: '포카_fan.1' });
    const after = await stored();
    expect(after['name']).toBe('김포카');
    expect(after['username']).toBe('포카_fan.1');
  });
});

describe('uploaded files', () => {
  const PNG = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    ),
    (c) => c.charCodeAt(0),
  );
  const avatar = (blob: Blob, name: string) => {
    const form = new FormData();
    form.append('avatar', blob, name);
    return fan.pb.collection('users').update(fan.id, form);
  };
  const storedAvatar = async () => (await readAsSuperuser(su, 'users', fan.id))?.['avatar'];

  it.each([
    [
      'HTML named .png',
      new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }),
      'a.png',
    ],
    [
      'SVG with a script',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], {
        type: 'image/svg+xml',
      }),
      'b.svg',
    ],
    [
      'SVG named .png',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
        type: 'image/png',
      }),
      'c.png',
    ],
    [
      'an image over 2 MB',
      new Blob([PNG, new Uint8Array(2 * 1024 * 1024)], { type: 'image/png' }),
      'd.png',
    ],
  ])('refuses %s (judged by its bytes) and keeps the avatar', async (_, blob, name) => {
    const before = await storedAvatar();
    const err = await failure(avatar(blob, name));
    expect(err.status).toBe(400);
    expect(Object.keys(err.response.data ?? {})).toEqual(['avatar']);
    expect(await storedAvatar()).toBe(before);
  });

  it('serves a file only as what its bytes are, never as a page', async () => {
    // a real PNG uploaded under an .html name and an HTML content type
    const saved = await avatar(new Blob([PNG], { type: 'text/html' }), 'page.html');
    const res = await fetch(`${server.url}/api/files/users/${fan.id}/${saved['avatar']}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });
});
