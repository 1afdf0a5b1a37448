/**
 * The idol on a demo photo card: a flat, friendly figure whose look (hair, face, outfit, pose,
 * accessories) is picked by a seeded random, so every card of the seed shows a different shot
 * while the same seed always draws the same one. ./card-art.ts frames it into a card.
 *
 * Shapes are signed distances (./canvas.ts); the head and everything on it is drawn through one
 * rotation about the neck, which gives the head tilt. Colours stay flat so a card deflates to
 * the same few kilobytes as before.
 */
import { Canvas, darken, hex, lighten, mix, sdf, WHITE, type Rgb, type Sdf } from './canvas.ts';
import type { Rng } from './random.ts';
import type { Tones } from './motifs.ts';

export type Lineup = 'boy' | 'girl';
export type HairStyle = 'short' | 'fluffy' | 'bob' | 'long' | 'wavy' | 'ponytail' | 'buns';
export type Bangs = 'full' | 'side' | 'curtain' | 'none';
export type Eyes = 'dot' | 'smile' | 'wink' | 'big';
export type Mouth = 'smile' | 'open' | 'small' | 'cat';
export type Outfit = 'tee' | 'shirt' | 'jacket' | 'hoodie' | 'turtleneck' | 'sailor';
export type ClothPattern = 'plain' | 'stripes' | 'dots' | 'checks';
export type Pose = 'none' | 'peace' | 'heart' | 'chin' | 'wave';
export type Accessory = 'none' | 'earrings' | 'hairpin' | 'headband' | 'glasses' | 'beanie';
export type Framing = 'close' | 'half';

export interface Look {
  framing: Framing;
  /** Head tilt in radians (positive: clockwise). */
  tilt: number;
  hair: HairStyle;
  bangs: Bangs;
  hairColour: Rgb;
  skin: Rgb;
  eyes: Eyes;
  mouth: Mouth;
  outfit: Outfit;
  cloth: Rgb;
  cloth2: Rgb;
  clothPattern: ClothPattern;
  pose: Pose;
  /** Which side the raised hand is on: -1 left, 1 right. */
  side: -1 | 1;
  accessory: Accessory;
  /** Shoulder half-width in head radii. */
  shoulders: number;
}

const HAIR_NATURAL = ['#1f1a1c', '#2e2220', '#4a3226', '#6b4632'].map(hex);
const HAIR_DYED = [
  '#e3c07a',
  '#a9a4b0',
  '#f29bb5',
  '#5b7fd1',
  '#d9dde6',
  '#b33a3a',
  '#7fcfbd',
  '#b9a3e3',
  '#c97b4a',
].map(hex);
const SKINS = ['#fde6d6', '#fadcc8', '#f4d0b6', '#ecc4a4'].map(hex);
const NEUTRALS = ['#f7f6f0', '#25262d', '#4a6fa5', '#d9c4a1', '#9aa0a8', '#2f4a3a'].map(hex);

const HAIR_BY_LINEUP: Record<Lineup, readonly HairStyle[]> = {
  boy: ['short', 'short', 'fluffy', 'fluffy', 'bob'],
  girl: ['long', 'long', 'wavy', 'ponytail', 'buns', 'bob'],
};

/**
 * The look of one shot. `person` fixes what stays with the member (skin, eye shape); `era` fixes
 * the hair of one release, as idols change hair per comeback; `r` picks the rest (the shot).
 */
