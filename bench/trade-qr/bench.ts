/**
 * Trade QR codes (docs/trade-qr.md): how big a fan's code gets and how long a scanner takes to
 * read one.
 *
 * Figures:
 *
 * - `N-card list`: a fan with N cards on their lists (half have, half want, picked at random with
 *   a fixed seed) in a catalogue of `catalogueCards` cards over `groups` groups: the payload's
 *   bytes before and after deflate-raw, the base45 characters, and how many codes it takes
 *   (510 characters a code: a version-15 code at error correction M).
 * - `decode one code`: `qr`'s decoder (the scanner's fallback where the browser has no
 *   BarcodeDetector) reading one full code drawn as on the phone screen (4.3 px a module) in a
 *   480×480 frame and in a 1280×720 camera frame, in Chromium with the CPU throttled 4× (CDP
 *   `Emulation.setCPUThrottlingRate`, a mid-range phone): `runs` timed decodes after 3 warm-ups.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBenchBrowser } from '../lib/browser.ts';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { prng } from '../lib/seed.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import { tsImport } from 'tsx/esm/api';
import type { QrCard } from '../../src/lib/trade-qr/index.ts';

// The codec imports with the app's `@/` paths, which the root tsconfig (references only) does
// not map: load it with the app's tsconfig.
type Codec = typeof import('../../src/lib/trade-qr/index.ts');
const codec: Codec = await tsImport('../../src/lib/trade-qr/index.ts', {
  parentURL: import.meta.url,
  tsconfig: join(import.meta.dirname, '../../tsconfig.app.json'),
});
const { encodeTradeQr, orderCatalogue, writePayload, PART_CHARS } = codec;

export interface TradeQrBenchOptions {
  listSizes: number[];
  catalogueCards: number;
  groups: number;
  runs: number;
  throttle: number;
}

export const DEFAULTS: TradeQrBenchOptions = {
  listSizes: [50, 300, 1000],
  catalogueCards: 3000,
  groups: 10,
  runs: 30,
  throttle: 4,
};

export const QUICK: Partial<TradeQrBenchOptions> = { runs: 5 };

interface ListFigures {
  cards: number;
  payloadBytes: number;
  deflatedBytes: number;
  chars: number;
  codes: number;
}

export interface TradeQrBenchResult {
  name: 'trade-qr';
  machine: MachineInfo;
  config: TradeQrBenchOptions & { partChars: number };
  lists: ListFigures[];
  decode: { frame: string; ms: Summary }[];
  problems: string[];
  totalMs: number;
}

async function deflatedSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** Record-like ids from a seeded PRNG, so every run measures the same payloads. */
const ids = prng(1);
function recordId(): string {
  let id = '';
  for (let i = 0; i < 15; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(ids() * 36)];
  return id;
}

function catalogue(n: number, groups: number): QrCard[] {
  const groupIds = Array.from({ length: groups }, () => recordId());
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: n }, (_, i) => ({
    id: recordId(),
    group: groupIds[i % groups]!,
    created: new Date(start + i * 3_600_000).toISOString().replace('T', ' '),
  }));
}

async function listFigures(cards: QrCard[], size: number): Promise<ListFigures> {
  const rand = prng(size);
  const ids = cards.map((c) => c.id);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const half = Math.ceil(size / 2);
  const lists = {
    fan: { id: recordId(), name: '포카러버' },
    have: ids.slice(0, half),
    want: ids.slice(half, size),
  };
  const ordering = orderCatalogue(cards);
  const payload = writePayload(lists, ordering);
  const parts = await encodeTradeQr(lists, ordering);
  return {
    cards: size,
    payloadBytes: payload.length,
    deflatedBytes: await deflatedSize(payload),
    chars: parts.reduce((n, p) => n + p.length, 0),
    codes: parts.length,
  };
}

const QR_DIR = join(import.meta.dirname, '../../node_modules/qr');
const ORIGIN = 'http://qr.bench';

