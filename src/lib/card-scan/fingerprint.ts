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
 * a sleeve's edge or a finger over part of the card spoils a few cells and no more. A photo's
 * fingerprint also says which light cells a glare spot has burnt white (`queryPrint`): those are
 * left out of its comparisons, and both sides' light is measured over the cells left
 * (docs/card-scan.md, Glare). The catalogue's fingerprints are made as they always were.
 */

export const GRID_X = 10;
export const GRID_Y = 15;
export const COLOR_X = 4;
export const COLOR_Y = 6;
const LUMA = GRID_X * GRID_Y;
/**
 * The order a comparison reads the rows of light in, those that tell cards apart most first (the
 * spread of the catalogue's cells, row by row): a card unlike the photo is dropped sooner.
 */
const ROW_ORDER = [11, 4, 10, 13, 14, 9, 12, 5, 8, 7, 3, 6, 1, 2, 0];
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

/** The colour of the 20×30 sample grid (each a 2×2 supersample), RGB one after another. */
function sampleGrid(sample: CardSampler, glare: GlareReading | null): Float32Array {
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
          if (glare) glare.point((j * 2 + dy) * SX * 2 + i * 2 + dx, px);
        }
      }
      const k = (j * SX + i) * 3;
      rgb[k] = r / 4;
      rgb[k + 1] = g / 4;
      rgb[k + 2] = b / 4;
    }
  }
  return rgb;
}

/**
 * The weight of the ring of samples around a light cell's own 2×2: negative, so each cell is its
 * own light less a share of its neighbours' (a light sharpening). Near twins differ in where an
 * edge falls, which this brings out; a right card comes out clearly nearer than the second
 * (docs/card-scan.md, Fingerprints).
 */
const RING = -0.7;

