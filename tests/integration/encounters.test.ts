/**
 * 만난 팬 against the real server (docs/encounters.md): the owner saves, reads, edits the note of
 * and deletes their encounters; nobody else sees or touches them (also through the pull route and
 * realtime's rules); the hook's rules (not yourself, the name, the time, the cards, the note, only
 * the note changes, the cap) refuse with a Korean 400 that changes nothing; a block hides no
 * encounter, while a proposal or a message to the blocked fan is still refused.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { ClientResponseError } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';
import {
  failure,
  newId,
  readAsSuperuser,
  type Actor,
  type Catalogue,
} from '../helpers/pb-fixtures.ts';

let server: TestServer;
let su: PocketBase;
let cat: Catalogue;

const { fans, cards } = setupCatalogueServer((env) => {
  ({ server, su, cat } = env);
});

type Body = Record<string, unknown>;
const HANGUL = /[가-힣]/;

async function refused(p: Promise<unknown>, fields: string[] = []): Promise<ClientResponseError> {
  const err = await failure(p);
  expect(err.status, JSON.stringify(err.response)).toBe(400);
  expect(err.response.message).toMatch(HANGUL);
  for (const f of fields) expect(err.response.data?.[f], f).toBeDefined();
  return err;
}

const now = () => new Date().toISOString().replace('T', ' ');

function save(by: Actor, met: Actor, body: Body = {}) {
  return by.pb.collection('encounters').create({
    user: by.id,
    fan: met.id,
    fanName: '만난팬',
    metAt: now(),
    ...body,
  });
}

describe('encounters: the owner', () => {
  it('saves one with the event and the cards each way, reads it, edits the note, deletes it', async () => {
    const [me, them] = await fans(2);
    const [c1, c2, c3] = await cards(3);
    const id = newId();
    const rec = await save(me, them, {
      id,
      fanName: '  하니팬  ',
      meetup: cat.meetUp.id,
      theyHave: [c1.id, c2.id, c1.id],
      theyWant: [c3.id],
      note: ' 포카 교환 약속 ',
    });
    expect(rec.id).toBe(id);
    const stored = await readAsSuperuser(su, 'encounters', id);
    expect(stored).toMatchObject({
      user: me.id,
      fan: them.id,
      // the fan's nickname as the server knows it, not the code's name
      fanName: them.record.username,
      meetup: cat.meetUp.id,
      theyHave: [c1.id, c2.id],
      theyWant: [c3.id],
      note: '포카 교환 약속',
    });
    expect((await me.pb.collection('encounters').getFullList()).map((r) => r.id)).toEqual([id]);
    await me.pb.collection('encounters').update(id, { note: '다음 주 재회' });
    expect((await readAsSuperuser(su, 'encounters', id))?.note).toBe('다음 주 재회');
    await me.pb.collection('encounters').delete(id);
    expect(await readAsSuperuser(su, 'encounters', id)).toBeNull();
    // the delete leaves the owner's tombstone, so the owner's other devices learn of it
    const tomb = await su
      .collection('tombstones')
      .getFirstListItem(`recordCollection = "encounters" && recordId = "${id}"`);
    expect(tomb.owner).toBe(me.id);
  });

  it('a replayed create is answered "already exists" and stores nothing new', async () => {
    const [me, them] = await fans(2);
    const id = newId();
    await save(me, them, { id });
    const err = await failure(save(me, them, { id, note: '두 번째' }));
    expect(err.status).toBe(400);
    expect(err.response.data?.id?.code).toBe('validation_not_unique');
    expect((await readAsSuperuser(su, 'encounters', id))?.note).toBe('');
  });
});

describe('encounters: nobody else', () => {
  it('the fan met, another fan and a guest see nothing, in the list, a view or the pull', async () => {
    const [me, them, third] = await fans(3);
    const rec = await save(me, them);
    for (const pb of [them.pb, third.pb, server.client()]) {
      expect(await pb.collection('encounters').getFullList()).toEqual([]);
      expect((await failure(pb.collection('encounters').getOne(rec.id))).status).toBe(404);
      const pulled: { collections: Record<string, { items: unknown[] }> } = await pb.send(
        '/api/pocamarket/pull',
        { method: 'POST', body: { collections: [{ name: 'encounters' }] }, requestKey: null },
      );
      expect(pulled.collections.encounters?.items).toEqual([]);
    }
  });

  it('cannot create one in another fan’s name, change, or delete theirs', async () => {
    const [me, them, third] = await fans(3);
    const rec = await save(me, them);
    const id = newId();
    await failure(
      third.pb.collection('encounters').create({
        id,
        user: me.id,
        fan: them.id,
        fanName: 'x',
        metAt: now(),
      }),
    );
    expect(await readAsSuperuser(su, 'encounters', id)).toBeNull();
    await failure(third.pb.collection('encounters').update(rec.id, { note: '남의 메모' }));
    await failure(them.pb.collection('encounters').delete(rec.id));
    expect(await readAsSuperuser(su, 'encounters', rec.id)).toMatchObject({ note: '' });
  });
});

describe('encounters: the fan’s name', () => {
  it('is taken from the fan met, whatever the code said (a reserved name too)', async () => {
    const [me, them] = await fans(2);
    for (const fanName of ['포카마켓 운영자', '관리자', '   ', '가'.repeat(41), undefined]) {
      const rec = await save(me, them, fanName === undefined ? {} : { fanName });
      expect((await readAsSuperuser(su, 'encounters', rec.id))?.fanName).toBe(them.record.username);
    }
  });
});

describe('encounters: the rules', () => {
  it('refuses each bad input with a Korean message and stores nothing', async () => {
    const [me, them] = await fans(2);
    const [c1] = await cards(1);
    const cases: Array<[Body, string[]]> = [
      [{ fan: me.id }, ['fan']],
      [{ fan: 'nosuchfan123456' }, ['fan']],
      [{ note: '가'.repeat(201) }, ['note']],
      [{ note: '이 시발 교환' }, ['note']],
      [{ metAt: '2099-01-01 00:00:00.000Z' }, ['metAt']],
      [{ theyHave: [c1.id, 'nosuchcard12345'] }, ['theyHave']],
    ];
    for (const [body, fields] of cases) {
      const id = newId();
      await refused(save(me, them, { id, ...body }), fields);
      expect(await readAsSuperuser(su, 'encounters', id), JSON.stringify(body)).toBeNull();
    }
  });

  it('refuses more than 200 cards a side', async () => {
    const [me, them] = await fans(2);
    const many = await cards(201);
    const id = newId();
    await refused(save(me, them, { id, theyWant: many.map((c) => c.id) }), ['theyWant']);
    expect(await readAsSuperuser(su, 'encounters', id)).toBeNull();
    // exactly 200 is fine
    await save(me, them, { theyWant: many.slice(0, 200).map((c) => c.id) });
  });

  it('only the note changes, under the note’s rules', async () => {
    const [me, them, other] = await fans(3);
    const [c1] = await cards(1);
    const rec = await save(me, them, { note: '처음' });
    const before = await readAsSuperuser(su, 'encounters', rec.id);
    // the owner fields are the API rule's (not found); the rest the hook's (a Korean 400)
    await failure(me.pb.collection('encounters').update(rec.id, { fan: other.id }));
    for (const body of [
      { fanName: '바꾼 이름' },
      { theyHave: [c1.id] },
      { metAt: '2020-01-01 00:00:00.000Z' },
      { meetup: cat.meetUp.id },
      { note: '가'.repeat(201) },
      { note: 'fuck' },
    ]) {
      await refused(me.pb.collection('encounters').update(rec.id, body));
    }
    expect(await readAsSuperuser(su, 'encounters', rec.id)).toEqual(before);
  });

  it('caps a fan at 2,000 encounters', async () => {
    const [me, them] = await fans(2);
    // the superuser fills the fan's rows up to the cap (a superuser skips the hook's checks)
    const metAt = now();
    for (let round = 0; round < 40; round++) {
      const batch = su.createBatch();
      for (let i = 0; i < (round === 39 ? 49 : 50); i++) {
        batch.collection('encounters').create({ user: me.id, fan: them.id, fanName: 'x', metAt });
      }
      await sendAgainOn503(() => batch.send());
    }
    await save(me, them); // the 2,000th
    const id = newId();
    const err = await refused(save(me, them, { id }));
    expect(err.response.message).toContain('2,000');
    expect(await readAsSuperuser(su, 'encounters', id)).toBeNull();
    const count = await su
      .collection('encounters')
      .getList(1, 1, { filter: su.filter('user = {:u}', { u: me.id }) });
    expect(count.totalItems).toBe(2000);
  });
});

describe('encounters and blocks', () => {
  it('a block hides no encounter; a proposal or a message to the blocked fan is still refused', async () => {
    const [me, them] = await fans(2);
    const [c1] = await cards(1);
    const rec = await save(me, them, { theyHave: [c1.id] });
    await them.pb.collection('blocks').create({ user: them.id, blocked: me.id });
    expect((await me.pb.collection('encounters').getOne(rec.id)).fan).toBe(them.id);
    // saving another encounter with them still works: it is the fan's own record
    await save(me, them);
    const trade = newId();
    await refused(
      me.pb.collection('trades').create({
        id: trade,
        proposer: me.id,
        receiver: them.id,
        get: [c1.id],
      }),
    );
    expect(await readAsSuperuser(su, 'trades', trade)).toBeNull();
    const pair = me.id < them.id ? { a: me.id, b: them.id } : { a: them.id, b: me.id };
    await refused(me.pb.collection('conversations').create(pair));
  });
});