export function pickLook(person: Rng, era: Rng, r: Rng, t: Tones, lineup: Lineup): Look {
  const skin = person.pick(SKINS);
  const eyes = person.pick(['dot', 'big', 'dot', 'big'] as const);
  const hair = era.pick(HAIR_BY_LINEUP[lineup]);
  const hairColour = era.chance(0.55) ? era.pick(HAIR_NATURAL) : era.pick(HAIR_DYED);
  const bangs = era.pick(
    lineup === 'boy'
      ? (['full', 'side', 'curtain', 'none', 'curtain'] as const)
      : (['full', 'full', 'curtain', 'side', 'none'] as const),
  );
  const palette = [t.main, t.sub, t.accent, lighten(t.main, 0.5)];
  const cloth = r.chance(0.6) ? r.pick(palette) : r.pick(NEUTRALS);
  let cloth2 = r.chance(0.5) ? r.pick(NEUTRALS) : r.pick(palette);
  if (distance(cloth, cloth2) < 60) cloth2 = luma(cloth) > 140 ? darken(cloth, 0.45) : WHITE;
  const outfits: Outfit[] =
    lineup === 'boy'
      ? ['tee', 'shirt', 'jacket', 'hoodie', 'turtleneck', 'jacket']
      : ['tee', 'shirt', 'jacket', 'hoodie', 'turtleneck', 'sailor'];
  return {
    framing: r.chance(0.55) ? 'close' : 'half',
    tilt: (r.next() - 0.5) * 0.42,
    hair,
    bangs,
    hairColour,
    skin,
    eyes: r.chance(0.25) ? r.pick(['smile', 'wink'] as const) : eyes,
    mouth: r.pick(['smile', 'smile', 'open', 'small', 'cat'] as const),
    outfit: r.pick(outfits),
    cloth,
    cloth2,
    clothPattern: r.chance(0.6) ? 'plain' : r.pick(['stripes', 'dots', 'checks'] as const),
    pose: r.pick(['none', 'peace', 'peace', 'heart', 'chin', 'wave'] as const),
    side: r.chance(0.5) ? -1 : 1,
    accessory: r.chance(0.45)
      ? 'none'
      : r.pick(
          lineup === 'boy'
            ? (['earrings', 'glasses', 'beanie', 'earrings'] as const)
            : (['earrings', 'hairpin', 'headband', 'glasses', 'beanie'] as const),
        ),
    shoulders: 1.9 + r.next() * 0.45,
  };
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];

/** A convex polygon (points in order); the max of its edges' half-planes bounds the distance. */
export function poly(points: readonly (readonly [number, number])[]): Sdf {
  // orient the edges so that the inside is negative whichever way the points run
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[(i + 1) % points.length]!;
    area += x0 * y1 - x1 * y0;
  }
  const sign = area > 0 ? 1 : -1;
  const edges = points.map((p, i) => {
    const q = points[(i + 1) % points.length]!;
    const dx = q[0] - p[0];
    const dy = q[1] - p[1];
    const len = Math.hypot(dx, dy) || 1;
    return [p[0], p[1], (dy / len) * sign, (-dx / len) * sign] as const;
  });
  return (x, y) => {
    let d = -Infinity;
    for (const [px, py, nx, ny] of edges) d = Math.max(d, (x - px) * nx + (y - py) * ny);
    return d;
  };
}

/** Half-plane below the line through (x0, y0) with slope `k` (inside negative). */
const below =
  (x0: number, y0: number, k: number): Sdf =>
  (x, y) =>
    (k * (x - x0) - (y - y0)) / Math.hypot(k, 1);
const above =
  (x0: number, y0: number, k: number): Sdf =>
  (x, y) =>
    -(k * (x - x0) - (y - y0)) / Math.hypot(k, 1);
const grow =
  (d: Sdf, by: number): Sdf =>
  (x, y) =>
    d(x, y) - by;

/**
 * Draws the idol with the head centre at (cx, hy) and a head radius of `s` pixels; the body runs
 * down past the bottom of the canvas.
 */
