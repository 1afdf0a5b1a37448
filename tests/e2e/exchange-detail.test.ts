/**
 * The exchange detail (/exchangeDetail/{id}) and the profile's exchange status panel, driven
 * through the screens in Chromium against the real PocketBase: what a fan sees, and what the
 * server ends up holding (read with a superuser client, never through the app).
 */
import type PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko-features.ts';
import { koPostTerms } from '../../src/features/exchange/ko-post-terms.ts';
import { login, openApp, superuserClient, waitForOutboxEmpty } from '../helpers/app.ts';
import { baseUrl, renderedPage } from '../helpers/e2e-server.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, launchBrowser, newContext, PHONE } from '../helpers/browser.ts';

type Status = '교환대기중' | '교환중' | '교환완료';

let browser: Browser;
let admin: PocketBase;
let ids: { fan1: string; fan2: string };
/** Cards for the tests to write on: one each, so their post lists do not mix. */
let cards: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const userId = async (email: string) =>
    (await admin.collection('users').getFirstListItem(admin.filter('email = {:email}', { email })))
      .id;
  ids = {
    fan1: await userId('fan1@example.com'),
    fan2: await userId('fan2@example.com'),
  };
  cards = (await admin.collection('photoCards').getList(1, 20, { sort: 'created' })).items.map(
    (c) => c.id,
  );
});

afterAll(async () => {
  await browser?.close();
});

let serial = 0;
/** A post text no other test (or run) writes: digits only, so no swear word can appear by chance. */
const uniqueText = (what: string) => `${what} 교환 원해요 ${Date.now()}${++serial}`;

async function serverPosts(description: string) {
  const filter = admin.filter('description = {:d}', { d: description });
  return admin.collection('exchangeList').getFullList({ filter });
}

/** A post written straight on the server (another device), before the app opens. */
function seedPost(writer: string, card: string, description: string, status: Status) {
  return admin.collection('exchangeList').create({ writer, photoCard: card, description, status });
}

/** The server holds exactly one post with this text, by `writer` on `card`, waiting. */
async function expectOnePost(text: string, writer: string, card: string) {
  const saved = await serverPosts(text);
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ writer, photoCard: card, status: '교환대기중' });
}

async function serverCounts(writer: string): Promise<Record<Status, number>> {
  const filter = admin.filter('writer = {:w}', { w: writer });
  const posts = await admin.collection('exchangeList').getFullList({ filter });
  const counts: Record<Status, number> = { 교환대기중: 0, 교환중: 0, 교환완료: 0 };
  for (const p of posts) counts[p['status'] as Status] += 1;
  return counts;
}

const postItem = (p: Page, text: string) =>
  p.getByTestId('exchange-post').filter({ hasText: text });
const dialog = (p: Page) => p.locator('dialog[open]');

/** Waits for the confirm dialog with `message` and presses `button`. */
async function answer(p: Page, message: string, button: string) {
  await dialog(p).getByText(message).waitFor();
  await dialog(p).getByRole('button', { name: button }).click();
  await dialog(p).waitFor({ state: 'detached' });
}

const serverPost = (id: string) => admin.collection('exchangeList').getOne(id);
const expectGone = (id: string) => expect(serverPost(id)).rejects.toMatchObject({ status: 404 });

/** The card's detail on a new device; without the service worker unless `worker` (offline). */
async function openDetail(
  viewport: typeof PHONE | typeof DESKTOP,
  card: string,
  login?: string,
  worker = false,
) {
  const app = await openApp(browser, viewport, {
    path: `/exchangeDetail/${card}`,
    login,
    serviceWorker: worker,
  });
  await app.page.getByTestId('card-panel').waitFor();
  return app;
}

/** Writes a post through the form and waits for the success toast. */
async function writePost(p: Page, text: string) {
  await p.getByTestId('post-textarea').first().fill(text);
  await p.getByTestId('post-submit').click();
  await p.getByText(ko.messages.exchangeSaved).first().waitFor();
}

/** Ends a test: no console errors on the page, then the device is closed. */
async function closeClean(context: BrowserContext, errors: string[]) {
  expect(errors).toEqual([]);
  await context.close();
}

const ignoreOffline = (errors: string[]) =>
  errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e));

