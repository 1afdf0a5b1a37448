/**
 * The public collect book page from the server's side (docs/product-rules.md, Public collect
 * book; docs/first-visit.md, A public collect book), against a real PocketBase serving a public dir
 * with the app's index.html and a render server that is down or slow (a stand-in here; the
 * drawn page is tests/e2e/public-book.test.ts):
 *
 * - the route's answer: the completion of the book's group, the cards, and the owner's 구함 items
 *   of that group that are public (the owner's lists public, or the item's book public), never
 *   another group's, never the owner's name or e-mail; none across a block;
 * - GET /publicBook/{id} with no drawn page is the shell carrying the book's own title,
 *   description (its completion) and share preview, the cover card's rendition as an absolute
 *   image URL, every value escaped;
 * - a private book, a missing one and a made-up id are one generic, noindex page.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import { newId, uniq, type Actor } from '../helpers/pb-fixtures.ts';

/** A stand-in render server: answers 503 at once, or (slow) after PocketBase stopped waiting. */
let renderMode: 'down' | 'slow' = 'down';
let renderAsked = 0;
const renderer: Server = createServer((_req, res) => {
  renderAsked++;
  if (renderMode === 'down') return void res.writeHead(503).end();
  setTimeout(() => {
    if (!res.destroyed) res.writeHead(503).end();
  }, 6000).unref();
});
await new Promise<void>((resolve) => renderer.listen(0, '127.0.0.1', resolve));
const renderUrl = `http://127.0.0.1:${(renderer.address() as AddressInfo).port}`;

const publicDir = mkdtempSync(join(tmpdir(), 'pb-public-book-'));
copyFileSync(join(import.meta.dirname, '../../index.html'), join(publicDir, 'index.html'));

let server: TestServer;
let su: PocketBase;
const { fan, fans } = setupServer(
  async (env) => {
    ({ server, su } = env);
    // absolute preview URLs use the app's address (APP_URL, else PocketBase's own setting)
    await su.settings.update({ meta: { appURL: server.url } });
  },
  { publicDir, ssrDir: false, env: { SSR_URL: renderUrl } },
);

afterAll(async () => {
  renderer.closeAllConnections();
  await new Promise((resolve) => renderer.close(resolve));
  rmSync(publicDir, { recursive: true, force: true });
});

const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const png = () => new Blob([PNG_1X1], { type: 'image/png' });

interface World {
  group: RecordModel;
  other: RecordModel;
  /** Cards of `group`: 0 and 1 in the book (1 the cover, with an image), 2–4 wanted. */
  cards: RecordModel[];
  otherCard: RecordModel;
  owner: Actor;
  book: RecordModel;
  hidden: RecordModel;
}
let w: World;

async function card(group: RecordModel, image = false): Promise<RecordModel> {
  return su.collection('photoCards').create({
    group: group.id,
    groupName: group.groupName,
    memberName: '원빈',
    title: `card ${uniq()}`,
    ...(image ? { cardImg: png() } : {}),
  });
}

beforeAll(async () => {
  const group = await su.collection('groups').create({ groupName: `G${uniq()}`, logoImage: png() });
  const other = await su.collection('groups').create({ groupName: `O${uniq()}` });
  const cards = [];
  for (let i = 0; i < 5; i++) cards.push(await card(group, i === 1));
  const otherCard = await card(other);
  const owner = await fan();
  const book = await owner.pb.collection('collectBook').create({
    id: newId(),
    users: owner.id,
    title: '라이즈 "최애" <script>alert(1)</script>',
    group: group.id,
    cardInfo: [cards[0]!.id, cards[1]!.id],
    cover: cards[1]!.id,
    isPublic: true,
  });
  const hidden = await owner.pb.collection('collectBook').create({
    id: newId(),
    users: owner.id,
    title: '비밀 책',
    group: group.id,
    isPublic: false,
  });
  const want = (photoCard: string, from?: string) =>
    owner.pb.collection('tradeItems').create({
      user: owner.id,
      photoCard,
      kind: 'want',
      spare: 0,
      ...(from ? { book: from } : {}),
    });
  // public through the public book; not public (a private book's, or no book's); another group's
  await want(cards[2]!.id, book.id);
  await want(cards[3]!.id, hidden.id);
  await want(cards[4]!.id);
  await want(otherCard.id, book.id);
  w = { group, other, cards, otherCard, owner, book, hidden };
}, 120_000);

