/**
 * The console's 카탈로그 section in Chromium against the shared seeded server (docs/operators.md,
 * Catalogue management; Merging two cards). A group of three new cards; fan1 and fan2 like, list
 * and tick two of them in their books through the API (fan1 both, fan2 the one that will be
 * merged away). Both fans' devices are synced; fan2's then goes offline. At 1280×800 the admin
 * finds the two cards (by group, and by the search route), picks them, chooses the survivor and
 * merges them after a confirm: the screen says what moved, and a second merge of the same card is
 * refused in the server's words (409). The server then holds both fans' likes, lists and books on
 * the survivor and the loser as a hidden redirect; fan1's device after a pull, and fan2's once it
 * is back online, show the survivor (liked) and leave the loser out of the group's grid.
 * Editing a card's title and front image through the form lands on the server and in the audit log
 * (card.update), a blank title is refused at the field, 숨기기 / 다시 보이기 work (card.hide,
 * card.unhide), a new card is added through the form, and a group's Korean name is edited while a
 * duplicate group name is refused at its field. At 390×844 the section fits the screen. Axe is
 * clean on each screen; screenshots go to ADMIN_SHOTS when set.
 */
import PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koCatalogue } from '../../src/features/admin/catalogue/ko.ts';
import { batchCreate, recordId, TINY_PNG } from '../../bench/lib/seed.ts';
import { axeViolations } from '../helpers/axe.ts';
import { openApp, PASSWORD, superuserClient, until } from '../helpers/app.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const t = koCatalogue;
const ADMIN = 'admin@example.com';
const FAN1 = 'fan1@example.com';
const FAN2 = 'fan2@example.com';
const STAMP = Date.now().toString(36);

let browser: Browser;
let su: PocketBase;
let fan1: PocketBase;
let fan2: PocketBase;
let fan1Id = '';
let fan2Id = '';

const groupId = recordId();
const GROUP_NAME = `MERGE${STAMP}`;
const keepId = recordId();
const loseId = recordId();
const editId = recordId();
const KEEP_TITLE = `남길 카드 ${STAMP}`;
const LOSE_TITLE = `합칠 카드 ${STAMP}`;
const EDIT_TITLE = `고칠 카드 ${STAMP}`;
/** Rows made by the fans and by the forms, deleted after the file. */
const made: Array<[collection: string, id: string]> = [];

async function fanClient(email: string): Promise<[PocketBase, string]> {
  const pb = new PocketBase(baseUrl());
  pb.autoCancellation(false);
  const auth = await pb.collection('users').authWithPassword(email, PASSWORD);
  return [pb, auth.record.id];
}

beforeAll(async () => {
  browser = await launchBrowser();
  su = await superuserClient();
  [fan1, fan1Id] = await fanClient(FAN1);
  [fan2, fan2Id] = await fanClient(FAN2);
  await su
    .collection('groups')
    .create({ id: groupId, groupName: GROUP_NAME, groupNameKo: `병합${STAMP}` });
  await batchCreate(
    su,
    'photoCards',
    [
      [keepId, KEEP_TITLE],
      [loseId, LOSE_TITLE],
      [editId, EDIT_TITLE],
    ].map(([id, title]) => ({
      id,
      group: groupId,
      groupName: GROUP_NAME,
      memberName: '병합멤버',
      title,
      label: '앨범',
    })),
  );

  // as the fans, through the API (tests/integration/admin-merge.test.ts, by the same rules):
  // likes: fan1 both, fan2 the loser; lists: fan1 has both, fan2 wants the loser; books: fan1's
  // holds the loser (also its cover), fan2's both
  const create = async (pb: PocketBase, collection: string, body: Record<string, unknown>) => {
    const row = await pb.collection(collection).create(body, { requestKey: null });
    made.push([collection, row.id]);
    return row.id;
  };
  await create(fan1, 'likes', { user: fan1Id, photoCard: keepId });
  await create(fan1, 'likes', { user: fan1Id, photoCard: loseId });
  await create(fan2, 'likes', { user: fan2Id, photoCard: loseId });
  await create(fan1, 'tradeItems', { user: fan1Id, photoCard: keepId, kind: 'have', spare: 2 });
  await create(fan1, 'tradeItems', { user: fan1Id, photoCard: loseId, kind: 'have', spare: 1 });
  await create(fan2, 'tradeItems', { user: fan2Id, photoCard: loseId, kind: 'want', spare: 0 });
  await create(fan1, 'collectBook', {
    users: fan1Id,
    title: `병합 책 ${STAMP}`,
    group: groupId,
    cardInfo: [loseId],
    cover: loseId,
  });
  await create(fan2, 'collectBook', {
    users: fan2Id,
    title: `두 장 책 ${STAMP}`,
    group: groupId,
    cardInfo: [keepId, loseId],
  });
}, 120_000);