/** Each light cell's luma (10×15) from the sample grid: its own samples less a share of its ring's. */
function cellLuma(rgb: Float32Array): Float32Array {
  const sample = new Float32Array(SX * SY);
  for (let i = 0; i < SX * SY; i++)
    sample[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  const luma = new Float32Array(LUMA);
  for (let y = 0; y < GRID_Y; y++) {
    for (let x = 0; x < GRID_X; x++) {
      let s = 0;
      let w = 0;
      for (let dy = -1; dy < 3; dy++) {
        const sy = y * 2 + dy;
        if (sy < 0 || sy >= SY) continue;
        const wy = dy === -1 || dy === 2 ? RING : 1;
        for (let dx = -1; dx < 3; dx++) {
          const sx = x * 2 + dx;
          if (sx < 0 || sx >= SX) continue;
          const wxy = wy * (dx === -1 || dx === 2 ? RING : 1);
          s += wxy * sample[sy * SX + sx]!;
          w += wxy;
        }
      }
      luma[y * GRID_X + x] = s / w;
    }
  }
  return luma;
}

/** The light part of `out`: `luma` less its mean over `cells` (all when null), over its spread. */
function writeLight(out: Int8Array, luma: Float32Array, cells: Uint8Array | null): void {
  let mean = 0;
  const n = cells ? cells.length : LUMA;
  for (let j = 0; j < n; j++) mean += luma[cells ? cells[j]! : j]!;
  mean /= n;
  let spread = 0;
  for (let j = 0; j < n; j++) spread += (luma[cells ? cells[j]! : j]! - mean) ** 2;
  spread = Math.sqrt(spread / n) || 1;
  for (let i = 0; i < LUMA; i++) out[i] = clamp8(((luma[i]! - mean) / spread) * LUMA_SCALE);
}

function writeColour(out: Int8Array, rgb: Float32Array): void {
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
}

/** The fingerprint of the card `sample` reads. */
export function fingerprint(sample: CardSampler): Int8Array {
  const rgb = sampleGrid(sample, null);
  const out = new Int8Array(FINGERPRINT_BYTES);
  writeLight(out, cellLuma(rgb), null);
  writeColour(out, rgb);
  return out;
}

/**
 * A sample point is burnt when it is near white and its luma within this of the photo's
 * brightest (the card's 99.8th percentile: a glare spot's middle is flat at the photo's top,
 * which a darker exposure may bring well under 255).
 */
const BURNT_NEAR = 8;
/** A light cell is burnt when at least this share of its 16 sample points is. */
const BURNT_SHARE = 0.25;
/** More burnt cells than this: not a glare spot but a pale card, nothing is left out. */
const BURNT_MAX = 60;
const POINTS = SX * 2 * SY * 2;

/** The sample points' luma and whether each is near white, for finding a glare spot. */
class GlareReading {
  luma = new Float32Array(POINTS);
  white = new Uint8Array(POINTS);
  point(at: number, px: Float32Array): void {
    const r = px[0]!;
    const g = px[1]!;
    const b = px[2]!;
    this.luma[at] = 0.299 * r + 0.587 * g + 0.114 * b;
    const hi = Math.max(r, g, b);
    this.white[at] = hi - Math.min(r, g, b) < 0.12 * hi + 10 ? 1 : 0;
  }
  /** The burnt light cells, once `cells` has found them. */
  burnt: Uint8Array | null = null;
  /** The light cells left once the burnt ones are out, or null when none is burnt (or too many). */
  cells(): Uint8Array | null {
    const { luma, white } = this;
    // the 99.8th percentile: the 5th brightest of the 2,400 points
    const top = [-1, -1, -1, -1, -1];
    for (let i = 0; i < POINTS; i++) {
      const v = luma[i]!;
      if (v <= top[4]!) continue;
      let k = 4;
      while (k > 0 && top[k - 1]! < v) {
        top[k] = top[k - 1]!;
        k--;
      }
      top[k] = v;
    }
    const floor = top[4]! - BURNT_NEAR;
    const need = BURNT_SHARE * 16;
    const keep: number[] = [];
    const burntCells: number[] = [];
    for (const y of ROW_ORDER) {
      for (let x = 0; x < GRID_X; x++) {
        let burnt = 0;
        for (let dy = 0; dy < 4; dy++) {
          const row = (y * 4 + dy) * SX * 2 + x * 4;
          for (let dx = 0; dx < 4; dx++) if (white[row + dx] && luma[row + dx]! >= floor) burnt++;
        }
        if (burnt < need) keep.push(y * GRID_X + x);
        else burntCells.push(y * GRID_X + x);
      }
    }
    if (burntCells.length === 0 || burntCells.length > BURNT_MAX) return null;
    this.burnt = Uint8Array.from(burntCells);
    return Uint8Array.from(keep);
  }
}

/** A photo's fingerprint, with the light cells a glare spot has not burnt out. */
export interface Query {
  print: Int8Array;
  /**
   * The light cells compared (the rest are burnt white by a glare spot), or null for all: the
   * light is then measured against its mean and spread over these cells alone, on both sides.
   */
  kept: Uint8Array | null;
  /** The light cells left out (with `kept`, every cell once), or null. */
  burnt: Uint8Array | null;
}

/** The fingerprint of a card in a photo, with a glare spot's burnt cells left out. */
export function queryPrint(sample: CardSampler): Query {
  const glare = new GlareReading();
  const rgb = sampleGrid(sample, glare);
  const kept = glare.cells();
  const print = new Int8Array(FINGERPRINT_BYTES);
  writeLight(print, cellLuma(rgb), kept);
  writeColour(print, rgb);
  return { print, kept, burnt: glare.burnt };
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
  const lc = LUMA_CAP * LUMA_CAP;
  const lumaScale = LUMA * lc;
  // the bound in the light sum's own units (compared without a division per row)
  const limit = bound * lumaScale;
  let d = 0;
  for (let r = 0; r < GRID_Y; r++) {
    const row = ROW_ORDER[r]! * GRID_X;
    for (let i = row; i < row + GRID_X; i++) {
      const e = a[i]! - b[offsetB + i]!;
      d += Math.min(e * e, lc);
    }
    // every row of the grid: the sum only grows, so past the bound it stays past it
    if (d >= limit) return Infinity;
  }
  return d / lumaScale + colourTerm(a, b, offsetB);
}

/** The colour's share of the distance. */
function colourTerm(a: Int8Array, b: Int8Array, offsetB: number): number {
  let c = 0;
  const cc = COLOR_CAP * COLOR_CAP;
  for (let i = LUMA; i < FINGERPRINT_BYTES; i++) {
    const e = a[i]! - b[offsetB + i]!;
    c += Math.min(e * e, cc);
  }
  return (COLOR_WEIGHT * c) / (2 * COLOR * cc);
}

/** Per fingerprint of a packed array: the sum of its light cells and of their squares. */
const lightSums = new WeakMap<Int8Array, Float64Array>();

function sumsOf(prints: Int8Array): Float64Array {
  let sums = lightSums.get(prints);
  if (sums) return sums;
  const n = Math.floor(prints.length / FINGERPRINT_BYTES);
  sums = new Float64Array(2 * n);
  for (let c = 0; c < n; c++) {
    const at = c * FINGERPRINT_BYTES;
    let s = 0;
    let ss = 0;
    for (let i = 0; i < LUMA; i++) {
      const v = prints[at + i]!;
      s += v;
      ss += v * v;
    }
    sums[2 * c] = s;
    sums[2 * c + 1] = ss;
  }
  lightSums.set(prints, sums);
  return sums;
}

/**
 * `distanceUnder` for a photo's query, `b` holding whole fingerprints one after another (offsetB
 * a multiple of FINGERPRINT_BYTES): with burnt cells left out, the light is compared over the kept
 * cells only, the catalogue's measured against its own mean and spread over them.
 */
export function queryDistanceUnder(q: Query, b: Int8Array, offsetB: number, bound: number): number {
  const kept = q.kept;
  const burnt = q.burnt;
  if (!kept || !burnt) return distanceUnder(q.print, b, offsetB, bound);
  const a = q.print;
  const n = kept.length;
  // the card's light over the kept cells: its sums over all cells less the burnt ones'
  const sums = sumsOf(b);
  const card = offsetB / FINGERPRINT_BYTES;
  let s = sums[2 * card]!;
  let ss = sums[2 * card + 1]!;
  for (let j = 0; j < burnt.length; j++) {
    const v = b[offsetB + burnt[j]!]!;
    s -= v;
    ss -= v * v;
  }
  const mean = s / n;
  const spread = Math.sqrt(Math.max(ss / n - mean * mean, 0)) || 1;
  const scale = LUMA_SCALE / spread;
  const shift = mean * scale;
  const lc = LUMA_CAP * LUMA_CAP;
  const lumaScale = n * lc;
  const limit = bound * lumaScale;
  let d = 0;
  for (let j = 0; j < n;) {
    for (const end = Math.min(n, j + GRID_X); j < end; j++) {
      const k = kept[j]!;
      const e = a[k]! - b[offsetB + k]! * scale + shift;
      d += Math.min(e * e, lc);
    }
    if (d >= limit) return Infinity;
  }
  return d / lumaScale + colourTerm(a, b, offsetB);
}

/**
 * The distance from `q` to the closest of the fingerprints packed in `prints`, when it is under
 * `bound`; else `bound`. Each card's comparison stops once it cannot beat the closest so far
 * (`queryDistanceUnder` card after card, in one loop).
 */
export function closestUnder(q: Query, prints: Int8Array, bound: number): number {
  const count = Math.floor(prints.length / FINGERPRINT_BYTES);
  const a = q.print;
  const kept = q.kept;
  const burnt = q.burnt;
  const lc = LUMA_CAP * LUMA_CAP;
  let best = bound;
  if (!kept || !burnt) {
    const lumaScale = LUMA * lc;
    for (let card = 0, at = 0; card < count; card++, at += FINGERPRINT_BYTES) {
      const limit = best * lumaScale;
      let d = 0;
      let r = 0;
      for (; r < GRID_Y; r++) {
        const row = ROW_ORDER[r]! * GRID_X;
        for (let i = row; i < row + GRID_X; i++) {
          const e = a[i]! - prints[at + i]!;
          d += Math.min(e * e, lc);
        }
        if (d >= limit) break;
      }
      if (r < GRID_Y) continue;
      const total = d / lumaScale + colourTerm(a, prints, at);
      if (total < best) best = total;
    }
    return best;
  }
  const n = kept.length;
  const sums = sumsOf(prints);
  const lumaScale = n * lc;
  for (let card = 0, at = 0; card < count; card++, at += FINGERPRINT_BYTES) {
    let s = sums[2 * card]!;
    let ss = sums[2 * card + 1]!;
    for (let j = 0; j < burnt.length; j++) {
      const v = prints[at + burnt[j]!]!;
      s -= v;
      ss -= v * v;
    }
    const mean = s / n;
    const scale = LUMA_SCALE / (Math.sqrt(Math.max(ss / n - mean * mean, 0)) || 1);
    const shift = mean * scale;
    const limit = best * lumaScale;
    let d = 0;
    let j = 0;
    while (j < n) {
      for (const end = Math.min(n, j + GRID_X); j < end; j++) {
        const k = kept[j]!;
        const e = a[k]! - prints[at + k]! * scale + shift;
        d += Math.min(e * e, lc);
      }
      if (d >= limit) break;
    }
    if (d >= limit) continue;
    const total = d / lumaScale + colourTerm(a, prints, at);
    if (total < best) best = total;
  }
  return best;
}
