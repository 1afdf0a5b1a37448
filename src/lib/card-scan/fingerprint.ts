/**
 * A card's fingerprint: 198 bytes that say what the card looks like, the same whether made from
 * the catalogue's image of the card or from a photo of it once straightened (docs/card-scan.md,
 * Fingerprints).
 *
 * - Light: the card's luma averaged over a 10×15 grid, less its mean and divided by its spread,
 *   so a darker room, a brighter screen or a flatter photo give the same numbers (150 bytes).
 * - Colour: two opponent chromaticities, red–green and yellow–blue over the sum of the channels,
 *   averaged over a 4×6 grid (48 bytes): the hue of a backdrop or a border, not its brightness.
 *
 * Two fingerprints are compared cell by cell with each cell's difference capped, so a glare spot,
 * a sleeve's edge or a finger over part of the card spoils a few cells and no more.
 */

export const GRID_X = 10;
export const GRID_Y = 15;
export const COLOR_X = 4;
export const COLOR_Y = 6;
const LUMA = GRID_X * GRID_Y;
const COLOR = COLOR_X * COLOR_Y;
/** Bytes in a fingerprint. */
export const FINGERPRINT_BYTES = LUMA + 2 * COLOR;

/** The sample grid both grids are pooled from (each sample is a 2×2 supersample). */
const SX = 20;
const SY = 30;
/** One z unit of light in fingerprint steps. */
const LUMA_SCALE = 32;
/** One unit of chromaticity in fingerprint steps. */
const COLOR_SCALE = 100;

/** The colour of the card at (u, v), both 0–1 across the card; writes RGB (0–255) into `out`. */
export type CardSampler = (u: number, v: number, out: Float32Array) => void;

const clamp8 = (v: number) => Math.max(-127, Math.min(127, Math.round(v)));

/** The fingerprint of the card `sample` reads. */
export function fingerprint(sample: CardSampler): Int8Array {
  const rgb = new Float32Array(SX * SY * 3);
  const px = new Float32Array(3);
  for (let j = 0; j < SY; j++) {
    for (let i = 0; i < SX; i++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          sample((i + 0.25 + dx * 0.5) / SX, (j + 0.25 + dy * 0.5) / SY, px);
          r += px[0]!;
          g += px[1]!;
          b += px[2]!;
        }
      }
      const k = (j * SX + i) * 3;
      rgb[k] = r / 4;
      rgb[k + 1] = g / 4;
      rgb[k + 2] = b / 4;
    }
  }

  const out = new Int8Array(FINGERPRINT_BYTES);
  // light: 2×2 samples per cell
  const luma = new Float32Array(LUMA);
  let mean = 0;
  for (let y = 0; y < GRID_Y; y++) {
    for (let x = 0; x < GRID_X; x++) {
      let s = 0;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const k = ((y * 2 + dy) * SX + x * 2 + dx) * 3;
          s += 0.299 * rgb[k]! + 0.587 * rgb[k + 1]! + 0.114 * rgb[k + 2]!;
        }
      }
      luma[y * GRID_X + x] = s / 4;
      mean += s / 4;
    }
  }
  mean /= LUMA;
  let spread = 0;
  for (const v of luma) spread += (v - mean) ** 2;
  spread = Math.sqrt(spread / LUMA) || 1;
  for (let i = 0; i < LUMA; i++) out[i] = clamp8(((luma[i]! - mean) / spread) * LUMA_SCALE);

  // colour: 5×5 samples per cell
  const cw = SX / COLOR_X;
  const ch = SY / COLOR_Y;
  for (let y = 0; y < COLOR_Y; y++) {
    for (let x = 0; x < COLOR_X; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < ch; dy++) {
        for (let dx = 0; dx < cw; dx++) {
          const k = ((y * ch + dy) * SX + x * cw + dx) * 3;
          r += rgb[k]!;
          g += rgb[k + 1]!;
          b += rgb[k + 2]!;
        }
      }
      const sum = r + g + b + 1e-3;
      const c = y * COLOR_X + x;
      out[LUMA + c] = clamp8(((r - g) / sum) * COLOR_SCALE);
      out[LUMA + COLOR + c] = clamp8(((r + g - 2 * b) / sum) * COLOR_SCALE);
    }
  }
  return out;
}

/**
 * A cell's difference counts up to this many steps (light: 1.5 z units), so a glare spot or a
 * finger spoils the cells it covers and no more. Colour counts half as much as light: a photo's
 * contrast and a glare's white shift the chromaticities of every cell a little. (Both chosen on
 * the benchmark's photos with every distortion on: among a group's 400 cards, top-1 with the true
 * corners went from 89% to 95% with them, from a cap of 2 z units and colour counting as light.)
 */
const LUMA_CAP = 1.5 * LUMA_SCALE;
const COLOR_CAP = 0.3 * COLOR_SCALE;
const COLOR_WEIGHT = 0.5;

/** How unlike two fingerprints are: 0 for the same, up to 1.5 for nothing alike. */
export function distance(a: Int8Array, b: Int8Array, offsetB = 0): number {
  return distanceUnder(a, b, offsetB, Infinity);
}

/**
 * `distance`, or Infinity as soon as it is sure to come to `bound` or more: a scope's search
 * keeps the closest few and drops most cards after part of the light (the same ranking, less
 * work).
 */
export function distanceUnder(a: Int8Array, b: Int8Array, offsetB: number, bound: number): number {
  let d = 0;
  const lc = LUMA_CAP * LUMA_CAP;
  const lumaScale = LUMA * lc;
  // the bound in the light sum's own units (compared without a division per row)
  const limit = bound * lumaScale;
  for (let i = 0; i < LUMA;) {
    for (const rowEnd = i + GRID_X; i < rowEnd; i++) {
      const e = a[i]! - b[offsetB + i]!;
      d += Math.min(e * e, lc);
    }
    // every row of the grid: the sum only grows, so past the bound it stays past it
    if (d >= limit) return Infinity;
  }
  let c = 0;
  const cc = COLOR_CAP * COLOR_CAP;
  for (let i = LUMA; i < FINGERPRINT_BYTES; i++) {
    const e = a[i]! - b[offsetB + i]!;
    c += Math.min(e * e, cc);
  }
  return d / lumaScale + (COLOR_WEIGHT * c) / (2 * COLOR * cc);
}