afterAll(async () => {
  // the fans' rows first (a merge may have deleted some), then the cards (the loser names the
  // survivor), then the group: other files see no trace of them
  for (const [collection, id] of made.reverse()) {
    await su
      .collection(collection)
      .delete(id)
      .catch(() => undefined);
  }
  for (const collection of ['likes', 'tradeItems']) {
    const rows = await su
      .collection(collection)
      .getFullList({ filter: su.filter('photoCard.group = {:g}', { g: groupId }) })
      .catch(() => []);
    for (const r of rows)
      await su
        .collection(collection)
        .delete(r.id)
        .catch(() => undefined);
  }
  const cards = await su
    .collection('photoCards')
    .getFullList({ filter: su.filter('group = {:g}', { g: groupId }), sort: '-mergedInto' })
    .catch(() => []);
  for (const c of cards)
    await su
      .collection('photoCards')
      .delete(c.id)
      .catch(() => undefined);
  await su
    .collection('groups')
    .delete(groupId)
    .catch(() => undefined);
  await browser?.close();
}, 120_000);

async function shot(page: Page, name: string) {
  const dir = process.env['ADMIN_SHOTS'];
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

const row = (p: Page, id: string) =>
  p.locator(`[data-testid="catalogue-card-row"][data-card-id="${id}"]`);
const rows = (p: Page) => p.getByTestId('catalogue-card-row');
const candidate = (p: Page, id: string) =>
  p.locator(`[data-testid="catalogue-merge-candidate"][data-card-id="${id}"]`);
const tile = (p: Page, id: string) => p.locator(`[data-testid="photo-card"][data-card-id="${id}"]`);
const dialog = (p: Page) => p.locator('dialog[open]');

/**
 * Console errors we expect: the refused second merge (409), the duplicate group name (400), and
 * requests cut while a context is offline.
 */
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) =>
      !/status of 409 .*\/api\/pocamarket\/admin\/cards\/merge/.test(e) &&
      !/status of 400 .*\/api\/collections\/groups/.test(e) &&
      !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e),
  );

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(unexpected(errors)).toEqual([]);
  await context.close();
}

/** The admin's console on the catalogue section, narrowed to the test's group. */
async function openCatalogue(viewport: { width: number; height: number }) {
  const opened = await openApp(browser, viewport, {
    path: '/',
    login: ADMIN,
    serviceWorker: false,
  });
  const p = opened.page;
  await p.goto('/admin/catalogue');
  await p.getByTestId('admin-section-catalogue').waitFor();
  const select = p.getByTestId('catalogue-group-filter');
  await expect.poll(() => select.locator(`option[value="${groupId}"]`).count()).toBe(1);
  await select.selectOption(groupId);
  for (const id of [keepId, loseId, editId]) await row(p, id).waitFor();
  return opened;
}

/** The user's likes' cards on the device. */
const deviceLikes = (p: Page, user: string) =>
  p.evaluate(
    async (u) =>
      (await window.__pocamarket.db.likes.where('user').equals(u).toArray())
        .map((l: { photoCard: string }) => l.photoCard)
        .sort(),
    user,
  );

