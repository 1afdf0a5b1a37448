/**
 * PocketBase's own error answers in Korean (pb_hooks/api.pb.js) for anyone calling the API
 * directly: each refusal keeps its status, its top-level shape and every field's `code` (what
 * the app keys on), only the English `message` texts become Korean. Our hooks' Korean messages
 * pass through as they were, refused writes store nothing, and successful requests are untouched.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import {
  createUser,
  failure,
  newId,
  PASSWORD,
  readAsSuperuser,
  uniq,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;
let fan: Actor;

setupCatalogueServer(async (env) => {
  ({ server, su, cat } = env);
  fan = await createUser(server, su);
});

const HANGUL = /[가-힣]/;
const CREATE_FAILED = '등록하지 못했습니다. 입력한 내용을 확인해주세요.';
const UPDATE_FAILED = '수정하지 못했습니다. 입력한 내용을 확인해주세요.';

interface FieldError {
  code: string;
  message: string;
  params?: Record<string, unknown>;
}
interface ErrorBody {
  status: number;
  message: string;
  data: Record<string, unknown>;
}

/** Every `message` anywhere in an error body (top level, fields, batch responses). */
function messages(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  const own = Object.entries(value as Record<string, unknown>);
  return own.flatMap(([k, v]) => (k === 'message' && typeof v === 'string' ? [v] : messages(v)));
}

/** A refused SDK request: its body has exactly PocketBase's shape, in Korean throughout. */
async function refused(p: Promise<unknown>, status: number, message: string): Promise<ErrorBody> {
  const err = await failure(p);
  const body = err.response as ErrorBody;
  expect(err.status).toBe(status);
  expect(Object.keys(body).sort()).toEqual(['data', 'message', 'status']);
  expect(body.status).toBe(status);
  expect(body.message).toBe(message);
  for (const m of messages(body)) expect(m).toMatch(HANGUL);
  return body;
}

function field(body: ErrorBody, name: string): FieldError {
  return body.data[name] as FieldError;
}

/** A plain fetch (for answers the SDK doesn't reach: raw bodies, other endpoints). */
async function raw(
  path: string,
  init: { method?: string; token?: string; body?: string } = {},
): Promise<{ status: number; body: ErrorBody }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers['Authorization'] = init.token;
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body,
  });
  const text = await res.text();
  // a 204 has no body
  return { status: res.status, body: (text ? JSON.parse(text) : null) as ErrorBody };
}

async function likeIdsOf(userId: string): Promise<string[]> {
  const list = await su.collection('likes').getFullList({ filter: `user = "${userId}"` });
  return list.map((r) => r.id);
}

