/**
 * The card-scan benchmark's page script (bundled by esbuild with src/lib/card-scan, its exports on
 * `window.cardScanBench`): takes the scope and the frames as base64, then times recognize() on
 * each frame. Kept out of `page.evaluate` bodies, which tsx would compile with helpers the page
 * lacks.
 */
import { recognize, type FingerprintIndex } from '../../src/lib/card-scan/recognize.ts';
import type { Raster } from '../../src/lib/card-scan/raster.ts';

export interface PageFrame {
  width: number;
  height: number;
  /** RGBA, base64. */
  data: string;
}

const bytes = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

let index: FingerprintIndex = { ids: [], prints: new Int8Array(0) };
let frames: Raster[] = [];

/** Keeps the scope (ids and fingerprints, base64) and the frames for `time`. */
export function load(ids: string[], prints: string, given: PageFrame[]): void {
  index = { ids, prints: new Int8Array(bytes(prints).buffer) };
  frames = given.map((f) => ({
    width: f.width,
    height: f.height,
    data: new Uint8ClampedArray(bytes(f.data).buffer),
  }));
}

/** ms per recognize(), every frame `repeats` times, after `warmups` untimed runs. */
export function time(repeats: number, warmups = 2): number[] {
  for (let i = 0; i < warmups; i++) recognize(frames[i % frames.length]!, index, 3);
  const ms: number[] = [];
  for (let r = 0; r < repeats; r++) {
    for (const frame of frames) {
      const t = performance.now();
      recognize(frame, index, 3);
      ms.push(performance.now() - t);
    }
  }
  return ms;
}
