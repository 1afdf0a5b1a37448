/**
 * The pixels card scanning works on (docs/card-scan.md): an RGBA raster as the camera, a canvas or
 * a decoded file gives it, and the few operations the scanner needs on it. Pure functions over typed
 * arrays, so the same code runs in the scan worker, in the tests and in the benchmark under Node.
 */

/** RGBA pixels, row by row, 4 bytes each (ImageData's layout). */
export interface Raster {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** One channel of floats, row by row. */
export interface Plane {
  width: number;
  height: number;
  data: Float32Array;
  /** Where the plane's first pixel is in the frame it was cut from (0 when it is all of it). */
  left?: number;
  top?: number;
}

/** Luma (BT.601) of every pixel, 0–255. */
export function toGray(img: Raster): Plane {
  const { width, height, data } = img;
  const out = new Float32Array(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4) {
    out[i] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
  }
  return { width, height, data: out };
}

/**
 * The plane shrunk by averaging whole boxes of pixels (an integer factor, so no pixel is lost and
 * none counts twice); a plane already small enough is returned as it is.
 */
export function shrinkPlane(src: Plane, factor: number): Plane {
  const f = Math.max(1, Math.floor(factor));
  if (f === 1) return src;
  const width = Math.floor(src.width / f);
  const height = Math.floor(src.height / f);
  const out = new Float32Array(width * height);
  const inv = 1 / (f * f);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * src.width + x * f;
        for (let dx = 0; dx < f; dx++) sum += src.data[row + dx]!;
      }
      out[y * width + x] = sum * inv;
    }
  }
  return { width, height, data: out };
}

/** A 3×3 binomial blur (1-2-1 both ways), edges clamped. */
export function blur3(src: Plane): Plane {
  const { width: w, height: h, data } = src;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const r = y * w;
    for (let x = 0; x < w; x++) {
      const l = data[r + Math.max(0, x - 1)]!;
      const c = data[r + x]!;
      const rr = data[r + Math.min(w - 1, x + 1)]!;
      tmp[r + x] = (l + 2 * c + rr) * 0.25;
    }
  }
  for (let y = 0; y < h; y++) {
    const u = Math.max(0, y - 1) * w;
    const r = y * w;
    const d = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) out[r + x] = (tmp[u + x]! + 2 * tmp[r + x]! + tmp[d + x]!) * 0.25;
  }
  return { width: w, height: h, data: out };
}

/** The RGB of `img` at a real-valued point, bilinear, edges clamped; written into `out`. */
export function sampleRgb(img: Raster, x: number, y: number, out: Float32Array, at = 0): void {
  const { width: w, height: h, data } = img;
  const fx = Math.min(Math.max(x - 0.5, 0), w - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), h - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, w - 1);
  const y1 = Math.min(y0 + 1, h - 1);
  const ax = fx - x0;
  const ay = fy - y0;
  const p00 = (y0 * w + x0) * 4;
  const p10 = (y0 * w + x1) * 4;
  const p01 = (y1 * w + x0) * 4;
  const p11 = (y1 * w + x1) * 4;
  for (let c = 0; c < 3; c++) {
    const top = data[p00 + c]! + (data[p10 + c]! - data[p00 + c]!) * ax;
    const bottom = data[p01 + c]! + (data[p11 + c]! - data[p01 + c]!) * ax;
    out[at + c] = top + (bottom - top) * ay;
  }
}

/**
 * The luma of `img` in the box from (left, top) to (right, bottom), clipped to the image, blurred
 * 1-2-1 both ways (`blur3`): a plane placed at the box's corner, for reading near an outline
 * without making the whole frame's.
 */
export function blurredLumaIn(
  img: Raster,
  left: number,
  top: number,
  right: number,
  bottom: number,
): Plane {
  const x0 = Math.max(0, Math.floor(left));
  const y0 = Math.max(0, Math.floor(top));
  const x1 = Math.min(img.width, Math.ceil(right));
  const y1 = Math.min(img.height, Math.ceil(bottom));
  const width = Math.max(1, x1 - x0);
  const height = Math.max(1, y1 - y0);
  const out = new Float32Array(width * height);
  const d = img.data;
  for (let y = 0; y < height && y0 + y < img.height; y++) {
    let p = ((y0 + y) * img.width + x0) * 4;
    for (let x = 0, i = y * width; x < width && x0 + x < img.width; x++, i++, p += 4) {
      out[i] = 0.299 * d[p]! + 0.587 * d[p + 1]! + 0.114 * d[p + 2]!;
    }
  }
  return { ...blur3({ width, height, data: out }), left: x0, top: y0 };
}

/** The value of `p` at a real-valued point (in its frame's pixels), bilinear, edges clamped. */
export function samplePlane(p: Plane, x: number, y: number): number {
  const fx = Math.min(Math.max(x - 0.5 - (p.left ?? 0), 0), p.width - 1);
  const fy = Math.min(Math.max(y - 0.5 - (p.top ?? 0), 0), p.height - 1);
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const x1 = Math.min(x0 + 1, p.width - 1);
  const y1 = Math.min(y0 + 1, p.height - 1);
  const ax = fx - x0;
  const ay = fy - y0;
  const d = p.data;
  const top = d[y0 * p.width + x0]! * (1 - ax) + d[y0 * p.width + x1]! * ax;
  const bottom = d[y1 * p.width + x0]! * (1 - ax) + d[y1 * p.width + x1]! * ax;
  return top * (1 - ay) + bottom * ay;
}