describe.each([
  ['phone', PHONE, 0],
  ['desktop', DESKTOP, 1],
] as const)('exchange detail at %s size', (_name, viewport, slot) => {
  it('asks a logged-out fan to log in, and its confirm goes to /login', async () => {
    const { context, page: p, errors } = await openDetail(viewport, cards[slot]!);
    await p.getByTestId('card-panel').getByRole('img').first().waitFor();
    await expect.poll(() => p.getByTestId('like-button').isVisible()).toBe(true);
    await expect.poll(() => p.getByText(ko.exchange.imageSizeNote).isVisible()).toBe(true);

    // a click in the field asks; cancel only closes
    await p.getByTestId('post-textarea').click();
    await answer(p, ko.messages.loginRequired, ko.dialog.cancel);
    expect(new URL(p.url()).pathname).toBe(`/exchangeDetail/${cards[slot]}`);

    // typing asks too, and nothing is typed
    await p.getByTestId('post-textarea').focus();
    await p.keyboard.press('a');
    await answer(p, ko.messages.loginRequired, ko.dialog.cancel);
    expect(await p.getByTestId('post-textarea').inputValue()).toBe('');

    // submitting asks; confirm goes to the login screen
    await p.getByTestId('post-submit').click();
    await answer(p, ko.messages.loginRequired, ko.dialog.confirm);
    await expect.poll(() => new URL(p.url()).pathname).toBe('/login');
    expect(await p.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(0);
    await closeClean(context, errors);
  });

  // behaviour, not layout: once, at phone size
  it.runIf(viewport === PHONE)(
    'lets fan1 write a post: toast, top of the list, one on the server as 교환대기중',
    async () => {
      const card = cards[2 + slot]!;
      const { context, page: p, errors } = await openDetail(viewport, card, 'fan1@example.com');
      const filter = admin.filter('photoCard = {:c}', { c: card });
      const before = await admin.collection('exchangeList').getFullList({ filter });
      const text = uniqueText('은석');
      await writePost(p, text);
      expect(await p.getByTestId('post-textarea').inputValue()).toBe('');
      const first = p.getByTestId('exchange-post').first();
      await expect.poll(() => first.getByTestId('post-description').textContent()).toBe(text);
      // the writer sees the status once, as the select (docs/product-rules.md, Exchange posts)
      expect(await first.getByTestId('post-status-select').inputValue()).toBe('교환대기중');
      expect(await first.getByTestId('post-status').count()).toBe(0);
      expect(await first.getByTestId('post-writer').textContent()).not.toBe(
        ko.common.loadingWriter,
      );
      await expect.poll(() => first.getByText(ko.relativeTime.justNow).isVisible()).toBe(true);
      await expect
        .poll(() => p.getByTestId('post-count').textContent())
        .toBe(ko.exchange.postCount(before.length + 1));
      await waitForOutboxEmpty(p);
      await expectOnePost(text, ids.fan1, card);
      await expect.poll(() => first.locator('[data-pending-mark]').count()).toBe(0);
      // the writer's controls (status select, edit, delete) and others' chat links pass axe
      await p.getByText(ko.messages.exchangeSaved).first().waitFor({ state: 'detached' });
      expect(await axeViolations(p)).toEqual([]);
      await closeClean(context, errors);
    },
  );

  // the same checks at both sizes (no layout in them): once, on a phone
  it.runIf(viewport === PHONE)(
    'refuses 151 characters, profanity and an empty post, queuing nothing',
    async () => {
      const card = cards[4 + slot]!;
      const { context, page: p, errors } = await openDetail(viewport, card, 'fan1@example.com');
      const field = p.getByTestId('post-textarea');
      const submit = p.getByTestId('post-submit');

      // over the limit: a paste of 151 stays visible, the counter turns red, submit is disabled
      await field.fill('가'.repeat(151));
      expect(await p.getByTestId('post-counter').textContent()).toContain('151/150');
      expect(await p.getByTestId('post-error').textContent()).toBe(ko.validation.exchangeTooLong);
      expect(await submit.isDisabled()).toBe(true);
      expect(await axeViolations(p)).toEqual([]);
      await field.press('Control+Enter');
      await field.fill('가'.repeat(150));
      expect(await submit.isDisabled()).toBe(false);
      expect(await p.getByTestId('post-error').count()).toBe(0);

      // profanity, hidden by a space and by full-width letters
      const profane = [`시 발 ${Date.now()}`, `ｆｕｃｋ 교환 ${Date.now()}`];
      for (const text of profane) {
        await field.fill(text);
        await submit.click();
        await expect
          .poll(() => p.getByTestId('post-error').textContent())
          .toBe(ko.validation.exchangeProfanity);
      }

      // empty
      await field.fill('   ');
      await submit.click();
      await expect
        .poll(() => p.getByTestId('post-error').textContent())
        .toBe(ko.validation.exchangeEmpty);

      expect(await p.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(0);
      expect(await p.getByText(ko.messages.exchangeSaved).count()).toBe(0);
      for (const text of profane) expect(await serverPosts(text)).toHaveLength(0);
      await closeClean(context, errors);
    },
  );
});

describe('exchange posts: the writer, other fans and the admin', () => {
  it('lets the writer edit, move the status and delete, with the server following', async () => {
    const card = cards[6]!;
    const { context, page: p, errors } = await openDetail(DESKTOP, card, 'fan1@example.com');
    const text = uniqueText('원빈');
    await writePost(p, text);
    await waitForOutboxEmpty(p);
    const [created] = await serverPosts(text);
    // by id: the text changes under edit
    const item = p.locator(`[data-post-id="${created!.id}"]`);

    // edit: the same checks, then saved
    const edited = uniqueText('원빈 수정');
    await item.getByTestId('post-edit').click();
    const editor = item.getByTestId('post-textarea');
    await editor.fill('씨 발');
    await item.getByTestId('post-save').click();
    await expect
      .poll(() => item.getByTestId('post-error').textContent())
      .toBe(ko.validation.exchangeProfanity);
    await editor.fill('가'.repeat(151));
    expect(await item.getByTestId('post-save').isDisabled()).toBe(true);
    await editor.fill(edited);
    await item.getByTestId('post-save').click();
    await p.getByText(ko.messages.exchangeEdited).first().waitFor();
    await postItem(p, edited).waitFor();
    await waitForOutboxEmpty(p);
    expect((await serverPost(created!.id))['description']).toBe(edited);

    // cancel leaves the text as it was
    await item.getByTestId('post-edit').click();
    await item.getByTestId('post-textarea').fill('취소될 글');
    await item.getByRole('button', { name: ko.exchange.cancel }).click();
    expect(await item.getByTestId('post-description').textContent()).toBe(edited);

    // status: 교환대기중 → 교환중 → 교환완료
    for (const status of ['교환중', '교환완료'] as const) {
      await item.getByTestId('post-status-select').selectOption(status);
      await expect.poll(() => item.getByTestId('post-status-select').inputValue()).toBe(status);
      await waitForOutboxEmpty(p);
      expect((await serverPost(created!.id))['status']).toBe(status);
    }

    // delete: confirm, toast, gone here and on the server
    await item.getByTestId('post-delete').click();
    await answer(p, ko.exchange.deleteConfirm, ko.exchange.delete);
    await p.getByText(ko.messages.exchangeDeleted).first().waitFor();
    await item.waitFor({ state: 'detached' });
    await waitForOutboxEmpty(p);
    await expectGone(created!.id);
    await closeClean(context, errors);
  });

  it("shows fan2 a chat button on fan1's post and no edit, delete or status", async () => {
    const card = cards[7]!;
    const text = uniqueText('앤톤');
    await seedPost(ids.fan1, card, text, '교환대기중');
    const { context, page: p, errors } = await openDetail(PHONE, card, 'fan2@example.com');
    const item = postItem(p, text);
    await item.waitFor();
    await expect
      .poll(() => item.getByTestId('post-writer').textContent())
      .not.toBe(ko.common.loadingWriter);
    // fan1 is shown to fan2 by their nickname, never their name (김팬일), which the server
    // never sent to fan2's device
    expect(await item.getByTestId('post-writer').textContent()).toBe('별빛포카');
    expect(await p.content()).not.toContain('김팬일');
    const stored = await p.evaluate(
      (id) =>
        window.__pocamarket.db.users.get(id).then((u: { name?: string } | undefined) => u?.name),
      ids.fan1,
    );
    expect(stored).toBeFalsy();
    expect(await item.getByTestId('post-edit').count()).toBe(0);
    expect(await item.getByTestId('post-delete').count()).toBe(0);
    expect(await item.getByTestId('post-status-select').count()).toBe(0);
    // 채팅 opens (or reuses) the conversation with the writer about this post
    await item.getByRole('link', { name: ko.exchange.chat }).click();
    await expect.poll(() => new URL(p.url()).pathname).toMatch(/^\/chatting\/[a-z0-9]{15}$/);
    await p.getByTestId('thread-context').waitFor();
    await closeClean(context, errors);
  });

  it("lets the admin delete fan2's post (but not move its status)", async () => {
    const card = cards[8]!;
    const text = uniqueText('성찬');
    const post = await seedPost(ids.fan2, card, text, '교환대기중');
    const { context, page: p, errors } = await openDetail(PHONE, card);
    await login(p, 'admin@example.com');
    const item = postItem(p, text);
    await item.waitFor();
    expect(await item.getByTestId('post-status-select').count()).toBe(0);
    expect(await item.getByRole('link', { name: ko.exchange.chat }).count()).toBe(1);
    await item.getByTestId('post-delete').click();
    await answer(p, ko.exchange.deleteConfirm, ko.exchange.delete);
    await p.getByText(ko.messages.exchangeDeleted).first().waitFor();
    await item.waitFor({ state: 'detached' });
    await waitForOutboxEmpty(p);
    await expectGone(post.id);
    await closeClean(context, errors);
  });
});

describe('a busy card', () => {
  it('shows its posts 20 at a time, the first screen and the page alike', async () => {
    const card = cards[11]!;
    const tag = uniqueText('원빈');
    const batch = admin.createBatch();
    for (let i = 1; i <= 25; i++) {
      batch.collection('exchangeList').create({
        writer: ids.fan2,
        photoCard: card,
        description: `${tag} #${i}`,
        status: '교환대기중',
      });
    }
    await batch.send();
    const total = (
      await admin.collection('exchangeList').getList(1, 1, {
        filter: admin.filter('photoCard = {:c}', { c: card }),
      })
    ).totalItems;
    expect(total).toBeGreaterThanOrEqual(25);

    // the server-rendered first screen draws one page of posts, not all of them
    const html = await renderedPage(`/exchangeDetail/${card}`);
    expect(html.match(/data-testid="exchange-post"/g) ?? []).toHaveLength(20);

    // a first visit as a fan makes it (the data layer starts at the first key, not at once as
    // the test API would), recording every count the page shows from the server's markup on:
    // it never reads the first screen's 20 while the rest of the card's posts are being read
    const context = await newContext(browser, PHONE, baseUrl(), { serviceWorker: false });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __postCounts: string[] }).__postCounts = seen;
      const note = () => {
        const t = document.querySelector('[data-testid="post-count"]')?.textContent ?? null;
        if (t !== null && seen[seen.length - 1] !== t) seen.push(t);
      };
      new MutationObserver(note).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const p = await context.newPage();
    const errors: string[] = [];
    p.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    // PocketBase serves the shell when a render takes over 4 s (pb_hooks/lib/ssr.js), as one
    // reading the card's posts again can on a loaded machine: this is about the drawn page, so a
    // shell is asked again once the renderer has drawn it
    const path = `/exchangeDetail/${card}`;
    let served = '';
    for (let i = 0; i < 5 && !served.includes('id="first-screen"'); i++) {
      if (i) await renderedPage(path);
      served = (await (await p.goto(path))?.text()) ?? '';
    }
    expect(served).toContain('id="first-screen"');
    // hydrated: React has attached to the server's button
    await expect
      .poll(() =>
        p.evaluate(() => {
          const el = document.querySelector('[data-testid="more-posts"]');
          return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
        }),
      )
      .toBe(true);
    await p.getByTestId('post-count').getByText(ko.exchange.postCount(total)).waitFor();
    const posts = p.getByTestId('exchange-post');
    expect(await posts.count()).toBe(20);
    // newest first: the last one written heads the list
    expect(await posts.first().textContent()).toContain(`${tag} #25`);
    const more = p.getByRole('button', { name: ko.exchange.morePosts(Math.min(20, total - 20)) });
    await more.focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => posts.count()).toBe(Math.min(40, total));
    expect(await p.getByText(`${tag} #1`, { exact: true }).count()).toBe(1);
    if (total <= 40) expect(await p.getByTestId('more-posts').count()).toBe(0);
    expect(
      await p.evaluate(() => (window as unknown as { __postCounts: string[] }).__postCounts),
    ).toEqual([ko.exchange.postCount(total)]);
    await closeClean(context, errors);
  });
});

