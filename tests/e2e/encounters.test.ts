/**
 * 만난 팬 in Chromium at phone size (docs/encounters.md): at a cafe event with no signal, fan2
 * (having scanned fan1's trade code) saves the encounter, queues a proposal and a message through
 * the write API the actions panel uses (the test handle's `repos`), and notes something on the
 * /encounters screen, all offline. The screen shows the encounter at once. Back online, the server
 * holds exactly one encounter (with the note), one proposal and one message. Then the encounter is
 * deleted from the screen with its confirm, and the server no longer has it. The screen passes the
 * accessibility audit at 390×844 and 1280×800, and opens with no network after a reload (the
 * service worker and the local store).
 *
 * The two fans are made for this file and deleted at the end (their rows go with them), so the
 * demo fans' data stays as seeded.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koEncounterScreens } from '../../src/i18n/ko-encounter-screens.ts';
import { ko } from '../../src/i18n/ko.ts';
import { PASSWORD, openApp, superuserClient, until, waitForOutboxEmpty } from '../helpers/app.ts';
import { axeViolations } from '../helpers/axe.ts';
import { DESKTOP, PHONE, launchBrowser } from '../helpers/browser.ts';
import { encountersKo } from '../../src/domains/encounters/ko.ts';

const t = koEncounterScreens.screen;
const STAMP = Date.now().toString(36);

let browser: Browser;
let admin: PocketBase;
let fan1: RecordModel;
let fan2: RecordModel;
let cards: [string, string];
let meetup: RecordModel;

async function makeFan(tag: string, name: string): Promise<RecordModel> {
  return admin.collection('users').create({
    email: `met-${tag}-${STAMP}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    name,
    username: `met${tag}${STAMP}`.slice(0, 20),
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await superuserClient();
  const picked = await admin.collection('photoCards').getList(1, 2, {
    filter: 'groupName = "RIIZE"',
    sort: 'id',
  });
  cards = picked.items.map((c) => c.id) as typeof cards;
  const day = `${new Date().toISOString().slice(0, 10)} 00:00:00.000Z`;
  meetup = await admin
    .collection('meetUps')
    .create({ eventTitle: `만남 카페 ${STAMP}`, startDate: day, endDate: day });
  fan1 = await makeFan('a', '하니팬');
  fan2 = await makeFan('b', '민지팬');
});

afterAll(async () => {
  for (const fan of [fan1, fan2])
    if (fan)
      await admin
        .collection('users')
        .delete(fan.id)
        .catch(() => {});
  if (meetup)
    await admin
      .collection('meetUps')
      .delete(meetup.id)
      .catch(() => {});
  await browser?.close();
});

const serverRows = (collection: string, field: string, id: string) =>
  admin.collection(collection).getFullList({ filter: admin.filter(`${field} = {:id}`, { id }) });

describe('만난 팬 at phone size', () => {
  it('offline: save, propose, message and a note land exactly once when back online', async () => {
    const [mine, theirs] = cards;
    // no service worker: the page stays open through the offline part, no reload needed
    const B = await openApp(browser, PHONE, {
      path: '/encounters',
      login: fan2['email'],
      serviceWorker: false,
    });
    const page = B.page;
    await page.getByRole('heading', { level: 1, name: t.title }).waitFor();
    await page.getByTestId('encounters-empty').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await B.context.setOffline(true);
    await page.getByText(ko.sync.offline).first().waitFor();

    // what the actions panel does after the scan, through the same write API
    const ids = await page.evaluate(
      async ({ fan, name, meetup, mine, theirs }) => {
        const r = window.__pocamarket.repos;
        const encounter = await r.saveEncounter({
          fan,
          // what fan1's code shows: their nickname
          fanName: name,
          meetup,
          theyHave: [theirs],
          theyWant: [mine],
        });
        const trade = await r.proposeTrade({
          to: fan,
          give: [mine],
          get: [theirs],
          message: '카페에서 만난 팬이에요',
        });
        const conversation = await r.openConversation(fan);
        const message = await r.sendMessage(conversation, '아까 QR 스캔했어요!');
        return { encounter, trade, conversation, message };
      },
      { fan: fan1.id, name: fan1['username'] as string, meetup: meetup.id, mine, theirs },
    );

    // the screen shows it at once, offline
    const row = page.getByTestId('encounter-row');
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-encounter-id')).toBe(ids.encounter);
    await row.getByRole('heading', { name: fan1['username'] }).waitFor();
    await row.getByTestId('encounter-event-name').getByText(meetup['eventTitle']).waitFor();
    expect(
      await row.locator('[data-testid="encounter-row-they-have"] [data-card-id]').count(),
    ).toBe(1);
    // each tile names its card under the image (never a blank tile offline: docs/encounters.md)
    const their = await admin.collection('photoCards').getOne(theirs);
    const caption = row.locator(
      '[data-testid="encounter-row-they-have"] [data-testid="card-caption"]',
    );
    await expect.poll(() => caption.innerText()).toContain(their['memberName']);
    expect(await caption.innerText()).toContain(their['groupName']);
    const proposeHref = await row.getByTestId('encounter-propose').getAttribute('href');
    expect(proposeHref).toContain(`to=${fan1.id}`);
    expect(proposeHref).toContain(`give=${mine}`);
    expect(proposeHref).toContain(`get=${theirs}`);

    // a note, through the screen
    await row.getByRole('button', { name: t.editNote }).click();
    await row.getByTestId('encounter-note-input').fill('다음 주 팬싸에서 교환');
    await row.getByRole('button', { name: t.saveNote }).click();
    await row.getByTestId('encounter-note').getByText('다음 주 팬싸에서 교환').waitFor();
    // a note the rules refuse says so, and changes nothing
    await row.getByRole('button', { name: t.editNote }).click();
    await row.getByTestId('encounter-note-input').fill('가'.repeat(201));
    await row.getByRole('button', { name: t.saveNote }).click();
    await row
      .getByTestId('encounter-row-error')
      .getByText(encountersKo.rules.noteTooLong(200))
      .waitFor();
    await row.getByRole('button', { name: koEncounterScreens.panel.cancel }).click();

    expect(await page.evaluate(() => window.__pocamarket.db.outbox.count())).toBe(5);
    expect(await serverRows('encounters', 'user', fan2.id)).toEqual([]);
    expect(await serverRows('trades', 'proposer', fan2.id)).toEqual([]);

    await page.screenshot({ path: '/tmp/qrb-encounters-offline.png' });
    await B.context.setOffline(false);
    await waitForOutboxEmpty(page);
    expect(await page.evaluate(() => window.__pocamarket.db.deadLetters.count())).toBe(0);

    expect(await serverRows('encounters', 'user', fan2.id)).toMatchObject([
      {
        id: ids.encounter,
        fan: fan1.id,
        fanName: fan1['username'],
        meetup: meetup.id,
        theyHave: [theirs],
        theyWant: [mine],
        note: '다음 주 팬싸에서 교환',
      },
    ]);
    expect(await serverRows('trades', 'proposer', fan2.id)).toMatchObject([
      { id: ids.trade, receiver: fan1.id, give: [mine], get: [theirs], status: 'proposed' },
    ]);
    expect(await serverRows('messages', 'sender', fan2.id)).toMatchObject([
      { id: ids.message, conversation: ids.conversation, text: '아까 QR 스캔했어요!' },
    ]);

    // the list at desktop size passes the audit too
    await page.setViewportSize(DESKTOP);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/qrb-encounters-desktop.png' });
    await page.setViewportSize(PHONE);

    // delete, with its confirm
    await row.getByRole('button', { name: t.remove }).click();
    const confirm = page.locator('dialog[open]', { hasText: t.removeConfirm(fan1['username']) });
    await confirm.getByRole('button', { name: t.remove, exact: true }).click();
    await page.getByTestId('encounters-empty').waitFor();
    await waitForOutboxEmpty(page);
    await until(page, async () => (await window.__pocamarket.db.encounters.count()) === 0, null);
    expect(await serverRows('encounters', 'user', fan2.id)).toEqual([]);
    // the requests that failed while offline are the only errors
    expect(B.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual(
      [],
    );
    await B.context.close();
  });

  it('the screen opens with no network, from the service worker and the local store', async () => {
    const A = await openApp(browser, PHONE, { path: '/encounters', login: fan1['email'] });
    const page = A.page;
    await page.getByTestId('encounters-empty').waitFor();
    const id = await page.evaluate(
      async ({ fan, name }) =>
        window.__pocamarket.repos.saveEncounter({
          fan,
          fanName: name,
          theyHave: [],
          theyWant: [],
        }),
      { fan: fan2.id, name: fan2['username'] as string },
    );
    await waitForOutboxEmpty(page);
    const row = page.getByTestId('encounter-row');
    await row.getByRole('heading', { name: fan2['username'] }).waitFor();
    // fan2 changes their nickname: the row follows, as every screen names fans by their nickname
    const renamed = `${String(fan2['username']).slice(0, 17)}new`;
    fan2 = await admin.collection('users').update(fan2.id, { username: renamed });
    await row.getByRole('heading', { name: renamed }).waitFor();
    await A.context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => !!window.__pocamarket);
    await row.getByRole('heading', { name: renamed }).waitFor();
    expect(await row.getAttribute('data-encounter-id')).toBe(id);
    await A.context.setOffline(false);
    await A.context.close();
  });
});
