/**
 * The console's 오늘 현황 and 가져오기 in Chromium against the shared seeded server
 * (docs/operators.md, The dashboard; Bulk import, From the console). At 1280×800 the demo admin
 * opens /admin on today's figures, which are the route's own; a post by fan1 and a dead letter
 * of hers show after 새로고침 (the dead letters marked as needing a look, by kind in Korean). The
 * import: a CSV over 1 MB is refused before anything is sent, a bad header is the server's Korean
 * message at the field, a dry run reports and writes nothing, the import makes the cards (the
 * bad row listed by its line) and writes its audit entry, and a second run finds every card
 * unchanged. At 390×844 both screens fit the phone. Axe is clean on each screen; screenshots go
 * to ADMIN_SHOTS when set.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import PocketBase from 'pocketbase';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koAdmin } from '../../src/features/admin/ko.ts';
import { koDashboard } from '../../src/features/admin/dashboard/ko.ts';
import { koImport } from '../../src/features/admin/import/ko.ts';
import { postsKo } from '../../src/domains/posts/ko.ts';
import { axeViolations } from '../helpers/axe.ts';
import { openApp, PASSWORD, superuserClient } from '../helpers/app.ts';
import { DESKTOP, launchBrowser, PHONE } from '../helpers/browser.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

const ADMIN = 'admin@example.com';
const FAN = 'fan1@example.com';
const ROUTE = '/api/pocamarket/admin/catalogue-import';

const tag = Date.now().toString(36);
const CSV_NAME = `catalogue-${tag}.csv`;
const GROUP = `가져오기${tag}`;
const GROUP_LATIN = `IMPORT-${tag}`.toUpperCase();
const KEYS = [`${tag}-a`, `${tag}-b`, `${tag}-c`];
const BAD_KEY = `${tag}-bad`;

let browser: Browser;
let su: PocketBase;
let adminPb: PocketBase;
let fanPb: PocketBase;
let dir: string;
let csvPath: string;
let badHeaderPath: string;
let imagePaths: string[];
const posts: string[] = [];

/** A small PNG of one colour (`seed` picks it). */
function png(seed: number, width = 6, height = 9): Buffer {
  const img = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    img.data[i * 4] = (seed * 67) & 0xff;
    img.data[i * 4 + 1] = (seed * 131) & 0xff;
    img.data[i * 4 + 2] = (seed * 29 + 7) & 0xff;
    img.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(img);
}

const HEADER = 'key,group,group_latin,member,member_latin,release,label,title,image,back_image';

beforeAll(async () => {
  browser = await launchBrowser();
  su = await superuserClient();
  adminPb = new PocketBase(baseUrl());
  adminPb.autoCancellation(false);
  await adminPb.collection('users').authWithPassword(ADMIN, PASSWORD);
  fanPb = new PocketBase(baseUrl());
  fanPb.autoCancellation(false);
  await fanPb.collection('users').authWithPassword(FAN, PASSWORD);

  dir = mkdtempSync(join(tmpdir(), 'admin-import-'));
  imagePaths = [join(dir, 'front.png'), join(dir, 'back.png')];
  writeFileSync(imagePaths[0]!, png(Date.now() % 251));
  writeFileSync(imagePaths[1]!, png((Date.now() % 251) + 1, 8, 12));
  // line 1 the header; 2-4 good; 5 an unknown label (a bad row)
  csvPath = join(dir, CSV_NAME);
  writeFileSync(
    csvPath,
    [
      HEADER,
      `${KEYS[0]},${GROUP},${GROUP_LATIN},하나,Hana,1st Mini,앨범,하나 앨범 포카,img/front.png,img/back.png`,
      `${KEYS[1]},${GROUP},${GROUP_LATIN},둘,Dul,1st Mini,특전,"둘 특전, 럭키드로우",front.png,`,
      `${KEYS[2]},${GROUP},${GROUP_LATIN},셋,Set,,팬싸,셋 팬싸 포카,back.png,`,
      `${BAD_KEY},${GROUP},${GROUP_LATIN},넷,Net,,포토북,넷 포토북,front.png,`,
    ].join('\n') + '\n',
  );
  badHeaderPath = join(dir, `no-title-${tag}.csv`);
  writeFileSync(
    badHeaderPath,
    'key,group,group_latin,member,member_latin,release,label,image,back_image\n' +
      `${tag}-x,${GROUP},${GROUP_LATIN},하나,,,앨범,front.png,\n`,
  );
});

