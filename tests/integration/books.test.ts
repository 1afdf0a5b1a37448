/**
 * Collect books finished, against the real server (docs/data-model.md, `collectBook` and Hooks):
 * the owner renames, picks a cover among the book's cards, moves it on the shelf, makes it public
 * and deletes it; another fan and a logged-out visitor read a public book (record view and the
 * public book route) but neither a private one nor anyone's list; nobody else changes or deletes
 * it; the cover and shelf rules and the per-fan cap refuse with a Korean 400 that changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { failure, newId, readAsSuperuser, type Actor } from '../helpers/pb-fixtures.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

let server: TestServer;
let su: PocketBase;

const { fans, cards } = setupCatalogueServer((env) => {
  ({ server, su } = env);
});

const HANGUL = /[가-힣]/;

async function book(owner: Actor, body: Record<string, unknown> = {}) {
  return owner.pb.collection('collectBook').create({
    id: newId(),
    users: owner.id,
    title: '라이즈 앨범',
    ...body,
  });
}

async function publicRoute(id: string, pb?: PocketBase) {
  const res = await fetch(`${server.url}/api/pocamarket/books/${id}`, {
    headers: pb ? { Authorization: pb.authStore.token } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('collectBook: the owner manages a book', () => {
  it('renames, sets the cover from its cards, moves it on the shelf, shows it, deletes it', async () => {
    const [me] = await fans(1);
    const [c1, c2] = await cards(2);
    const b = await book(me, { cardInfo: [c1.id, c2.id] });
    await me.pb.collection('collectBook').update(b.id, { title: '  새 이름  ' });
    await me.pb.collection('collectBook').update(b.id, { cover: c2.id, shelfOrder: 4 });
    await me.pb.collection('collectBook').update(b.id, { isPublic: true });
    expect(await readAsSuperuser(su, 'collectBook', b.id)).toMatchObject({
      title: '새 이름',
      cover: c2.id,
      shelfOrder: 4,
      isPublic: true,
    });
    await me.pb.collection('collectBook').delete(b.id);
    expect(await readAsSuperuser(su, 'collectBook', b.id)).toBeNull();
  });

  it('deletes a book whose cards are on the trade lists: the items stay, without the book', async () => {
    const [me] = await fans(1);
    const [c1] = await cards(1);
    const b = await book(me, { cardInfo: [c1.id] });
    const item = await me.pb
      .collection('tradeItems')
      .create({ user: me.id, photoCard: c1.id, kind: 'have', spare: 1, book: b.id });
    await me.pb.collection('collectBook').delete(b.id);
    expect(await readAsSuperuser(su, 'collectBook', b.id)).toBeNull();
    expect(await readAsSuperuser(su, 'tradeItems', item.id)).toMatchObject({ book: '' });
  });

  it('refuses a cover that is not one of the book’s cards, a blank title and a bad shelf place', async () => {
    const [me] = await fans(1);
    const [c1, other] = await cards(2);
    const b = await book(me, { cardInfo: [c1.id] });
    for (const body of [{ cover: other.id }, { title: '   ' }, { shelfOrder: -1 }]) {
      const err = await failure(me.pb.collection('collectBook').update(b.id, body));
      expect(err.status, JSON.stringify(body)).toBe(400);
      expect(err.response.message).toMatch(HANGUL);
    }
    const coverErr = await failure(
      me.pb.collection('collectBook').update(b.id, { cover: other.id }),
    );
    expect(coverErr.response.message).toBe('표지는 이 콜렉트북에 담긴 포토카드 중에서 골라주세요.');
    expect(await readAsSuperuser(su, 'collectBook', b.id)).toMatchObject({
      title: '라이즈 앨범',
      cover: '',
      shelfOrder: 0,
    });
    const created = await failure(book(me, { cardInfo: [c1.id], cover: other.id }));
    expect(created.status).toBe(400);
  });

  it('clears the cover when its card is unticked', async () => {
    const [me] = await fans(1);
    const [c1, c2] = await cards(2);
    const b = await book(me, { cardInfo: [c1.id, c2.id], cover: c1.id });
    await me.pb.collection('collectBook').update(b.id, { 'cardInfo-': [c1.id] });
    expect(await readAsSuperuser(su, 'collectBook', b.id)).toMatchObject({
      cardInfo: [c2.id],
      cover: '',
    });
  });

  it('keeps at most 100 books per fan', async () => {
    const [me] = await fans(1);
    for (let part = 0; part < 4; part++) {
      const batch = su.createBatch();
      for (let i = 0; i < 25; i++)
        batch.collection('collectBook').create({ users: me.id, title: `책 ${part}-${i}` });
      await sendAgainOn503(() => batch.send());
    }
    const err = await failure(book(me));
    expect(err.status).toBe(400);
    expect(err.response.message).toMatch(/100권/);
  });
});

describe('collectBook: other fans and visitors', () => {
  it('read a public book but not a private one, and change neither', async () => {
    const [me, them] = await fans(2);
    const [c1] = await cards(1);
    const shown = await book(me, { cardInfo: [c1.id], cover: c1.id, isPublic: true });
    const hidden = await book(me, { title: '비밀 책' });
    const anon = server.client();

    for (const pb of [them.pb, anon]) {
      expect((await pb.collection('collectBook').getOne(shown.id)).title).toBe('라이즈 앨범');
      expect((await failure(pb.collection('collectBook').getOne(hidden.id))).status).toBe(404);
      expect(await pb.collection('collectBook').getFullList()).toEqual([]);
      expect(
        (await failure(pb.collection('collectBook').update(shown.id, { title: '남의 책' }))).status,
      ).toBeGreaterThanOrEqual(400);
      expect(
        (await failure(pb.collection('collectBook').delete(shown.id))).status,
      ).toBeGreaterThanOrEqual(400);
    }
    expect(await readAsSuperuser(su, 'collectBook', shown.id)).toMatchObject({
      title: '라이즈 앨범',
    });

    const pub = await publicRoute(shown.id);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      found: true,
      id: shown.id,
      title: '라이즈 앨범',
      owner: me.record.username,
      cover: c1.id,
    });
    expect((pub.body.cards as { id: string }[]).map((c) => c.id)).toEqual([c1.id]);
    expect(JSON.stringify(pub.body)).not.toContain(me.email);

    const answers = [];
    for (const id of [hidden.id, newId(), 'not-an-id']) {
      const res = await publicRoute(id, them.pb);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        found: false,
        message: '공개된 콜렉트북을 찾을 수 없어요.',
      });
      answers.push(res.body);
    }
    // one answer for a private, a missing and a made-up id: nobody learns which exist
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // the owner opens their own private book's page
    expect((await publicRoute(hidden.id, me.pb)).body.found).toBe(true);

    // made private again, it closes
    await me.pb.collection('collectBook').update(shown.id, { isPublic: false });
    expect((await publicRoute(shown.id)).body.found).toBe(false);
  });
});