/** Times `qr`'s decoder in a page at `throttle`× CPU on a code drawn like the phone screen's. */
async function decodeTimes(
  browser: Browser,
  text: string,
  runs: number,
  throttle: number,
): Promise<{ frame: string; ms: number[] }[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') {
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>qr</title>' });
    }
    return route.fulfill({
      contentType: 'text/javascript',
      body: readFileSync(join(QR_DIR, path.replace(/^\/qr\//, '')), 'utf8'),
    });
  });
  await page.goto(`${ORIGIN}/`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const out = await page.evaluate(
    async ({ origin, text, runs }) => {
      const { default: encodeQR } = await import(`${origin}/qr/index.js`);
      const { default: decodeQR } = await import(`${origin}/qr/decode.js`);
      const rows: boolean[][] = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
      const module = 332 / rows.length; // the phone screen's code: 332 px wide
      const frames = [
        { frame: '480×480', width: 480, height: 480 },
        { frame: '1280×720', width: 1280, height: 720 },
      ];
      const results: { frame: string; ms: number[] }[] = [];
      for (const f of frames) {
        const canvas = new OffscreenCanvas(f.width, f.height);
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, f.width, f.height);
        ctx.fillStyle = '#000';
        const x0 = (f.width - 332) / 2;
        const y0 = (f.height - 332) / 2;
        rows.forEach((row, y) =>
          row.forEach((on, x) => {
            if (on) ctx.fillRect(x0 + x * module, y0 + y * module, module, module);
          }),
        );
        const image = ctx.getImageData(0, 0, f.width, f.height);
        const ms: number[] = [];
        for (let i = 0; i < runs + 3; i++) {
          const t = performance.now();
          const got = decodeQR(image);
          const took = performance.now() - t;
          if (got !== text) throw new Error(`decoded ${String(got).slice(0, 20)}…`);
          if (i >= 3) ms.push(took);
        }
        results.push({ frame: f.frame, ms });
      }
      return results;
    },
    { origin: ORIGIN, text, runs },
  );
  await context.close();
  return out;
}

export async function runTradeQrBench(
  options: Partial<TradeQrBenchOptions> = {},
): Promise<{ result: TradeQrBenchResult; rows: Row[] }> {
  const opts = { ...DEFAULTS, ...options };
  const started = performance.now();
  const problems: string[] = [];
  const cards = catalogue(opts.catalogueCards, opts.groups);
  const lists: ListFigures[] = [];
  for (const size of opts.listSizes) lists.push(await listFigures(cards, size));

  // the first part of the biggest list: a full code
  const big = await encodeTradeQr(
    {
      fan: { id: recordId(), name: '포카러버' },
      have: cards.slice(0, 1500).map((c) => c.id),
      want: cards.filter((_, i) => i % 3 === 0).map((c) => c.id),
    },
    cards,
  );
  const { browser, version } = await launchBenchBrowser();
  let decode: { frame: string; ms: Summary }[] = [];
  try {
    decode = (await decodeTimes(browser, big[0]!, opts.runs, opts.throttle)).map((d) => ({
      frame: d.frame,
      ms: summarize(d.ms, 2),
    }));
  } catch (err) {
    problems.push(`decode: ${(err as Error).message}`);
  } finally {
    await browser.close();
  }

  const rows: Row[] = [];
  for (const l of lists) {
    rows.push(
      { figure: `${l.cards}-card list: payload`, value: l.payloadBytes, unit: 'bytes' },
      { figure: `${l.cards}-card list: deflated`, value: l.deflatedBytes, unit: 'bytes' },
      { figure: `${l.cards}-card list: text`, value: l.chars, unit: 'chars' },
      { figure: `${l.cards}-card list: codes`, value: l.codes, unit: 'codes' },
    );
  }
  for (const d of decode) {
    rows.push({
      figure: `decode one code, ${d.frame} frame, ${opts.throttle}× CPU`,
      value: d.ms,
      unit: 'ms',
    });
  }
  return {
    result: {
      name: 'trade-qr',
      machine: machineInfo({ chromium: version }),
      config: { ...opts, partChars: PART_CHARS },
      lists,
      decode,
      problems,
      totalMs: performance.now() - started,
    },
    rows,
  };
}