afterAll(async () => {
  const cards = await su
    .collection('photoCards')
    .getFullList({ filter: su.filter('key ~ {:tag}', { tag: `${tag}-` }) })
    .catch(() => []);
  for (const c of cards)
    await su
      .collection('photoCards')
      .delete(c.id)
      .catch(() => undefined);
  const groups = await su
    .collection('groups')
    .getFullList({ filter: su.filter('groupName = {:g}', { g: GROUP_LATIN }) })
    .catch(() => []);
  for (const g of groups)
    await su
      .collection('groups')
      .delete(g.id)
      .catch(() => undefined);
  for (const id of posts)
    await su
      .collection('exchangeList')
      .delete(id)
      .catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
  await browser?.close();
});

async function shot(page: Page, name: string) {
  const shots = process.env['ADMIN_SHOTS'];
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** Console errors we expect: the bad header's 400, which Chromium logs as a failed load. */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/status of 400 .*\/api\/pocamarket\/admin\/catalogue-import/.test(e));

async function closeClean(context: BrowserContext, errors: string[]) {
  expect(unexpected(errors)).toEqual([]);
  await context.close();
}

const scrollWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

// ---------------------------------------------------------------- the dashboard

type FigureId = keyof typeof koDashboard.figures;
const FIGURES = Object.keys(koDashboard.figures) as FigureId[];

interface Served {
  figures: Record<FigureId, number>;
  byKind: Record<string, number>;
}

/** The route's answer, read with the admin's token. */
async function served(): Promise<Served> {
  const d = (await adminPb.send('/api/pocamarket/admin/dashboard', { method: 'GET' })) as {
    newFans: number;
    posts: number;
    tradesCompleted: number;
    openReports: { informUs: number; chatReports: number };
    pushesFailing: number;
    deadLetters: { total: number; byKind: Record<string, number> };
  };
  return {
    figures: {
      newFans: d.newFans,
      posts: d.posts,
      tradesCompleted: d.tradesCompleted,
      informUs: d.openReports.informUs,
      chatReports: d.openReports.chatReports,
      pushesFailing: d.pushesFailing,
      deadLetters: d.deadLetters.total,
    },
    byKind: d.deadLetters.byKind,
  };
}

/** The figures as the screen shows them: id → [label, number, text]. */
async function shown(p: Page): Promise<Record<string, { label: string; value: number }>> {
  const out: Record<string, { label: string; value: number }> = {};
  for (const tile of await p.getByTestId('dashboard-figure').all()) {
    const id = (await tile.getAttribute('data-figure'))!;
    const value = Number(await tile.getAttribute('data-value'));
    // the number on screen is the attribute's
    expect(await tile.getByTestId('dashboard-value').textContent()).toBe(
      value.toLocaleString('ko-KR'),
    );
    out[id] = { label: (await tile.locator('dt').textContent())!, value };
  }
  return out;
}

/**
 * Each figure shown lies between the route's answers read just before and just after the screen
 * read its own (other test files may write to the shared server in between).
 */
function expectBetween(value: number, a: number, b: number) {
  expect(value).toBeGreaterThanOrEqual(Math.min(a, b));
  expect(value).toBeLessThanOrEqual(Math.max(a, b));
}

describe('오늘 현황 at 1280×800', () => {
  it('opens first, shows the route’s figures, and a new post and dead letter after 새로고침', async () => {
    const before = await served();
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, DESKTOP, { path: '/', login: ADMIN, serviceWorker: false });
    await p.goto('/admin');
    await p.getByTestId('admin-section-dashboard').waitFor();
    const figures = p.getByTestId('dashboard-figures');
    await figures.waitFor();
    const after = await served();

    const first = await shown(p);
    expect(Object.keys(first)).toEqual(FIGURES);
    for (const id of FIGURES) {
      expect(first[id]!.label).toBe(koDashboard.figures[id].label);
      expectBetween(first[id]!.value, before.figures[id], after.figures[id]);
    }
    // the queues are a link away
    expect(await p.getByTestId('dashboard-link-reports').getAttribute('href')).toBe(
      '/admin/reports',
    );
    expect(await p.getByTestId('dashboard-link-moderation').getAttribute('href')).toBe(
      '/admin/moderation',
    );
    expect(await p.getByTestId('dashboard-read-at').textContent()).toMatch(
      /(오전|오후) \d{1,2}:\d{2}:\d{2}/,
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-dashboard');

    // fan1 writes a post, and her device sets a change aside as a dead letter
    const fan = await su
      .collection('users')
      .getFirstListItem(su.filter('email = {:e}', { e: FAN }));
    const card = (await su.collection('photoCards').getList(1, 1, { sort: 'created,id' }))
      .items[0]!;
    const postsBefore = (await served()).figures.posts;
    posts.push(
      (
        await su.collection('exchangeList').create({
          writer: fan.id,
          photoCard: card.id,
          // digits only, so no swear word can appear by chance
          description: `오늘 현황 교환 원해요 ${Date.now()}`,
          status: '교환대기중',
        })
      ).id,
    );
    await fanPb.send('/api/pocamarket/dead-letters', {
      method: 'POST',
      body: { kind: 'post.create' },
    });

    const readAt = await figures.getAttribute('data-at');
    await p.getByTestId('dashboard-refresh').click();
    await expect.poll(() => figures.getAttribute('data-at')).not.toBe(readAt);
    const later = await served();
    const now = await shown(p);
    expect(now['posts']!.value).toBeGreaterThanOrEqual(postsBefore + 1);
    expect(now['posts']!.value).toBeLessThanOrEqual(later.figures.posts);
    expect(now['deadLetters']!.value).toBeGreaterThanOrEqual(1);
    expect(now['deadLetters']!.value).toBeLessThanOrEqual(later.figures.deadLetters);

    // dead letters need a look: said in words, not by colour alone
    const dead = p.locator('[data-figure="deadLetters"]');
    expect(await dead.getAttribute('data-trouble')).toBe('true');
    expect(await dead.getByTestId('dashboard-trouble').textContent()).toContain(
      koDashboard.trouble,
    );
    // …and listed per kind, by its Korean name
    const row = p.locator('[data-testid="dashboard-dead-kind"][data-kind="post.create"]');
    expect(await row.getByTestId('dashboard-dead-name').textContent()).toBe(
      postsKo.kinds.postCreate,
    );
    const kindCount = Number(await row.getByTestId('dashboard-dead-count').textContent());
    expect(kindCount).toBeGreaterThanOrEqual(1);
    expect(kindCount).toBeLessThanOrEqual(later.byKind['post.create'] ?? 0);
    // the pushes failing are marked exactly when they are not zero
    const push = p.locator('[data-figure="pushesFailing"]');
    expect(await push.getAttribute('data-trouble')).toBe(
      now['pushesFailing']!.value > 0 ? 'true' : null,
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-dashboard-refreshed');
    await closeClean(context, errors);
  });
});

// ---------------------------------------------------------------- the import

const count = async (p: Page, name: string) =>
  Number(
    await p
      .locator(`[data-testid="import-count"][data-count="${name}"]`)
      .getAttribute('data-value'),
  );

async function counts(p: Page) {
  return {
    rows: await count(p, 'rows'),
    created: await count(p, 'created'),
    updated: await count(p, 'updated'),
    unchanged: await count(p, 'unchanged'),
    bad: await count(p, 'bad'),
  };
}

const serverCards = () =>
  su.collection('photoCards').getFullList({
    filter: su.filter('key ~ {:tag}', { tag: `${tag}-` }),
    requestKey: null,
  });

/** Clicks 미리 확인 or 가져오기 and waits for the route's answer and the report it draws. */
async function runImport(p: Page, dryRun: boolean) {
  const answered = p.waitForResponse((r) => r.url().includes(ROUTE), { timeout: 60_000 });
  await p.getByTestId(dryRun ? 'import-dry-run' : 'import-run').click();
  expect((await answered).status()).toBe(200);
  const report = p.locator(`[data-testid="import-report"][data-dry-run="${dryRun}"]`);
  await report.waitFor();
  return report;
}

describe('가져오기 at 1280×800', () => {
  it('checks the limits, dry-runs, imports (the bad row by its line), re-runs unchanged, audits', async () => {
    const {
      context,
      page: p,
      errors,
      userId: adminId,
    } = await openApp(browser, DESKTOP, { path: '/', login: ADMIN, serviceWorker: false });
    const sent: string[] = [];
    p.on('request', (r) => {
      if (r.url().includes(ROUTE)) sent.push(r.url());
    });
    await p.goto('/admin');
    const nav = p.getByRole('navigation', { name: koAdmin.navLabel });
    await nav.getByRole('link', { name: koAdmin.sections.import }).click();
    await p.waitForURL((u) => u.pathname === '/admin/import');
    await p.getByTestId('import-form').waitFor();
    expect(await p.getByTestId('import-form').textContent()).toContain('npm run catalogue:import');

    // nothing chosen, or a CSV over 1 MB: said at the field, nothing sent
    await p.getByTestId('import-dry-run').click();
    await expect.poll(() => p.getByTestId('import-csv-error').textContent()).toBe(koImport.noCsv);
    await p.getByTestId('import-csv').setInputFiles({
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(1024 * 1024 + 10, 'a'),
    });
    await expect
      .poll(() => p.getByTestId('import-csv-error').textContent())
      .toContain('CSV 파일은 1MB까지 올릴 수 있어요.');
    expect(await p.getByTestId('import-csv').getAttribute('aria-invalid')).toBe('true');
    await p.getByTestId('import-dry-run').click();
    await p.waitForTimeout(300);
    expect(sent).toEqual([]);

    // a header without `title`: the server refuses the file whole, in its words, at the field
    await p.getByTestId('import-csv').setInputFiles(badHeaderPath);
    expect(await p.getByTestId('import-csv-error').count()).toBe(0);
    await p.getByTestId('import-images').setInputFiles(imagePaths);
    const refused = p.waitForResponse((r) => r.url().includes(ROUTE), { timeout: 60_000 });
    await p.getByTestId('import-run').click();
    expect((await refused).status()).toBe(400);
    await expect
      .poll(() => p.getByTestId('import-csv-error').textContent())
      .toContain('CSV 머리글에 빠진 열이 있어요: title');
    expect(sent).toHaveLength(1);
    expect(await p.getByTestId('import-report').count()).toBe(0);
    expect(await serverCards()).toEqual([]);

    // a dry run: the report, and nothing written
    await p.getByTestId('import-csv').setInputFiles(csvPath);
    let report = await runImport(p, true);
    expect(await counts(p)).toEqual({ rows: 4, created: 3, updated: 0, unchanged: 0, bad: 1 });
    expect(await report.getByTestId('import-dry-note').textContent()).toBe(koImport.dryNote);
    expect(await report.getByTestId('import-groups').textContent()).toContain(GROUP_LATIN);
    const badRow = report.getByTestId('import-bad-row');
    expect(await badRow.count()).toBe(1);
    expect(await badRow.getAttribute('data-line')).toBe('5');
    expect(await badRow.textContent()).toContain(BAD_KEY);
    expect(await badRow.textContent()).toContain("(받은 값: '포토북')");
    expect(await report.getByTestId('import-card-row').count()).toBe(3);
    // a dry run's cards have no page yet
    expect(await report.getByTestId('import-card-link').count()).toBe(0);
    expect(await serverCards()).toEqual([]);
    expect(
      await su
        .collection('groups')
        .getFullList({ filter: su.filter('groupName = {:g}', { g: GROUP_LATIN }) }),
    ).toEqual([]);
    expect(await p.getByTestId('import-status').textContent()).toBe(
      koImport.summary({ rows: 4, created: 3, updated: 0, unchanged: 0, bad: 1 }),
    );
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-import-dry-run');

    // the import: the three cards made (the images matched by name), the bad row by its line
    report = await runImport(p, false);
    expect(await counts(p)).toEqual({ rows: 4, created: 3, updated: 0, unchanged: 0, bad: 1 });
    expect(await report.getByTestId('import-bad-row').getAttribute('data-line')).toBe('5');
    const cards = await serverCards();
    expect(cards.map((c) => c['key']).sort()).toEqual([...KEYS].sort());
    const byKey = new Map(cards.map((c) => [c['key'] as string, c]));
    expect(byKey.get(KEYS[0]!)).toMatchObject({
      groupName: GROUP_LATIN,
      memberName: '하나',
      label: '앨범',
      title: '하나 앨범 포카',
    });
    expect(String(byKey.get(KEYS[0]!)!['cardBackImg'])).toMatch(/\.png$/);
    expect(byKey.get(KEYS[1]!)!['title']).toBe('둘 특전, 럭키드로우');
    // each written card links to its page
    const links = report.getByTestId('import-card-link');
    expect(await links.count()).toBe(3);
    for (const link of await links.all()) {
      const key = (await link.textContent())!;
      expect(await link.getAttribute('href')).toBe(`/exchangeDetail/${byKey.get(key)!.id}`);
    }
    expect(
      await report.locator('[data-testid="import-card-row"][data-line="2"]').textContent(),
    ).toContain(koImport.actions['created']!);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'desktop-import');

    // again, the same files: every card unchanged, nothing updated
    const stamps = new Map(cards.map((c) => [c.id, c['updated']]));
    report = await runImport(p, false);
    expect(await counts(p)).toEqual({ rows: 4, created: 0, updated: 0, unchanged: 3, bad: 1 });
    expect(await report.getByTestId('import-card-row').count()).toBe(0);
    for (const c of await serverCards()) expect(c['updated']).toBe(stamps.get(c.id));

    // the audit log: one catalogue.import per import, by this admin (the dry run wrote none)
    const entries = await su.collection('auditLog').getFullList({
      filter: su.filter('action = "catalogue.import" && actor = {:a} && reason ~ {:file}', {
        a: adminId,
        file: CSV_NAME,
      }),
      sort: 'created',
    });
    expect(entries).toHaveLength(2);
    expect(entries[0]!['targetCollection']).toBe('photoCards');
    expect(entries[0]!['after']).toMatchObject({ rows: 4, created: 3, unchanged: 0 });
    expect(entries[1]!['after']).toMatchObject({ rows: 4, created: 0, unchanged: 3 });
    expect(sent).toHaveLength(4);
    await closeClean(context, errors);
  });
});

// ---------------------------------------------------------------- the phone

describe('오늘 현황 and 가져오기 at 390×844', () => {
  it('fit the phone and pass axe', async () => {
    const {
      context,
      page: p,
      errors,
    } = await openApp(browser, PHONE, { path: '/', login: ADMIN, serviceWorker: false });
    await p.goto('/admin');
    await p.getByTestId('dashboard-figures').waitFor();
    expect(await scrollWidth(p)).toBeLessThanOrEqual(PHONE.width);
    // two tiles a row
    const tiles = p.getByTestId('dashboard-figure');
    const [a, b] = [(await tiles.nth(0).boundingBox())!, (await tiles.nth(1).boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-dashboard');

    await p.goto('/admin/import');
    await p.getByTestId('import-form').waitFor();
    await p.getByTestId('import-csv').setInputFiles(csvPath);
    await p.getByTestId('import-images').setInputFiles(imagePaths);
    await runImport(p, true);
    expect(await count(p, 'rows')).toBe(4);
    expect(await count(p, 'bad')).toBe(1);
    expect(await scrollWidth(p)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(p)).toEqual([]);
    await shot(p, 'phone-import');
    await closeClean(context, errors);
  });
});