describe('offline', () => {
  it('opens a visited card offline and sends a post written there exactly once', async () => {
    const card = cards[9]!;
    const seeded = uniqueText('소희');
    await seedPost(ids.fan2, card, seeded, '교환중');
    // with the service worker: the page is reloaded offline
    const { context, page: p, errors } = await openDetail(PHONE, card, 'fan1@example.com', true);
    await postItem(p, seeded).waitFor();
    // let the card image load once, so the service worker has it
    await p.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=card-panel] img')].every(
        (i) => (i as HTMLImageElement).complete,
      ),
    );
    await context.setOffline(true);
    await p.reload();
    await p.getByTestId('card-panel').waitFor();
    await postItem(p, seeded).waitFor();
    const image = p.getByTestId('card-panel').locator('img').first();
    expect(await image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const text = uniqueText('오프라인');
    // offline the toast says the post is only on the device (docs/product-rules.md)
    await p.getByTestId('post-textarea').first().fill(text);
    await p.getByTestId('post-submit').click();
    await p.getByText(koPostTerms.queued.created).first().waitFor();
    const item = postItem(p, text);
    // on top of the list as soon as the local store has it (a live query, not the server)
    await expect.poll(() => p.getByTestId('exchange-post').first().textContent()).toContain(text);
    await item.locator('[data-pending-mark=pending]').waitFor();
    await expect
      .poll(() => p.getByTestId('pending-count').textContent())
      .toBe(ko.sync.pendingCount(1));
    expect(await serverPosts(text)).toHaveLength(0);

    await context.setOffline(false);
    await waitForOutboxEmpty(p);
    await item.locator('[data-pending-mark]').waitFor({ state: 'detached' });
    await expectOnePost(text, ids.fan1, card);
    await closeClean(context, ignoreOffline(errors));
  });
});