export function idol(cv: Canvas, cx: number, hy: number, s: number, look: Look): void {
  const { skin, hairColour: hairC } = look;
  const skinShade = darken(skin, 0.08);
  const line = darken(skin, 0.35);
  const ink = mix(darken(hairC, 0.6), hex('#1b1420'), 0.6);
  // the head turns about the neck
  const px = cx;
  const py = hy + s * 1.1;
  const cos = Math.cos(look.tilt);
  const sin = Math.sin(look.tilt);
  const R =
    (d: Sdf): Sdf =>
    (x, y) => {
      const dx = x - px;
      const dy = y - py;
      return d(px + dx * cos + dy * sin, py - dx * sin + dy * cos);
    };
  /** Canvas box around a head-local box given in head radii, widened for the turn. */
  const hbox = (
    u0: number,
    v0: number,
    u1: number,
    v1: number,
  ): [number, number, number, number] => {
    const pad = s * 0.6 + Math.abs(look.tilt) * s * 3;
    return [cx + u0 * s - pad, hy + v0 * s - pad, cx + u1 * s + pad, hy + v1 * s + pad];
  };
  const head = (d: Sdf, c: Rgb, box: [number, number, number, number], alpha = 1) =>
    cv.shape(R(d), c, alpha, hbox(...box));
  const U = (u: number) => cx + u * s;
  const V = (v: number) => hy + v * s;
  const bodyBox = (u0: number, v0: number, u1: number, v1: number) =>
    [U(u0), V(v0), U(u1), V(v1)] as [number, number, number, number];

  // ---- hair behind the head and body
  const hairBack = darken(hairC, 0.12);
  if (look.hair === 'long' || look.hair === 'wavy') {
    const back = sdf.roundRect(U(-1.2), V(-1.15), U(1.2), V(2.7), s * 1.05);
    head(back, hairBack, [-1.2, -1.15, 1.2, 2.7]);
    if (look.hair === 'wavy') {
      for (let i = 0; i < 6; i++) {
        for (const side of [-1, 1]) {
          head(sdf.circle(U(side * 1.12), V(0.1 + i * 0.45), s * 0.28), hairBack, [
            side * 1.12 - 0.3,
            i * 0.45 - 0.2,
            side * 1.12 + 0.3,
            0.4 + i * 0.45,
          ]);
        }
      }
    }
  } else if (look.hair === 'bob') {
    head(
      sdf.roundRect(U(-1.15), V(-1.1), U(1.15), V(1.05), s * 0.7),
      hairBack,
      [-1.15, -1.1, 1.15, 1.05],
    );
  } else if (look.hair === 'ponytail') {
    const tail = sdf.union(
      sdf.capsule(U(look.side * 0.85), V(-0.55), U(look.side * 1.35), V(0.9), s * 0.32),
      sdf.capsule(U(look.side * 1.35), V(0.9), U(look.side * 1.2), V(1.8), s * 0.22),
    );
    head(tail, hairBack, [-1.7, -0.9, 1.7, 2.1]);
  }

  // ---- body
  const w = look.shoulders;
  const half = look.framing === 'half';
  const body = sdf.roundRect(U(-w), V(1.5), U(w), V(half ? 12 : 7), s * (half ? 1.2 : 1.55));
  if (look.outfit === 'hoodie') {
    // the hood lies around the neck, behind it
    cv.shape(
      sdf.ellipse(U(0), V(1.55), s * 1.15, s * 0.5),
      darken(look.cloth, 0.18),
      1,
      bodyBox(-1.2, 1, 1.2, 2.1),
    );
  }
  cv.shape(body, look.cloth, 1, bodyBox(-w, 1.5, w, half ? 12 : 7));
  clothPattern(cv, body, look, bodyBox(-w, 1.5, w, half ? 12 : 7), s);
  // neck
  cv.shape(
    sdf.roundRect(U(-0.3), V(0.4), U(0.3), V(1.7), s * 0.28),
    skinShade,
    1,
    bodyBox(-0.3, 0.4, 0.3, 1.7),
  );
  // the chin's shadow on the neck, which lifts the flat face off it
  cv.shape(
    sdf.intersect(
      sdf.roundRect(U(-0.3), V(0.4), U(0.3), V(1.7), s * 0.28),
      sdf.ellipse(U(0), V(1.05), s * 0.5, s * 0.3),
    ),
    darken(skin, 0.16),
    1,
    bodyBox(-0.3, 0.7, 0.3, 1.4),
  );
  outfitDetails(cv, look, cx, hy, s, body);

  // ---- long hair falling over the shoulders, in front of the body
  if (look.hair === 'long' || look.hair === 'wavy') {
    for (const side of [-1, 1]) {
      const lock = sdf.roundRect(
        U(side > 0 ? 0.62 : -1.18),
        V(-0.2),
        U(side > 0 ? 1.18 : -0.62),
        V(2.5),
        s * 0.3,
      );
      head(lock, hairC, [-1.2, -0.3, 1.2, 2.6]);
    }
  }

  // ---- ears and face
  for (const side of [-1, 1]) {
    head(
      sdf.ellipse(U(side * 0.86), V(0.12), s * 0.17, s * 0.25),
      skinShade,
      [-1.05, -0.15, 1.05, 0.4],
    );
  }
  head(sdf.ellipse(U(0), V(0), s * 0.88, s * 1.04), skin, [-0.9, -1.05, 0.9, 1.05]);

  // ---- face features (under the hair, so a fringe covers the brows)
  const ey = 0.14;
  const eyeAt = (side: number) => U(side * 0.36);
  const drawEye = (side: number, kind: Eyes) => {
    const ex = eyeAt(side);
    const eyV = V(ey);
    const box: [number, number, number, number] = [
      side * 0.36 - 0.3,
      ey - 0.3,
      side * 0.36 + 0.3,
      ey + 0.3,
    ];
    if (kind === 'smile' || kind === 'wink') {
      const arc = sdf.intersect(
        sdf.ring(sdf.circle(ex, eyV + s * 0.07, s * 0.13), s * 0.055),
        above(ex, eyV + s * 0.07, 0),
      );
      head(arc, ink, box);
      return;
    }
    if (kind === 'big') {
      head(sdf.ellipse(ex, eyV, s * 0.15, s * 0.16), WHITE, box);
      head(sdf.circle(ex, eyV + s * 0.02, s * 0.115), mix(ink, hex('#7a4a2a'), 0.5), box);
      head(sdf.circle(ex, eyV + s * 0.03, s * 0.06), ink, box);
      head(
        sdf.capsule(ex - s * 0.16, eyV - s * 0.1, ex + s * 0.15, eyV - s * 0.13, s * 0.035),
        ink,
        box,
      );
    } else {
      head(sdf.ellipse(ex, eyV, s * 0.095, s * 0.135), ink, box);
    }
    head(sdf.circle(ex + s * 0.035, eyV - s * 0.04, s * 0.038), WHITE, box);
  };
  if (look.eyes === 'wink') {
    drawEye(-look.side, 'dot');
    drawEye(look.side, 'wink');
  } else {
    drawEye(-1, look.eyes);
    drawEye(1, look.eyes);
  }
  const browC = darken(hairC, 0.35);
  for (const side of [-1, 1]) {
    const bx = eyeAt(side);
    head(
      sdf.capsule(bx - s * 0.13, V(ey - 0.27 - side * 0.0), bx + s * 0.13, V(ey - 0.3), s * 0.03),
      browC,
      [side * 0.36 - 0.2, ey - 0.4, side * 0.36 + 0.2, ey - 0.15],
    );
  }
  // nose
  head(
    sdf.capsule(U(0.02), V(0.38), U(0.05), V(0.45), s * 0.028),
    darken(skin, 0.18),
    [-0.1, 0.3, 0.15, 0.5],
    0.8,
  );
  // blush
  for (const side of [-1, 1]) {
    head(
      sdf.ellipse(U(side * 0.52), V(0.45), s * 0.16, s * 0.09),
      hex('#ff8a9a'),
      [-0.7, 0.3, 0.7, 0.6],
      0.4,
    );
  }
  // mouth
  const lips = mix(skin, hex('#d44d5c'), 0.75);
  const mv = 0.66;
  const mouthBox: [number, number, number, number] = [-0.3, mv - 0.25, 0.3, mv + 0.25];
  switch (look.mouth) {
    case 'smile':
      head(
        sdf.intersect(
          sdf.ring(sdf.circle(U(0), V(mv - 0.14), s * 0.17), s * 0.05),
          below(U(0), V(mv - 0.08), 0),
        ),
        lips,
        mouthBox,
      );
      break;
    case 'open': {
      const m = sdf.intersect(sdf.circle(U(0), V(mv - 0.1), s * 0.2), below(U(0), V(mv - 0.1), 0));
      head(m, hex('#9c2f3f'), mouthBox);
      head(sdf.intersect(m, sdf.circle(U(0), V(mv + 0.16), s * 0.12)), hex('#f27d8c'), mouthBox);
      head(sdf.intersect(m, above(U(0), V(mv - 0.03), 0)), WHITE, mouthBox);
      break;
    }
    case 'small':
      head(sdf.ellipse(U(0), V(mv), s * 0.075, s * 0.05), lips, mouthBox);
      break;
    case 'cat':
      for (const side of [-1, 1]) {
        head(
          sdf.intersect(
            sdf.ring(sdf.circle(U(side * 0.08), V(mv - 0.06), s * 0.08), s * 0.04),
            below(U(0), V(mv - 0.04), 0),
          ),
          lips,
          mouthBox,
        );
      }
      break;
  }

  // ---- hair over the head: a cap with a window for the face, shaped by the bangs
  const capR = look.hair === 'fluffy' ? 1.12 : 1.05;
  let cap: Sdf = sdf.circle(U(0), V(-0.22), s * capR);
  if (look.hair === 'fluffy') {
    const puffs: Sdf[] = [cap];
    for (let i = 0; i < 7; i++) {
      const a = Math.PI * (1.05 + (i / 6) * 0.9);
      puffs.push(sdf.circle(U(Math.cos(a) * 1.0), V(-0.25 + Math.sin(a) * 1.0), s * 0.32));
    }
    cap = sdf.union(...puffs);
  }
  let window: Sdf;
  switch (look.bangs) {
    case 'full':
      window = sdf.roundRect(U(-0.8), V(-0.22), U(0.8), V(1.5), s * 0.5);
      break;
    case 'side':
      window = sdf.intersect(
        sdf.roundRect(U(-0.8), V(-0.8), U(0.8), V(1.5), s * 0.55),
        below(U(0), V(-0.42), 0.5 * look.side),
      );
      break;
    case 'curtain':
      window = sdf.intersect(
        sdf.roundRect(U(-0.8), V(-0.8), U(0.8), V(1.5), s * 0.55),
        (x, y) => (0.8 * Math.abs(x - U(0)) - (y - V(-0.72))) / Math.hypot(0.8, 1),
      );
      break;
    default:
      window = sdf.roundRect(U(-0.8), V(-0.66), U(0.8), V(1.5), s * 0.7);
  }
  if (look.accessory === 'beanie') {
    head(
      sdf.intersect(sdf.circle(U(0), V(-0.25), s * 1.14), above(U(0), V(-0.5), 0)),
      look.cloth2,
      [-1.2, -1.4, 1.2, -0.4],
    );
  }
  head(sdf.subtract(cap, window), hairC, [-1.5, -1.6, 1.5, 1.0]);
  if (look.hair === 'bob') {
    for (const side of [-1, 1]) {
      head(
        sdf.roundRect(
          U(side > 0 ? 0.66 : -1.1),
          V(-0.45),
          U(side > 0 ? 1.1 : -0.66),
          V(1.0),
          s * 0.22,
        ),
        hairC,
        [-1.2, -0.5, 1.2, 1.1],
      );
    }
  }
  if (look.hair === 'short' || look.hair === 'fluffy') {
    for (const side of [-1, 1]) {
      head(
        sdf.roundRect(
          U(side > 0 ? 0.72 : -0.92),
          V(-0.35),
          U(side > 0 ? 0.92 : -0.72),
          V(0.25),
          s * 0.1,
        ),
        hairC,
        [-1, -0.4, 1, 0.3],
      );
    }
  }
  if (look.hair === 'buns') {
    for (const side of [-1, 1]) {
      head(sdf.circle(U(side * 0.72), V(-1.0), s * 0.4), hairC, [-1.2, -1.5, 1.2, -0.5]);
    }
  }
  if (look.hair === 'ponytail') {
    head(sdf.circle(U(look.side * 0.85), V(-0.6), s * 0.13), look.cloth2, [-1.1, -0.8, 1.1, -0.4]);
  }
  // a soft shine on the hair
  head(
    sdf.intersect(
      sdf.ring(sdf.circle(U(0), V(-0.22), s * 0.82), s * 0.09),
      above(U(0), V(-0.75), 0),
    ),
    lighten(hairC, 0.35),
    [-1, -1.2, 1, -0.6],
    0.5,
  );

  // ---- accessories
  switch (look.accessory) {
    case 'earrings':
      for (const side of [-1, 1]) {
        head(
          sdf.ring(sdf.circle(U(side * 0.9), V(0.48), s * 0.08), s * 0.035),
          hex('#f2c94c'),
          [-1.05, 0.35, 1.05, 0.62],
        );
      }
      break;
    case 'hairpin': {
      const x = U(-look.side * 0.55);
      head(
        sdf.capsule(x - s * 0.2, V(-0.55), x + s * 0.15, V(-0.62), s * 0.05),
        look.cloth2,
        [-0.85, -0.75, 0.85, -0.45],
      );
      head(sdf.heart(x + s * 0.2, V(-0.65), s * 0.14), hex('#ff6f91'), [-0.9, -0.85, 0.9, -0.45]);
      break;
    }
    case 'headband':
      head(
        sdf.intersect(
          sdf.ring(sdf.circle(U(0), V(-0.15), s * 1.02), s * 0.16),
          above(U(0), V(-0.35), 0),
        ),
        look.cloth2,
        [-1.15, -1.3, 1.15, -0.3],
      );
      break;
    case 'glasses':
      for (const side of [-1, 1]) {
        head(
          sdf.ring(sdf.circle(eyeAt(side), V(ey), s * 0.22), s * 0.045),
          darken(look.cloth2, 0.3),
          [-0.65, ey - 0.3, 0.65, ey + 0.3],
        );
      }
      head(
        sdf.capsule(U(-0.14), V(ey - 0.02), U(0.14), V(ey - 0.02), s * 0.025),
        darken(look.cloth2, 0.3),
        [-0.2, ey - 0.1, 0.2, ey + 0.05],
      );
      break;
    case 'beanie':
      head(
        sdf.roundRect(U(-1.1), V(-0.62), U(1.1), V(-0.36), s * 0.1),
        darken(look.cloth2, 0.15),
        [-1.15, -0.7, 1.15, -0.3],
      );
      break;
    default:
  }

  // ---- hands
  const sleeve = look.cloth;
  const arm = (x0: number, y0: number, x1: number, y1: number) => {
    cv.shape(sdf.capsule(x0, y0, x1, y1, s * 0.36), darken(sleeve, 0.1), 1, [
      Math.min(x0, x1) - s,
      Math.min(y0, y1) - s,
      Math.max(x0, x1) + s,
      Math.max(y0, y1) + s,
    ]);
    cv.shape(sdf.capsule(x0, y0, x1, y1, s * 0.3), sleeve, 1, [
      Math.min(x0, x1) - s,
      Math.min(y0, y1) - s,
      Math.max(x0, x1) + s,
      Math.max(y0, y1) + s,
    ]);
  };
  const side = look.side;
  const bottom = cv.height + s;
  switch (look.pose) {
    case 'peace': {
      const hx = U(side * 1.45);
      const hyy = V(0.35);
      arm(half ? U(side * (w - 0.2)) : U(side * 1.6), half ? V(2.3) : bottom, hx, hyy + s * 0.75);
      hand(cv, hx, hyy, s, 'peace', side * 0.15, skin, line);
      break;
    }
    case 'wave': {
      const hx = U(side * 1.75);
      const hyy = V(-0.35);
      arm(half ? U(side * (w - 0.2)) : U(side * 1.9), half ? V(2.3) : bottom, hx, hyy + s * 0.75);
      hand(cv, hx, hyy, s, 'open', side * 0.25, skin, line);
      break;
    }
    case 'heart': {
      const hx = U(side * 0.95);
      const hyy = V(1.65);
      arm(U(side * 1.5), bottom, hx, hyy + s * 0.6);
      hand(cv, hx, hyy, s, 'fist', 0, skin, line);
      cv.shape(sdf.heart(hx, hyy - s * 0.75, s * 0.26), hex('#ff4f7b'), 1, [
        hx - s * 0.6,
        hyy - s * 1.2,
        hx + s * 0.6,
        hyy - s * 0.3,
      ]);
      break;
    }
    case 'chin':
      for (const sd of [-1, 1]) {
        arm(U(sd * 1.3), bottom, U(sd * 0.6), V(1.85));
        hand(cv, U(sd * 0.55), V(1.32), s, 'cup', sd, skin, line);
      }
      break;
    default:
  }
}

