/**
 * Part 3 of the photo cards benchmark (bench.ts): the first and second visit of /exchange in the
 * built app against the original app's loader (groups with every card expanded, on every load).
 */
import type { Browser, Page } from 'playwright-core';
import { NetworkMeter, type NetworkSnapshot } from '../lib/network.ts';
import { syncIdle } from '../lib/app-page.ts';
import type { BenchServer } from '../lib/server.ts';

export interface VisitSample {
  firstCardMs: number;
  api: NetworkSnapshot;
  files: NetworkSnapshot;
}

/** Data requests: the collections' API, and the app's one-request pull (`/api/pocamarket/pull`). */
const isApiData = (url: string) => {
  const path = new URL(url).pathname;
  return path.startsWith('/api/collections/') || path.startsWith('/api/pocamarket/');
};
const isFile = (url: string) => new URL(url).pathname.startsWith('/api/files/');
const PHONE = { width: 390, height: 844 };

// ---------------------------------------------------------------- 3: /exchange, ours vs original

/** Records when the first photo card tile enters the DOM (performance.now(), from navigation). */
const FIRST_CARD_OBSERVER = () => {
  const w = window as unknown as { __firstCardAt?: number };
  new MutationObserver((_, obs) => {
    if (document.querySelector('[data-testid="photo-card"]')) {
      w.__firstCardAt = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

async function firstCardAt(page: Page): Promise<number> {
  await page.waitForSelector('[data-testid="photo-card"]', { timeout: 30_000 });
  return page.evaluate(() => (window as unknown as { __firstCardAt: number }).__firstCardAt);
}

export async function measureVisits(
  browser: Browser,
  server: BenchServer,
  opts: { runs: number; log: (line: string) => void },
) {
  const first: VisitSample[] = [];
  const second: VisitSample[] = [];
  const original: VisitSample[] = [];
  for (let run = 0; run < opts.runs; run++) {
    // ours: a fresh phone (empty storage), /exchange, until the first sync is done
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: PHONE,
      serviceWorkers: 'allow',
    });
    await context.addInitScript(() => localStorage.setItem('pocamarket:test-api', '1'));
    await context.addInitScript(FIRST_CARD_OBSERVER);
    const page = await context.newPage();
    const api = await NetworkMeter.attach(context, page, isApiData);
    const files = await NetworkMeter.attach(context, page, isFile);
    await page.goto('/exchange');
    const firstCardMs = await firstCardAt(page);
    await syncIdle(page, { collection: 'exchangeList' });
    await api.settle();
    await files.settle();
    first.push({ firstCardMs, api: api.snapshot(), files: files.snapshot() });

    // the same phone comes back: a reload reads Dexie and pulls only what changed
    api.reset();
    files.reset();
    await page.reload();
    const againMs = await firstCardAt(page);
    await syncIdle(page, { collection: 'exchangeList' });
    await api.settle();
    await files.settle();
    second.push({ firstCardMs: againMs, api: api.snapshot(), files: files.snapshot() });
    await api.detach();
    await files.detach();
    await context.close();

    // the original app's loader, run from a page of the same origin: groups with every card
    // expanded, all pages of 500 (getFullList), on every page load
    const base = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const blank = await base.newPage();
    await blank.goto('/manifest.webmanifest');
    const meter = await NetworkMeter.attach(base, blank, isApiData);
    const ms = await blank.evaluate(async () => {
      const t = performance.now();
      for (let p = 1; ; p++) {
        const res = await fetch(
          `/api/collections/groups/records?page=${p}&perPage=500&expand=photoCards`,
        );
        const body = (await res.json()) as { page: number; totalPages: number };
        if (body.page >= body.totalPages) break;
      }
      return performance.now() - t;
    });
    await meter.settle();
    original.push({ firstCardMs: ms, api: meter.snapshot(), files: meter.snapshot() });
    await meter.detach();
    await base.close();

    const f = first[first.length - 1]!;
    const s = second[second.length - 1]!;
    const o = original[original.length - 1]!;
    opts.log(
      `  run ${run + 1}: ours first ${f.api.requests} req ${(f.api.wireBytes / 1024).toFixed(0)} KiB, ` +
        `first card ${f.firstCardMs.toFixed(0)} ms; reload ${s.api.requests} req ` +
        `${(s.api.wireBytes / 1024).toFixed(1)} KiB, first card ${s.firstCardMs.toFixed(0)} ms; ` +
        `original ${o.api.requests} req ${(o.api.wireBytes / 1024).toFixed(0)} KiB in ${ms.toFixed(0)} ms`,
    );
  }
  return { first, second, original };
}
