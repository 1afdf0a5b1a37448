/**
 * The scan worker (docs/card-scan.md, On the device): every pixel of card scanning is handled
 * here, off the page's main thread. It keeps the scope's fingerprints, answers each camera frame
 * with the closest cards and a decision, and fingerprints catalogue images for the page.
 * Nothing leaves the device: the only fetches are the catalogue's own images, same origin,
 * answered by the service worker's caches when offline.
 */
import { decide } from './decide.ts';
import { fingerprint } from './fingerprint.ts';
import type { ScanReply, ScanRequest } from './protocol.ts';
import {
  buildIndex,
  imageSampler,
  quadSampler,
  recognize,
  type FingerprintIndex,
} from './recognize.ts';
import type { Raster } from './raster.ts';

declare const self: DedicatedWorkerGlobalScope;

/** Frames are looked at with their long side at most this many pixels (the bench's frames). */
const FRAME_LONG_SIDE = 640;
/** Catalogue images are fingerprinted at this width (the fingerprint reads a 20×30 grid). */
const PRINT_WIDTH = 160;
/** The straightened card sent with a report: 2:3, as a card. */
const PHOTO_W = 400;
const PHOTO_H = 600;

let index: FingerprintIndex = buildIndex([]);

function pixels(source: ImageBitmap, maxLong: number): Raster {
  const scale = Math.min(1, maxLong / Math.max(source.width, source.height));
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(source, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

async function printOf(url: string): Promise<Int8Array> {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const bitmap = await createImageBitmap(await res.blob());
  try {
    const scale = Math.min(1, PRINT_WIDTH / bitmap.width);
    return fingerprint(imageSampler(pixels(bitmap, Math.max(bitmap.width, bitmap.height) * scale)));
  } finally {
    bitmap.close();
  }
}

async function straightened(frame: Raster, corners: Parameters<typeof quadSampler>[1]) {
  const canvas = new OffscreenCanvas(PHOTO_W, PHOTO_H);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const out = ctx.createImageData(PHOTO_W, PHOTO_H);
  const sample = quadSampler(frame, corners);
  const rgb = new Float32Array(3);
  for (let y = 0, p = 0; y < PHOTO_H; y++) {
    for (let x = 0; x < PHOTO_W; x++, p += 4) {
      sample((x + 0.5) / PHOTO_W, (y + 0.5) / PHOTO_H, rgb);
      out.data[p] = rgb[0]!;
      out.data[p + 1] = rgb[1]!;
      out.data[p + 2] = rgb[2]!;
      out.data[p + 3] = 255;
    }
  }
  ctx.putImageData(out, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
}

async function onFrame(id: number, bitmap: ImageBitmap): Promise<ScanReply> {
  const start = performance.now();
  let frame: Raster;
  try {
    frame = pixels(bitmap, FRAME_LONG_SIDE);
  } finally {
    bitmap.close();
  }
  const found = recognize(frame, index, 3);
  const decision = found ? decide(found.candidates) : ({ kind: 'unknown' } as const);
  const photo =
    found && decision.kind !== 'sure' ? await straightened(frame, found.detection.corners) : null;
  const corners = found
    ? (found.detection.corners.map((p) => ({
        x: p.x / frame.width,
        y: p.y / frame.height,
      })) as typeof found.detection.corners)
    : null;
  return {
    type: 'frame',
    id,
    found: !!found,
    candidates: found?.candidates ?? [],
    decision,
    corners,
    photo,
    ms: performance.now() - start,
  };
}

self.addEventListener('message', (event: MessageEvent<ScanRequest>) => {
  const msg = event.data;
  if (msg?.type === 'index') {
    index = buildIndex(msg.entries);
  } else if (msg?.type === 'frame') {
    void onFrame(msg.id, msg.frame).then(
      (reply) => self.postMessage(reply),
      () =>
        self.postMessage({
          type: 'frame',
          id: msg.id,
          found: false,
          candidates: [],
          decision: { kind: 'unknown' },
          corners: null,
          photo: null,
          ms: 0,
        } satisfies ScanReply),
    );
  } else if (msg?.type === 'prints') {
    void (async () => {
      const prints: { id: string; print: Int8Array }[] = [];
      const failed: string[] = [];
      for (const source of msg.sources) {
        try {
          prints.push({ id: source.id, print: await printOf(source.url) });
        } catch {
          failed.push(source.id);
        }
      }
      self.postMessage({ type: 'prints', id: msg.id, prints, failed } satisfies ScanReply);
    })();
  }
});