describe('merging two cards at 1280×800', () => {
  it('the admin merges them on the screen; both fans’ likes, lists and books follow, on the server and on their devices', async () => {
    // fan1's and fan2's devices, synced with their likes, lists and books (the books name the
    // group, so its cards are on the devices)
    const one = await openApp(browser, PHONE, {
      path: `/exchange?group=${groupId}`,
      login: FAN1,
      serviceWorker: false,
    });
    const two = await openApp(browser, PHONE, {
      path: `/exchange?group=${groupId}`,
      login: FAN2,
      serviceWorker: false,
    });
    await until(
      one.page,
      async ({ u, ids }) => {
        const liked = await window.__pocamarket.db.likes.where('user').equals(u).toArray();
        return ids.every((id) => liked.some((l: { photoCard: string }) => l.photoCard === id));
      },
      { u: fan1Id, ids: [keepId, loseId] },
      60_000,
    );
    await until(
      two.page,
      async ({ u, lose }) => {
        const db = window.__pocamarket.db;
        const liked = await db.likes.where('user').equals(u).toArray();
        const items = (await db.tradeItems.toArray()).filter(
          (i: { user: string; kind: string }) => i.user === u && i.kind === 'want',
        );
        return (
          liked.some((l: { photoCard: string }) => l.photoCard === lose) &&
          items.some((i: { photoCard: string }) => i.photoCard === lose) &&
          !!(await db.photoCards.get(lose))
        );
      },
      { u: fan2Id, lose: loseId },
      60_000,
    );
    await tile(one.page, loseId).waitFor();
    await tile(two.page, loseId).waitFor();
    expect(
      await tile(two.page, keepId).getByTestId('like-button').getAttribute('aria-pressed'),
    ).toBe('false');
    // fan2's phone goes offline before the merge
    await two.context.setOffline(true);

    // the admin finds the two cards: the group, then the search route
    const { context, page: p, errors } = await openCatalogue(DESKTOP);
    const search = p.getByTestId('catalogue-search');
    await search.fill(KEEP_TITLE);
    await expect.poll(() => rows(p).count()).toBe(1);
    await row(p, keepId).waitFor();
    await search.fill('');
    await row(p, loseId).waitFor();
    // each row: the names, the label and the id
    expect(await row(p, loseId).textContent()).toContain('병합멤버');
    expect(await row(p, loseId).getByTestId('catalogue-card-title').textContent()).toBe(LOSE_TITLE);
    expect(await row(p, loseId).textContent()).toContain('앨범');
    expect(await row(p, loseId).getByTestId('catalogue-card-id').textContent()).toBe(loseId);

    // picked, side by side with their like counts; the survivor chosen
    await row(p, loseId).getByTestId('catalogue-card-pick').click();
    await row(p, keepId).getByTestId('catalogue-card-pick').click();
    const panel = p.getByTestId('catalogue-merge');
    await expect.poll(() => panel.getByTestId('catalogue-merge-candidate').count()).toBe(2);
    expect(await candidate(p, keepId).textContent()).toContain(t.likes(1));
    expect(await candidate(p, loseId).textContent()).toContain(t.likes(2));
    expect(await panel.getByTestId('catalogue-merge-submit').isDisabled()).toBe(true);
    await candidate(p, keepId).getByTestId('catalogue-merge-keep').check();
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-catalogue-merge');

    // confirmed: the dialog says what moves
    await panel.getByTestId('catalogue-merge-submit').click();
    await dialog(p).waitFor();
    const said = (await dialog(p).textContent()) ?? '';
    expect(said).toContain(LOSE_TITLE);
    expect(said).toContain(KEEP_TITLE);
    expect(said).toContain('좋아요');
    await dialog(p).getByRole('button', { name: t.merge }).click();
    const result = panel.getByTestId('catalogue-merge-result');
    await result.waitFor();
    const moved = async (kind: string) =>
      result.locator(`[data-kind="${kind}"]`).getByTestId('catalogue-moved-count').textContent();
    expect(await moved('likes')).toBe(t.movedCount(1));
    expect(await moved('likesDropped')).toBe(t.movedCount(1));
    expect(await moved('tradeItems')).toBe(t.movedCount(1));
    expect(await moved('tradeItemsMerged')).toBe(t.movedCount(1));
    expect(await moved('collectBook.cardInfo')).toBe(t.movedCount(2));
    expect(await moved('collectBook.cover')).toBe(t.movedCount(1));
    expect(await result.textContent()).toContain(t.movedKinds['likes']);
    // the loser's row: hidden, merged, nothing more to do but edit
    await row(p, loseId).getByTestId('catalogue-merged-badge').waitFor();
    expect(await row(p, loseId).getByTestId('catalogue-hidden-badge').count()).toBe(1);
    expect(await row(p, loseId).getByTestId('catalogue-card-pick').count()).toBe(0);
    expect(await panel.getByTestId('catalogue-merge-candidate').count()).toBe(0);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-catalogue-merged');

    // merging the loser again (entered by id): the server's 409, in its words
    await panel.getByTestId('catalogue-merge-id').fill(loseId);
    await panel.getByTestId('catalogue-merge-add').click();
    await expect.poll(() => panel.getByTestId('catalogue-merge-candidate').count()).toBe(1);
    await panel.getByTestId('catalogue-merge-id').fill('not-an-id');
    await panel.getByTestId('catalogue-merge-add').click();
    await expect
      .poll(() => panel.getByTestId('catalogue-merge-id-error').textContent())
      .toBe(t.mergeIdInvalid);
    await panel.getByTestId('catalogue-merge-id').fill(keepId);
    await panel.getByTestId('catalogue-merge-add').click();
    await expect.poll(() => panel.getByTestId('catalogue-merge-candidate').count()).toBe(2);
    await candidate(p, keepId).getByTestId('catalogue-merge-keep').check();
    await panel.getByTestId('catalogue-merge-submit').click();
    await dialog(p).getByRole('button', { name: t.merge }).click();
    await expect
      .poll(() => panel.getByTestId('catalogue-merge-error').textContent())
      .toBe('이미 다른 카드에 합쳐진 카드예요.');

    // the server: everything on the survivor, the loser a hidden redirect
    const likes = await su.collection('likes').getFullList({
      filter: su.filter('photoCard = {:k} || photoCard = {:l}', { k: keepId, l: loseId }),
    });
    expect(likes.map((l) => [l['user'], l['photoCard']]).sort()).toEqual(
      [
        [fan1Id, keepId],
        [fan2Id, keepId],
      ].sort(),
    );
    const items = await su.collection('tradeItems').getFullList({
      filter: su.filter('photoCard = {:k} || photoCard = {:l}', { k: keepId, l: loseId }),
    });
    expect(items.map((i) => [i['user'], i['photoCard'], i['kind'], i['spare']]).sort()).toEqual(
      [
        [fan1Id, keepId, 'have', 3],
        [fan2Id, keepId, 'want', 0],
      ].sort(),
    );
    const books = await su.collection('collectBook').getFullList({
      filter: su.filter('group = {:g}', { g: groupId }),
    });
    const bookOf = (user: string) => books.find((b) => b['users'] === user)!;
    expect(bookOf(fan1Id)).toMatchObject({ cardInfo: [keepId], cover: keepId });
    expect(bookOf(fan2Id)['cardInfo']).toEqual([keepId]);
    const [keep, lose] = await Promise.all([
      su.collection('photoCards').getOne(keepId),
      su.collection('photoCards').getOne(loseId),
    ]);
    expect(keep).toMatchObject({ hidden: false, mergedInto: '', likeCount: 2 });
    expect(lose).toMatchObject({ hidden: true, mergedInto: keepId, likeCount: 0 });
    const audit = await su.collection('auditLog').getFullList({
      filter: su.filter('action = "card.merge" && targetId = {:id}', { id: loseId }),
    });
    expect(audit).toHaveLength(1);

    // fan1's device, after a pull: one like, on the survivor; the loser out of the grid
    await until(
      one.page,
      async ({ lose, keep }) => {
        await window.__pocamarket.engine.pull();
        const card = await window.__pocamarket.db.photoCards.get(lose);
        return card?.mergedInto === keep && card.hidden === true;
      },
      { lose: loseId, keep: keepId },
      60_000,
    );
    await expect.poll(() => deviceLikes(one.page, fan1Id)).toContain(keepId);
    expect(await deviceLikes(one.page, fan1Id)).not.toContain(loseId);
    await expect.poll(() => tile(one.page, loseId).count()).toBe(0);
    expect(
      await tile(one.page, keepId).getByTestId('like-button').getAttribute('aria-pressed'),
    ).toBe('true');

    // fan2's device, back online: after its pull, its like, want and book name the survivor
    await two.context.setOffline(false);
    await until(
      two.page,
      async ({ u, keep, lose }) => {
        await window.__pocamarket.engine.pull();
        const db = window.__pocamarket.db;
        const liked = (await db.likes.where('user').equals(u).toArray()).map(
          (l: { photoCard: string }) => l.photoCard,
        );
        const items = (await db.tradeItems.toArray())
          .filter((i: { user: string; kind: string }) => i.user === u && i.kind === 'want')
          .map((i: { photoCard: string }) => i.photoCard);
        const card = await db.photoCards.get(lose);
        return (
          liked.includes(keep) &&
          !liked.includes(lose) &&
          items.includes(keep) &&
          !items.includes(lose) &&
          card?.mergedInto === keep
        );
      },
      { u: fan2Id, keep: keepId, lose: loseId },
      60_000,
    );
    await expect.poll(() => tile(two.page, loseId).count()).toBe(0);
    await expect
      .poll(() => tile(two.page, keepId).getByTestId('like-button').getAttribute('aria-pressed'))
      .toBe('true');

    await closeClean(one.context, one.errors);
    await closeClean(two.context, two.errors);
    await closeClean(context, errors);
  }, 300_000);
});