async function answer(id: string, pb?: PocketBase) {
  const res = await fetch(`${server.url}/api/pocamarket/books/${id}`, {
    headers: pb ? { Authorization: pb.authStore.token } : {},
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown> & {
    want?: { id: string }[];
    share?: Record<string, unknown>;
  };
}

async function page(path: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
  return { status: res.status, text: await res.text() };
}

const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('the public book route', () => {
  it('answers the completion, the cards and the public 구함 items of the book’s group', async () => {
    const got = await answer(w.book.id);
    expect(got).toMatchObject({
      found: true,
      id: w.book.id,
      owner: w.owner.record.username,
      group: w.group.groupName,
      owned: 2,
      total: 5,
      wantCount: 1,
    });
    expect(got.want?.map((c) => c.id)).toEqual([w.cards[2]!.id]);
    expect(got.share).toMatchObject({
      title: `${w.owner.record.username}님의 ${w.book.title} | 포카마켓`,
      description: `${w.owner.record.username}님의 ${w.group.groupName} 콜렉트북 · 2/5 모았어요 · 40%`,
      image: `/api/files/photoCards/${w.cards[1]!.id}/${w.cards[1]!.cardImg}?thumb=640x1280f`,
    });
    const text = JSON.stringify(got);
    expect(text).not.toContain(w.owner.email);
    expect(text).not.toContain('tester'); // the real name
    expect(text).not.toContain(w.otherCard.id);

    // the owner's lists made public: every 구함 item of the group, still not another group's
    await w.owner.pb.collection('users').update(w.owner.id, { tradePublic: true });
    try {
      const all = await answer(w.book.id);
      expect(new Set(all.want?.map((c) => c.id))).toEqual(
        new Set([w.cards[2]!.id, w.cards[3]!.id, w.cards[4]!.id]),
      );
      expect(all.wantCount).toBe(3);
    } finally {
      await w.owner.pb.collection('users').update(w.owner.id, { tradePublic: false });
    }
  });

  it('shows no 구함 list to a fan with a block between them and the owner', async () => {
    const [blocker] = await fans(1);
    await blocker.pb.collection('blocks').create({ user: blocker.id, blocked: w.owner.id });
    const got = await answer(w.book.id, blocker.pb);
    expect(got).toMatchObject({ found: true, owned: 2, want: [], wantCount: 0 });
  });
});

describe('GET /publicBook/{id} when the render server does not draw it', () => {
  it('is the shell with the book’s title, completion and preview, every value escaped', async () => {
    renderMode = 'down';
    const asked = renderAsked;
    const { status, text } = await page(`/publicBook/${w.book.id}`);
    expect(status).toBe(200);
    expect(renderAsked).toBeGreaterThan(asked); // the render server was asked, and failed
    // one document, the shell's: its root empty for the client to draw
    expect(text.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(text).toContain('<div id="root"></div>');
    const username = w.owner.record.username as string;
    const escaped = `라이즈 &quot;최애&quot; &lt;script&gt;alert(1)&lt;/script&gt;`;
    expect(text).toContain(`<title>${username}님의 ${escaped} | 포카마켓</title>`);
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('"최애"');
    const description = `${username}님의 ${w.group.groupName} 콜렉트북 · 2/5 모았어요 · 40%`;
    expect(meta(text, 'name', 'description')).toBe(description);
    expect(meta(text, 'property', 'og:title')).toBe(`${username}님의 ${escaped} | 포카마켓`);
    expect(meta(text, 'property', 'og:description')).toBe(description);
    expect(meta(text, 'property', 'og:type')).toBe('website');
    expect(meta(text, 'property', 'og:url')).toBe(`${server.url}/publicBook/${w.book.id}`);
    expect(meta(text, 'property', 'og:image')).toBe(
      `${server.url}/api/files/photoCards/${w.cards[1]!.id}/${w.cards[1]!.cardImg}?thumb=640x1280f`,
    );
    expect(meta(text, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(text, 'name', 'robots')).toBeUndefined();
    // one title and one description: the shell's own were replaced, not added to
    expect(text.match(/<title>/g)).toHaveLength(1);
    expect(text.match(/<meta\s+name="description"/g)).toHaveLength(1);
  });

  it('keeps its preview when the render server is slower than PocketBase waits', async () => {
    renderMode = 'slow';
    try {
      const { status, text } = await page(`/publicBook/${w.book.id}`);
      expect(status).toBe(200);
      expect(meta(text, 'property', 'og:title')).toContain(w.owner.record.username as string);
      expect(meta(text, 'property', 'og:image')).toContain(
        `/api/files/photoCards/${w.cards[1]!.id}/`,
      );
    } finally {
      renderMode = 'down';
    }
  }, 30_000);

  it('previews the group’s logo when no card of the book has an image', async () => {
    const bare = await w.owner.pb.collection('collectBook').create({
      id: newId(),
      users: w.owner.id,
      title: '이미지 없는 책',
      group: w.group.id,
      cardInfo: [w.cards[0]!.id],
      isPublic: true,
    });
    const { text } = await page(`/publicBook/${bare.id}`);
    expect(meta(text, 'property', 'og:image')).toBe(
      `${server.url}/api/files/groups/${w.group.id}/${w.group.logoImage}`,
    );
    expect(meta(text, 'name', 'description')).toContain('1/5 모았어요 · 20%');
  });

  it('is one generic, noindex page for a private book, a missing one and a made-up id', async () => {
    const ids = [w.hidden.id, newId(), 'not-an-id', '%3Cscript%3E'];
    const pages = [];
    for (const id of ids) {
      const { status, text } = await page(`/publicBook/${id}`);
      expect(status, id).toBe(200);
      expect(text, id).toContain('<title>콜렉트북을 찾을 수 없어요 | 포카마켓</title>');
      expect(meta(text, 'name', 'robots'), id).toBe('noindex');
      expect(text).not.toContain('비밀 책');
      expect(text).not.toContain(w.owner.record.username as string);
      expect(text).not.toContain('<script>');
      // the same page but for the address it was asked at
      pages.push(text.replaceAll(/\/publicBook\/[^"]*/g, '/publicBook/ID'));
    }
    for (const p of pages.slice(1)) expect(p).toBe(pages[0]);
    // the shell of a book that exists says no more than that of one that never did
    expect(pages[0]).not.toContain(w.hidden.id);
  });

  it('never sends the page for a book its owner made private since', async () => {
    const { text: before } = await page(`/publicBook/${w.book.id}`);
    expect(meta(before, 'name', 'robots')).toBeUndefined();
    await w.owner.pb.collection('collectBook').update(w.book.id, { isPublic: false });
    try {
      const { text } = await page(`/publicBook/${w.book.id}`);
      expect(meta(text, 'name', 'robots')).toBe('noindex');
      expect(text).not.toContain('&quot;최애&quot;');
      expect((await answer(w.book.id)).found).toBe(false);
    } finally {
      await w.owner.pb.collection('collectBook').update(w.book.id, { isPublic: true });
    }
  });
});