/** A pattern on the outfit, clipped to the body. */
function clothPattern(
  cv: Canvas,
  body: Sdf,
  look: Look,
  box: [number, number, number, number],
  s: number,
) {
  const c = luma(look.cloth) > 150 ? darken(look.cloth, 0.25) : lighten(look.cloth, 0.35);
  const step = Math.max(6, Math.round(s * 0.42));
  let p: Sdf | null = null;
  switch (look.clothPattern) {
    case 'stripes':
      p = (_x, y) => Math.abs((((y % step) + step) % step) - step / 2) - step * 0.2;
      break;
    case 'dots':
      p = (x, y) => {
        const gx = Math.round(x / step) * step;
        const gy = Math.round(y / step) * step;
        return Math.hypot(x - gx, y - gy) - step * 0.18;
      };
      break;
    case 'checks':
      p = (x, y) => {
        const dx = Math.abs((((x % step) + step) % step) - step / 2) - step * 0.18;
        const dy = Math.abs((((y % step) + step) % step) - step / 2) - step * 0.18;
        return Math.min(dx, dy);
      };
      break;
    default:
  }
  if (p) cv.shape(sdf.intersect(body, p), c, 0.55, box);
}

/** Collar, neckline and the like: what tells a tee from a jacket. */
function outfitDetails(cv: Canvas, look: Look, cx: number, hy: number, s: number, body: Sdf) {
  const U = (u: number) => cx + u * s;
  const V = (v: number) => hy + v * s;
  const box = (u0: number, v0: number, u1: number, v1: number) =>
    [U(u0), V(v0), U(u1), V(v1)] as [number, number, number, number];
  const skinShade = darken(look.skin, 0.08);
  const c2 = look.cloth2;
  switch (look.outfit) {
    case 'tee':
      cv.shape(
        sdf.intersect(sdf.ring(sdf.circle(U(0), V(1.35), s * 0.62), s * 0.14), body),
        darken(look.cloth, 0.15),
        1,
        box(-0.8, 1.3, 0.8, 2.1),
      );
      cv.shape(
        sdf.intersect(sdf.circle(U(0), V(1.35), s * 0.55), body),
        skinShade,
        1,
        box(-0.6, 1.3, 0.6, 2),
      );
      break;
    case 'turtleneck':
      cv.shape(
        sdf.roundRect(U(-0.42), V(0.95), U(0.42), V(1.85), s * 0.2),
        darken(look.cloth, 0.1),
        1,
        box(-0.45, 0.9, 0.45, 1.9),
      );
      for (let i = 0; i < 3; i++) {
        cv.shape(
          sdf.capsule(U(-0.35), V(1.15 + i * 0.22), U(0.35), V(1.15 + i * 0.22), s * 0.025),
          darken(look.cloth, 0.25),
          1,
          box(-0.45, 1.05 + i * 0.22, 0.45, 1.25 + i * 0.22),
        );
      }
      break;
    case 'shirt': {
      cv.shape(
        poly([
          [U(-0.38), V(1.45)],
          [U(0.38), V(1.45)],
          [U(0), V(2.3)],
        ]),
        skinShade,
        1,
        box(-0.4, 1.4, 0.4, 2.35),
      );
      const collar = luma(look.cloth) > 200 ? darken(look.cloth, 0.12) : WHITE;
      cv.shape(
        poly([
          [U(-0.42), V(1.4)],
          [U(-0.02), V(2.25)],
          [U(-0.95), V(2.05)],
        ]),
        collar,
        1,
        box(-1, 1.35, 0, 2.3),
      );
      cv.shape(
        poly([
          [U(0.42), V(1.4)],
          [U(0.95), V(2.05)],
          [U(0.02), V(2.25)],
        ]),
        collar,
        1,
        box(0, 1.35, 1, 2.3),
      );
      for (let i = 0; i < 4; i++)
        cv.circle(U(0), V(2.55 + i * 0.55), s * 0.06, darken(look.cloth, 0.35));
      break;
    }
    case 'jacket': {
      // the inner tee in the V of the jacket
      const inner = poly([
        [U(-0.75), V(1.45)],
        [U(0.75), V(1.45)],
        [U(0.22), V(7)],
        [U(-0.22), V(7)],
      ]);
      cv.shape(sdf.intersect(inner, body), c2, 1, box(-0.8, 1.4, 0.8, 7));
      cv.shape(
        sdf.intersect(sdf.circle(U(0), V(1.35), s * 0.5), body),
        skinShade,
        1,
        box(-0.6, 1.3, 0.6, 2),
      );
      const lapel = darken(look.cloth, 0.22);
      cv.shape(
        poly([
          [U(-0.75), V(1.5)],
          [U(-0.35), V(3.6)],
          [U(-1.05), V(2.2)],
        ]),
        lapel,
        1,
        box(-1.1, 1.45, -0.3, 3.7),
      );
      cv.shape(
        poly([
          [U(0.75), V(1.5)],
          [U(1.05), V(2.2)],
          [U(0.35), V(3.6)],
        ]),
        lapel,
        1,
        box(0.3, 1.45, 1.1, 3.7),
      );
      break;
    }
    case 'hoodie':
      cv.shape(
        sdf.intersect(sdf.circle(U(0), V(1.35), s * 0.5), body),
        skinShade,
        1,
        box(-0.6, 1.3, 0.6, 2),
      );
      for (const side of [-1, 1]) {
        cv.shape(
          sdf.capsule(U(side * 0.25), V(1.9), U(side * 0.3), V(3.0), s * 0.045),
          WHITE,
          1,
          box(-0.45, 1.8, 0.45, 3.2),
        );
        cv.circle(U(side * 0.3), V(3.05), s * 0.08, WHITE);
      }
      break;
    case 'sailor': {
      cv.shape(
        sdf.intersect(sdf.circle(U(0), V(1.35), s * 0.5), body),
        skinShade,
        1,
        box(-0.6, 1.3, 0.6, 2),
      );
      const collar = sdf.subtract(
        sdf.intersect(sdf.roundRect(U(-1.45), V(1.45), U(1.45), V(2.6), s * 0.3), body),
        poly([
          [U(-0.5), V(1.4)],
          [U(0.5), V(1.4)],
          [U(0), V(2.7)],
        ]),
      );
      cv.shape(collar, WHITE, 1, box(-1.5, 1.4, 1.5, 2.7));
      cv.shape(
        sdf.intersect(
          sdf.ring(sdf.roundRect(U(-1.35), V(1.45), U(1.35), V(2.5), s * 0.25), s * 0.06),
          collar,
        ),
        c2,
        1,
        box(-1.5, 1.4, 1.5, 2.7),
      );
      cv.shape(
        sdf.union(sdf.heart(U(-0.22), V(2.65), s * 0.25), sdf.heart(U(0.22), V(2.65), s * 0.25)),
        hex('#e0475f'),
        1,
        box(-0.6, 2.3, 0.6, 3),
      );
      break;
    }
  }
}

