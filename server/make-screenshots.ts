/**
 * Takes the manifest's screenshots (public/screenshots/*.png) from the running app with its demo
 * data, so the install dialogs of Chromium show the real app: a phone size (390×844, "narrow")
 * and a desktop size (1280×800, "wide") of the home and exchange screens. Each is re-encoded at
 * the highest compression (fewer colour bits if needed) and checked against a 250 KB budget (the
 * files are committed).
 *
 *   npm start   (or any running build with the demo seed)
 *   npx tsx server/make-screenshots.ts [http://127.0.0.1:8090]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { ROOT } from './pocketbase.ts';

const BASE = process.argv[2] ?? process.env.APP_URL ?? 'http://127.0.0.1:8090';
const BUDGET = 250 * 1024;

const FORMS = [
  { formFactor: 'narrow', viewport: { width: 390, height: 844 }, mobile: true },
  { formFactor: 'wide', viewport: { width: 1280, height: 800 }, mobile: false },
] as const;

const SCREENS = [
  { name: 'home', path: '/' },
  { name: 'exchange', path: '/exchange' },
] as const;

function chromiumPath(): string {
  const found = [process.env.CHROMIUM_BIN, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => !!p && existsSync(p),
  );
  if (!found) throw new Error('Chromium not found: set CHROMIUM_BIN.');
  return found;
}

/** Waits until the screen shows its cards: every image decoded and nothing moving. */
async function settle(page: Page): Promise<void> {
  await page.locator('main h1, h1').first().waitFor();
  await page.waitForFunction(
    () => {
      // only what is on screen: the rows lazy-load the cards scrolled out of view
      const imgs = [...document.images].filter((i) => {
        const r = i.getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0 && r.left < innerWidth && r.right > 0;
      });
      return imgs.length >= 3 && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    null,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(1000);
}

/**
 * Re-encodes with zlib level 9 (Chromium favours speed). When that is still over the budget (the
 * desktop home is full of drawn cards), the colours are rounded to 6, then 5 bits a channel,
 * which deflate packs much tighter and the eye barely sees on flat UI colours.
 */
function compress(png: Buffer): Buffer {
  const img = PNG.sync.read(png);
  const source = Buffer.from(img.data);
  let out = PNG.sync.write(img, { deflateLevel: 9, colorType: 2 });
  for (const bits of [6, 5]) {
    if (out.length <= BUDGET) break;
    const mask = (0xff << (8 - bits)) & 0xff;
    for (let k = 0; k < source.length; k++) img.data[k] = (k & 3) === 3 ? 255 : source[k]! & mask;
    out = PNG.sync.write(img, { deflateLevel: 9, colorType: 2 });
  }
  return out;
}

const outDir = join(ROOT, 'public', 'screenshots');
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
let overBudget = false;
try {
  for (const form of FORMS) {
    const context = await browser.newContext({
      viewport: form.viewport,
      deviceScaleFactor: 1,
      isMobile: form.mobile,
      hasTouch: form.mobile,
      locale: 'ko-KR',
      reducedMotion: 'reduce',
      baseURL: BASE,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await settle(page);
      const file = join(outDir, `${screen.name}-${form.formFactor}.png`);
      const bytes = compress(await page.screenshot({ type: 'png' }));
      writeFileSync(file, bytes);
      const kb = (bytes.length / 1024).toFixed(0);
      console.log(`wrote public/screenshots/${screen.name}-${form.formFactor}.png (${kb} KB)`);
      if (bytes.length > BUDGET) {
        overBudget = true;
        console.error(`  over the ${BUDGET / 1024} KB budget`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
}
if (overBudget) process.exit(1);