describe('record validation errors', () => {
  it('a relation id that does not exist', async () => {
    const id = newId();
    const body = await refused(
      fan.pb.collection('likes').create({ id, user: fan.id, photoCard: 'nonexistent0000' }),
      400,
      CREATE_FAILED,
    );
    expect(field(body, 'photoCard')).toEqual({
      code: 'validation_missing_rel_records',
      message: '연결할 항목을 찾을 수 없습니다. 존재하는 항목의 ID인지 확인해주세요.',
    });
    expect(await readAsSuperuser(su, 'likes', id)).toBeNull();
  });

  it('a required value left out', async () => {
    const id = newId();
    const body = await refused(
      fan.pb.collection('likes').create({ id, user: fan.id }),
      400,
      CREATE_FAILED,
    );
    expect(field(body, 'photoCard')).toEqual({
      code: 'validation_required',
      message: '값을 입력해주세요.',
    });
    expect(await readAsSuperuser(su, 'likes', id)).toBeNull();
  });

  it('a select value that is not offered (params kept)', async () => {
    const id = newId();
    const body = await refused(
      fan.pb.collection('informUs').create({ id, user: fan.id, type: 'nope' }),
      400,
      CREATE_FAILED,
    );
    expect(field(body, 'type')).toEqual({
      code: 'validation_invalid_value',
      message: "'nope'은(는) 선택할 수 없는 값입니다.",
      params: { value: 'nope' },
    });
    expect(await readAsSuperuser(su, 'informUs', id)).toBeNull();
  });

  it('text over the field maximum', async () => {
    const id = newId();
    const body = await refused(
      su.collection('groups').create({ id, groupName: '가'.repeat(101) }),
      400,
      CREATE_FAILED,
    );
    expect(field(body, 'groupName')).toEqual({
      code: 'validation_max_text_constraint',
      message: '100자 이하로 입력해주세요.',
      params: { max: 100 },
    });
    expect(await readAsSuperuser(su, 'groups', id)).toBeNull();
  });

  it('an invalid email on sign-up', async () => {
    const email = `bad-email-${uniq()}`;
    const body = await refused(
      server.client().collection('users').create({
        email,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      }),
      400,
      CREATE_FAILED,
    );
    expect(field(body, 'email')).toEqual({
      code: 'validation_is_email',
      message: '이메일 형식으로 입력해주세요.',
    });
    expect(await su.collection('users').getFullList({ filter: `email = "${email}"` })).toEqual([]);
  });

  it('an email already signed up, in another case', async () => {
    const body = await refused(
      server.client().collection('users').create({
        email: fan.email.toUpperCase(),
        password: PASSWORD,
        passwordConfirm: PASSWORD,
      }),
      400,
      CREATE_FAILED,
    );
    expect(field(body, 'email')).toEqual({
      code: 'validation_not_unique',
      message: '이미 가입된 이메일입니다.',
    });
    const same = await su.collection('users').getFullList({
      filter: su.filter('email = {:a} || email = {:b}', {
        a: fan.email,
        b: fan.email.toUpperCase(),
      }),
    });
    expect(same.map((u) => u.id)).toEqual([fan.id]);
  });

  it('numbers out of range or not whole', async () => {
    const meetUp = newId();
    const lat = await refused(
      su.collection('meetUps').create({ id: meetUp, eventTitle: 'x', lat: 200 }),
      400,
      CREATE_FAILED,
    );
    expect(field(lat, 'lat')).toEqual({
      code: 'validation_max_number_constraint',
      message: '90 이하여야 합니다.',
      params: { max: 90 },
    });
    expect(await readAsSuperuser(su, 'meetUps', meetUp)).toBeNull();

    const card = newId();
    const likeCount = await refused(
      su.collection('photoCards').create({
        id: card,
        group: cat.group.id,
        groupName: 'G',
        memberName: 'M',
        title: 't',
        likeCount: 1.5,
      }),
      400,
      CREATE_FAILED,
    );
    expect(field(likeCount, 'likeCount')).toEqual({
      code: 'validation_only_int_constraint',
      message: '정수만 입력할 수 있습니다.',
    });
    expect(await readAsSuperuser(su, 'photoCards', card)).toBeNull();
  });

  it('a unique value taken (the same like twice) and a replayed id', async () => {
    const first = newId();
    await fan.pb.collection('likes').create({ id: first, user: fan.id, photoCard: cat.card.id });
    try {
      const second = newId();
      const dup = await refused(
        fan.pb.collection('likes').create({ id: second, user: fan.id, photoCard: cat.card.id }),
        400,
        CREATE_FAILED,
      );
      const codes = Object.values(dup.data).map((f) => (f as FieldError).code);
      expect(codes.length).toBeGreaterThan(0);
      expect(new Set(codes)).toEqual(new Set(['validation_not_unique']));
      for (const f of Object.values(dup.data)) {
        expect((f as FieldError).message).toBe('이미 사용 중인 값입니다.');
      }

      // the replay guard (pb_hooks/guards.pb.js) answers in PocketBase's words, now Korean
      const replay = await refused(
        fan.pb.collection('likes').create({ id: first, user: fan.id, photoCard: cat.card.id }),
        400,
        CREATE_FAILED,
      );
      expect(field(replay, 'id')).toEqual({
        code: 'validation_not_unique',
        message: '이미 사용 중인 값입니다.',
      });
      expect(await likeIdsOf(fan.id)).toEqual([first]);
    } finally {
      await fan.pb.collection('likes').delete(first);
    }
  });
});

describe('uploads', () => {
  it('a file whose bytes are not an allowed type', async () => {
    const avatar = new Blob(['just some text, not an image'], { type: 'image/png' });
    const body = await refused(
      fan.pb.collection('users').update(fan.id, { avatar: new File([avatar], 'a.png') }),
      400,
      UPDATE_FAILED,
    );
    const f = field(body, 'avatar');
    expect(f.code).toBe('validation_invalid_mime_type');
    expect(f.message).toMatch(/^지원하지 않는 파일 형식입니다\. \(허용: image\/.+\)$/);
    expect((await su.collection('users').getOne(fan.id)).avatar).toBe('');
  });

  it('a file over the size limit', async () => {
    const big = new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/png' });
    const body = await refused(
      fan.pb.collection('users').update(fan.id, { avatar: new File([big], 'big.png') }),
      400,
      UPDATE_FAILED,
    );
    const f = field(body, 'avatar');
    expect(f.code).toBe('validation_file_size_limit');
    expect(f.message).toBe('파일이 너무 큽니다. 2MB 이하의 파일만 올릴 수 있습니다.');
    expect(f.params).toMatchObject({ maxSize: 2 * 1024 * 1024 });
    expect((await su.collection('users').getOne(fan.id)).avatar).toBe('');
  });
});