describe('editing the catalogue at 1280×800', () => {
  it('edits a card’s title and image, hides and shows it, adds a card and edits a group; the server and the audit log have each', async () => {
    // as the file made it (a retry starts again from there; a superuser's write is not audited)
    await su
      .collection('photoCards')
      .update(editId, { title: EDIT_TITLE, label: '앨범', hidden: false });
    const { context, page: p, errors } = await openCatalogue(DESKTOP);

    // a blank title: said at the field, nothing sent
    await row(p, editId).getByTestId('catalogue-card-edit').click();
    const form = row(p, editId).getByTestId('catalogue-card-form');
    await form.waitFor();
    expect(await form.getByTestId('catalogue-card-title').inputValue()).toBe(EDIT_TITLE);
    expect(await form.getByTestId('catalogue-card-group').inputValue()).toBe(groupId);
    await form.getByTestId('catalogue-card-title').fill('  ');
    await form.getByTestId('catalogue-card-save').click();
    await expect
      .poll(() => form.getByTestId('catalogue-card-error-title').textContent())
      .toBe(t.needTitle);
    expect(await form.getByTestId('catalogue-card-title').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-catalogue-edit');

    // the title, the label and a front image: one write
    const title = `${EDIT_TITLE} (고침)`;
    await form.getByTestId('catalogue-card-title').fill(title);
    await form.getByTestId('catalogue-card-label').selectOption('특전');
    await form
      .getByTestId('catalogue-card-cardImg')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: TINY_PNG });
    await form.getByTestId('catalogue-card-save').click();
    await expect.poll(() => row(p, editId).getByTestId('catalogue-card-form').count()).toBe(0);
    expect(await row(p, editId).getByTestId('catalogue-card-title').textContent()).toBe(title);
    await expect.poll(() => row(p, editId).locator('img').count()).toBe(1);
    const edited = await su.collection('photoCards').getOne(editId);
    expect(edited).toMatchObject({ title, label: '특전', memberName: '병합멤버' });
    expect(edited['cardImg']).not.toBe('');

    // 숨기기, then 다시 보이기
    await row(p, editId).getByTestId('catalogue-card-hide').click();
    await row(p, editId).getByTestId('catalogue-hidden-badge').waitFor();
    expect(await row(p, editId).getByTestId('catalogue-card-hide').textContent()).toBe(t.unhide);
    expect((await su.collection('photoCards').getOne(editId))['hidden']).toBe(true);
    // the hidden ones only: it is there
    await p.getByTestId('catalogue-hidden-filter').check();
    await expect.poll(() => row(p, keepId).count()).toBe(0);
    await row(p, editId).waitFor();
    await row(p, editId).getByTestId('catalogue-card-hide').click();
    await expect.poll(() => row(p, editId).getByTestId('catalogue-hidden-badge').count()).toBe(0);
    expect((await su.collection('photoCards').getOne(editId))['hidden']).toBe(false);
    await p.getByTestId('catalogue-hidden-filter').uncheck();
    await row(p, keepId).waitFor();

    // the audit log: the edit, the hide, the unhide
    const entries = await su.collection('auditLog').getFullList({
      filter: su.filter('targetCollection = "photoCards" && targetId = {:id}', { id: editId }),
      sort: 'created,id',
    });
    const last = entries.slice(-3);
    expect(last.map((e) => e['action'])).toEqual(['card.update', 'card.hide', 'card.unhide']);
    expect((last[0]!['before'] as { title: string }).title).toBe(EDIT_TITLE);
    expect((last[0]!['after'] as { title: string }).title).toBe(title);

    // a new card through the form (the list's group is the form's)
    await p.getByTestId('catalogue-new-card').click();
    const create = p.getByTestId('catalogue-card-form');
    await create.waitFor();
    expect(await create.getByTestId('catalogue-card-group').inputValue()).toBe(groupId);
    const newTitle = `새 카드 ${STAMP}`;
    await create.getByTestId('catalogue-card-memberName').fill('새멤버');
    await create.getByTestId('catalogue-card-memberNameEn').fill('NEWMEMBER');
    await create.getByTestId('catalogue-card-title').fill(newTitle);
    await create.getByTestId('catalogue-card-release').fill(`1st Mini ${STAMP}`);
    await create.getByTestId('catalogue-card-save').click();
    await expect.poll(() => p.getByTestId('catalogue-card-form').count()).toBe(0);
    const [added] = await su.collection('photoCards').getFullList({
      filter: su.filter('title = {:t}', { t: newTitle }),
    });
    expect(added).toMatchObject({
      group: groupId,
      groupName: GROUP_NAME,
      memberName: '새멤버',
      memberNameEn: 'NEWMEMBER',
      release: `1st Mini ${STAMP}`,
      label: '',
      hidden: false,
    });
    made.push(['photoCards', added!.id]);
    // the list is read again: the new card first (newest first)
    await expect.poll(() => rows(p).first().getAttribute('data-card-id')).toBe(added!.id);
    const createdAudit = await su.collection('auditLog').getFullList({
      filter: su.filter('action = "card.create" && targetId = {:id}', { id: added!.id }),
    });
    expect(createdAudit).toHaveLength(1);

    // groups: a name already taken is refused at the field; the Korean name is edited
    await p.getByTestId('catalogue-groups-toggle').click();
    const groups = p.getByTestId('catalogue-groups');
    await groups.getByTestId('catalogue-group-new').click();
    const groupForm = groups.getByTestId('catalogue-group-form');
    await groupForm.getByTestId('catalogue-group-name').fill(GROUP_NAME);
    await groupForm.getByTestId('catalogue-group-save').click();
    await expect
      .poll(() => groupForm.getByTestId('catalogue-group-error-groupName').textContent())
      .toBe('이미 사용 중인 값입니다.');
    expect(
      await su.collection('groups').getFullList({
        filter: su.filter('groupName = {:n}', { n: GROUP_NAME }),
      }),
    ).toHaveLength(1);
    await groupForm.getByRole('button', { name: t.cancel }).click();
    await groups.getByTestId('catalogue-group-pick').selectOption(groupId);
    await groups.getByTestId('catalogue-group-edit').click();
    await expect
      .poll(() => groups.getByTestId('catalogue-group-name').inputValue())
      .toBe(GROUP_NAME);
    await groups.getByTestId('catalogue-group-name-ko').fill(`고친병합${STAMP}`);
    await groups.getByTestId('catalogue-group-save').click();
    await expect
      .poll(async () => (await su.collection('groups').getOne(groupId))['groupNameKo'])
      .toBe(`고친병합${STAMP}`);
    await expect.poll(() => groups.getByTestId('catalogue-group-form').count()).toBe(0);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-catalogue-groups');
    await closeClean(context, errors);
  }, 240_000);
});

describe('the section at 390×844', () => {
  it('fits the screen with its filters, rows, merge panel and form', async () => {
    const { context, page: p, errors } = await openCatalogue(PHONE);
    const fits = () => p.evaluate(() => document.documentElement.scrollWidth);
    expect(await fits()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-catalogue');

    // two cards picked: the panel holds them side by side
    await row(p, editId).getByTestId('catalogue-card-pick').click();
    await row(p, keepId).getByTestId('catalogue-card-pick').click();
    const panel = p.getByTestId('catalogue-merge');
    await expect.poll(() => panel.getByTestId('catalogue-merge-candidate').count()).toBe(2);
    const [a, b] = [
      (await candidate(p, editId).boundingBox())!,
      (await candidate(p, keepId).boundingBox())!,
    ];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(await fits()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(p)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await shot(p, 'phone-catalogue-merge');

    await row(p, editId).getByTestId('catalogue-card-edit').click();
    await row(p, editId).getByTestId('catalogue-card-form').waitFor();
    expect(await fits()).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-catalogue-edit');
    await closeClean(context, errors);
  });
});