type HandKind = 'peace' | 'open' | 'fist' | 'cup';

/**
 * A hand centred on the palm at (x, y), turned by `angle`; `dir` is which side the cupped hand
 * opens to. Drawn twice, the first time grown by a line width, for an outline.
 */
function hand(
  cv: Canvas,
  x: number,
  y: number,
  s: number,
  kind: HandKind,
  angle: number,
  skin: Rgb,
  line: Rgb,
) {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const P = (u: number, v: number): [number, number] => [
    x + (u * cos - v * sin) * s,
    y + (u * sin + v * cos) * s,
  ];
  const cap = (a: [number, number], b: [number, number], r: number) =>
    sdf.capsule(a[0], a[1], b[0], b[1], r * s);
  const parts: Sdf[] = [];
  const palm = (rx: number, ry: number) => {
    const [px, py] = P(0, 0);
    parts.push(sdf.ellipse(px, py, rx * s, ry * s));
  };
  switch (kind) {
    case 'peace':
      palm(0.3, 0.34);
      parts.push(cap(P(-0.12, -0.1), P(-0.3, -0.85), 0.085));
      parts.push(cap(P(0.08, -0.1), P(0.18, -0.88), 0.085));
      parts.push(cap(P(0.1, -0.2), P(0.28, -0.12), 0.08));
      parts.push(cap(P(-0.25, 0.05), P(0.05, -0.05), 0.085));
      break;
    case 'open':
      palm(0.3, 0.32);
      for (let i = 0; i < 4; i++) {
        const a = -0.45 + i * 0.3;
        parts.push(
          cap(P(Math.sin(a) * 0.2, -0.15), P(Math.sin(a) * 0.62, -0.15 - Math.cos(a) * 0.62), 0.08),
        );
      }
      parts.push(cap(P(-0.25, 0.05), P(-0.5, -0.2), 0.085));
      break;
    case 'fist':
      parts.push(sdf.roundRect(x - s * 0.3, y - s * 0.28, x + s * 0.3, y + s * 0.3, s * 0.15));
      parts.push(cap(P(-0.05, -0.25), P(0.1, -0.48), 0.085));
      parts.push(cap(P(0.12, -0.25), P(-0.05, -0.45), 0.08));
      break;
    case 'cup': {
      const d = Math.sign(angle) || 1;
      parts.push(sdf.ellipse(x, y, s * 0.38, s * 0.2));
      for (let i = 0; i < 4; i++) {
        parts.push(
          cap(
            [x + d * s * 0.2, y - s * (0.12 - i * 0.06)],
            [x + d * s * (0.5 + i * 0.03), y - s * (0.45 - i * 0.1)],
            0.07,
          ),
        );
      }
      break;
    }
  }
  const shape = sdf.union(...parts);
  const box: [number, number, number, number] = [
    x - s * 1.1,
    y - s * 1.1,
    x + s * 1.1,
    y + s * 0.8,
  ];
  cv.shape(grow(shape, s * 0.04), line, 1, box);
  cv.shape(shape, skin, 1, box);
}