describe('request errors', () => {
  it('404 for a record that does not exist', async () => {
    const body = await refused(
      fan.pb.collection('groups').getOne('nonexistent0000'),
      404,
      '요청한 항목을 찾을 수 없습니다.',
    );
    expect(body.data).toEqual({});
  });

  it('403 for a collection only superusers may write', async () => {
    const id = newId();
    await refused(
      fan.pb.collection('notifications').create({ id, user: fan.id, title: 'x' }),
      403,
      '관리자만 할 수 있는 작업입니다.',
    );
    expect(await readAsSuperuser(su, 'notifications', id)).toBeNull();
  });

  it('403 for a fan on a superuser endpoint, 401 without a login', async () => {
    const token = fan.pb.authStore.token;
    expect(await raw('/api/settings', { token })).toEqual({
      status: 403,
      body: { status: 403, message: '이 계정으로는 할 수 없는 작업입니다.', data: {} },
    });
    expect(await raw('/api/settings')).toEqual({
      status: 401,
      body: { status: 401, message: '로그인이 필요합니다.', data: {} },
    });
  });

  it('400 for a broken filter and for a body that is not JSON', async () => {
    await refused(
      fan.pb.collection('groups').getList(1, 10, { filter: '(((' }),
      400,
      '요청을 처리하는 중 문제가 발생했습니다.',
    );
    const before = await likeIdsOf(fan.id);
    const res = await raw('/api/collections/likes/records', {
      method: 'POST',
      token: fan.pb.authStore.token,
      body: '{"user": ',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(HANGUL);
    expect(await likeIdsOf(fan.id)).toEqual(before);
  });

  it('a wrong password', async () => {
    await refused(
      server.client().collection('users').authWithPassword(fan.email, 'wrong-password-1'),
      400,
      '로그인하지 못했습니다. 입력한 정보를 확인해주세요.',
    );
  });

  it('429 when a rate limit is hit', async () => {
    const settings = await su.settings.getAll();
    const rateLimits = settings['rateLimits'] as Record<string, unknown>;
    // the fixture exempts loopback from the limiter; lift that for this one check
    await su.settings.update({ rateLimits: { ...rateLimits, excludedIPs: [] } });
    try {
      // '*:requestVerification' allows 3 requests in 300 s
      const answers = [];
      for (let i = 0; i < 5; i += 1) {
        answers.push(
          await raw('/api/collections/users/request-verification', {
            method: 'POST',
            body: JSON.stringify({ email: fan.email }),
          }),
        );
      }
      const limited = answers.filter((a) => a.status === 429);
      expect(limited.length).toBeGreaterThan(0);
      for (const a of limited) {
        expect(a.body).toEqual({
          status: 429,
          message: '요청이 너무 많습니다. 잠시 후 다시 시도해주세요.',
          data: {},
        });
      }
    } finally {
      await su.settings.update({ rateLimits });
    }
  });

  it('a refused batch, down to the inner response', async () => {
    const ok = newId();
    const bad = newId();
    const batch = fan.pb.createBatch();
    batch.collection('likes').create({ id: ok, user: fan.id, photoCard: cat.card.id });
    batch.collection('likes').create({ id: bad, user: fan.id, photoCard: 'nonexistent0000' });
    const body = await refused(batch.send(), 400, '일괄 요청을 처리하지 못했습니다.');
    const item = (body.data['requests'] as Record<string, Record<string, unknown>>)['1']!;
    expect(item['code']).toBe('batch_request_failed');
    expect(item['message']).toBe('이 요청을 처리하지 못했습니다.');
    expect(item['response']).toEqual({
      status: 400,
      message: CREATE_FAILED,
      data: {
        photoCard: {
          code: 'validation_missing_rel_records',
          message: '연결할 항목을 찾을 수 없습니다. 존재하는 항목의 ID인지 확인해주세요.',
        },
      },
    });
    expect(await readAsSuperuser(su, 'likes', ok)).toBeNull();
    expect(await readAsSuperuser(su, 'likes', bad)).toBeNull();
  });
});

describe('what stays as it was', () => {
  it("our hooks' Korean messages pass through unchanged", async () => {
    const id = newId();
    const body = await refused(
      fan.pb.collection('comments').create({ id, name: fan.id, meetUp: cat.meetUp.id, ment: ' ' }),
      400,
      '댓글 내용을 입력해주세요.',
    );
    expect(field(body, 'ment')).toEqual({
      code: 'validation_required',
      message: '댓글 내용을 입력해주세요.',
    });
    expect(await readAsSuperuser(su, 'comments', id)).toBeNull();
  });

  it('successful requests are unaffected', async () => {
    const id = newId();
    const like = await fan.pb
      .collection('likes')
      .create({ id, user: fan.id, photoCard: cat.card.id });
    expect(like).toMatchObject({ id, user: fan.id, photoCard: cat.card.id });
    expect((await su.collection('photoCards').getOne(cat.card.id)).likeCount).toBe(1);
    await fan.pb.collection('likes').delete(id);
    expect(await likeIdsOf(fan.id)).toEqual([]);
    const list = await fan.pb.collection('groups').getList(1, 10);
    expect(list.items.map((g) => g.id)).toContain(cat.group.id);
  });
});
