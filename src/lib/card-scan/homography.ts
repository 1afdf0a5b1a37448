/**
 * Plane-to-plane projective maps (homographies): how a flat card seen at an angle maps to the
 * camera's picture, and back (docs/card-scan.md, Finding the card).
 */

export interface Point {
  x: number;
  y: number;
}

/** The 3×3 matrix, row by row, its last entry 1. */
export type Homography = Float64Array;

/** Solves `a · x = b` for 8 unknowns by Gaussian elimination with partial pivoting. */
function solve8(a: number[][], b: number[]): number[] | null {
  const n = 8;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) {
      if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    }
    if (Math.abs(a[pivot]![col]!) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      if (f === 0) continue;
      for (let c = col; c < n; c++) a[r]![c]! -= f * a[col]![c]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let c = r + 1; c < n; c++) s -= a[r]![c]! * x[c]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/** The homography taking each `from[i]` to `to[i]` (four points, no three in a line), or null. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve8(a, b);
  if (!h) return null;
  return Float64Array.of(...h, 1);
}

/** Where `h` takes the point (x, y); writes into `out`. */
export function project(h: Homography, x: number, y: number, out: Point): Point {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  out.x = (h[0]! * x + h[1]! * y + h[2]!) / w;
  out.y = (h[3]! * x + h[4]! * y + h[5]!) / w;
  return out;
}