describe('profile exchange status', () => {
  // the panel's three counts, by the status each stands for
  const shownCounts = (p: Page) =>
    p.evaluate(() => {
      const panel = document.querySelector('[data-testid=exchange-status]')!;
      const items = [...panel.querySelectorAll<HTMLElement>('[data-status]')];
      return Object.fromEntries(
        items.map((d) => [d.dataset['status'], +d.lastChild!.textContent!]),
      );
    });

  it("matches the server's counts of fan2's posts and follows a status change", async () => {
    const card = cards[10]!;
    const text = uniqueText('쇼타로');
    await seedPost(ids.fan2, card, text, '교환대기중');
    const login = 'fan2@example.com';
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, {
      path: '/profile',
      login,
      serviceWorker: false,
    });
    await p.getByTestId('exchange-status').waitFor();
    const before = await serverCounts(ids.fan2);
    await expect.poll(() => shownCounts(p)).toEqual(before);
    await p.goto(`/exchangeDetail/${card}`);
    const item = postItem(p, text);
    await item.getByTestId('post-status-select').selectOption('교환중');
    await expect.poll(() => item.getByTestId('post-status-select').inputValue()).toBe('교환중');
    await waitForOutboxEmpty(p);

    await p.getByRole('link', { name: ko.nav.tabs.profile }).click();
    await p.getByTestId('exchange-status').waitFor();
    const after = await serverCounts(ids.fan2);
    expect(after).toEqual({
      ...before,
      교환대기중: before.교환대기중 - 1,
      교환중: before.교환중 + 1,
    });
    await expect.poll(() => shownCounts(p)).toEqual(after);
    expect(await axeViolations(p)).toEqual([]);
    await closeClean(context, errors);
  });

  it('shows a logged-out fan a way to log in', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, DESKTOP, {
      path: '/profile',
      serviceWorker: false,
    });
    const prompt = p.getByTestId('profile-logged-out');
    await prompt.waitFor();
    await prompt.getByRole('link', { name: ko.profile.loginLink }).click();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/login');
    await closeClean(context, errors);
  });
});
