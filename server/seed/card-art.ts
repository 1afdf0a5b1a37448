/**
 * The demo photo cards, front and back, drawn at seed time (nothing is fetched). A front is a shot
 * of the idol (./idol.ts) on a backdrop, with one of a few card designs (full bleed, polaroid
 * margin, name plate), an optional foil or holographic border, the group's logo mark and, on some,
 * a signature. A back is the album's design: every card of one release of a group shares it, as
 * real backs do. Both are pure functions of their inputs (seeded PRNG).
 */
import { Canvas, darken, hex, lighten, mix, sdf, textWidth, WHITE, type Rgb } from './canvas.ts';
import { idol, pickLook, poly, type Lineup, type Look } from './idol.ts';
import { pattern, PATTERNS, tones, type Palette, type Tones } from './motifs.ts';
import { rng, type Rng } from './random.ts';

export interface CardArtInput {
  groupLatin: string;
  /** The group's monogram, for the logo mark. */
  monogram: string;
  memberLatin: string;
  /** Latin caption (album or event), drawn if the font can draw it. */
  caption: string;
  /** Small corner tag, e.g. 'A', '03'. */
  tag: string;
  palette: Palette;
  lineup: Lineup;
  /** The card's natural key: picks the shot. */
  seed: string;
}

export type Backdrop = 'gradient' | 'studio' | 'pattern' | 'bokeh' | 'sky';
export type Design = 'bleed' | 'polaroid' | 'plate';
export type Border = 'none' | 'white' | 'holo' | 'gold';

/** What a card shows, picked from its seed: exported so tests can check the spread. */
export interface CardChoice {
  look: Look;
  backdrop: Backdrop;
  design: Design;
  border: Border;
  signature: boolean;
  stickers: boolean;
}

export function chooseCard(input: CardArtInput): CardChoice {
  const t = tones(input.palette);
  const person = rng(`person|${input.groupLatin}|${input.memberLatin}`);
  const era = rng(`era|${input.groupLatin}|${input.memberLatin}|${input.caption}`);
  const r = rng(`shot|${input.seed}`);
  const look = pickLook(person, era, r, t, input.lineup);
  return {
    look,
    backdrop: r.pick(['gradient', 'studio', 'pattern', 'bokeh', 'sky'] as const),
    design: r.pick(['bleed', 'bleed', 'polaroid', 'plate'] as const),
    border: r.pick(['none', 'none', 'white', 'holo', 'gold'] as const),
    signature: r.chance(0.4),
    stickers: r.chance(0.45),
  };
}

const STUDIO = ['#f3efe8', '#e9eef5', '#f7e6ea', '#e6f2ec', '#2c2f3a', '#f6ecd9'].map(hex);

function backdrop(cv: Canvas, kind: Backdrop, t: Tones, r: Rng): Rgb {
  const { width: w, height: h } = cv;
  switch (kind) {
    case 'gradient': {
      const [a, b] = r.pick([
        [lighten(t.main, 0.7), lighten(t.sub, 0.15)],
        [lighten(t.sub, 0.6), lighten(t.main, 0.2)],
        [lighten(t.accent, 0.75), lighten(t.main, 0.35)],
        [hex('#fdfbff'), lighten(t.main, 0.45)],
      ] as const);
      cv.bands(a, b, 14);
      return b;
    }
    case 'studio': {
      const wall = r.pick(STUDIO);
      cv.fill(wall);
      // a soft spot of light behind the head, and the floor line
      for (let i = 0; i < 4; i++)
        cv.circle(w / 2, h * 0.35, w * (0.55 - i * 0.1), lighten(wall, 0.25), 0.25);
      cv.rect(0, h * 0.83, w, h, darken(wall, 0.08));
      return wall;
    }
    case 'pattern': {
      const base = lighten(r.pick([t.main, t.sub, t.accent]), 0.55);
      cv.fill(base);
      pattern(cv, r.pick(PATTERNS), r.chance(0.5) ? WHITE : darken(base, 0.3), r);
      return base;
    }
    case 'bokeh': {
      const top = darken(r.pick([t.ink, t.accent, t.main]), 0.2);
      cv.bands(top, mix(top, t.main, 0.5), 8);
      for (let i = 0; i < 10; i++) {
        const c = r.pick([t.sub, t.main, WHITE, hex('#ffe29a')]);
        cv.circle(
          r.int(0, w),
          r.int(0, Math.round(h * 0.8)),
          r.int(8, 34),
          lighten(c, 0.3),
          0.18 + r.next() * 0.25,
        );
      }
      return top;
    }
    case 'sky': {
      const sky = r.pick(['#9fd3f5', '#ffc9b9', '#c8b6f2', '#a8e6cf'].map(hex));
      cv.bands(lighten(sky, 0.1), lighten(sky, 0.6), 10);
      for (let i = 0; i < 3; i++) {
        const x = r.int(0, w);
        const y = r.int(30, Math.round(h * 0.55));
        const k = r.int(14, 24);
        cv.shape(
          sdf.union(
            sdf.circle(x, y, k),
            sdf.circle(x + k, y + 4, k * 0.8),
            sdf.circle(x - k, y + 6, k * 0.7),
            sdf.roundRect(x - k * 1.6, y, x + k * 1.7, y + k * 0.9, k * 0.45),
          ),
          WHITE,
          0.85,
          [x - k * 2, y - k * 1.2, x + k * 2, y + k],
        );
      }
      return sky;
    }
  }
}

/** Hearts, stars and sparkles scattered like stickers, kept off the face. */
function stickers(cv: Canvas, r: Rng, t: Tones, faceX: number, faceY: number, faceR: number) {
  const n = r.int(3, 6);
  for (let i = 0; i < n; i++) {
    let x = 0;
    let y = 0;
    for (let tries = 0; tries < 8; tries++) {
      x = r.int(24, cv.width - 24);
      y = r.int(24, Math.round(cv.height * 0.7));
      if (Math.hypot(x - faceX, y - faceY) > faceR * 1.6) break;
    }
    const k = r.int(8, 16);
    const c = r.pick([hex('#ff6f91'), hex('#ffd166'), WHITE, lighten(t.main, 0.2)]);
    const box: [number, number, number, number] = [
      x - k * 1.4,
      y - k * 1.4,
      x + k * 1.4,
      y + k * 1.4,
    ];
    if (r.chance(0.5)) {
      cv.shape(sdf.heart(x, y, k + 2), WHITE, 0.9, box);
      cv.shape(sdf.heart(x, y, k), c === WHITE ? hex('#ff6f91') : c, 1, box);
    } else {
      cv.shape(sdf.sparkle(x, y, k * 1.3), c, 0.95, box, false);
    }
  }
}

/**
 * A rainbow border ring, in flat steps of hue along the diagonal (a foil print's look). One pass
 * over the border's pixels only, as twelve shapes over the whole card cost more than the figure.
 */
function holoRing(cv: Canvas, inset: number, width: number, radius: number, alpha: number, r: Rng) {
  const ring = sdf.ring(
    sdf.roundRect(inset, inset, cv.width - inset, cv.height - inset, radius),
    width,
  );
  const phase = r.next();
  const steps = 12;
  const span = (cv.width + cv.height) / steps;
  const colours = Array.from({ length: steps }, (_, k) => hsl((k / steps + phase) % 1, 0.75, 0.78));
  const edge = inset + width + radius + 2;
  for (let y = 0; y < cv.height; y++) {
    const middle = y > edge && y < cv.height - edge;
    for (let x = 0; x < cv.width; x++) {
      if (middle && x > edge && x < cv.width - edge) x = cv.width - edge;
      const d = ring(x + 0.5, y + 0.5);
      if (d >= 0.5) continue;
      const cov = d <= -0.5 ? 1 : Math.round((0.5 - d) * 8) / 8;
      cv.blend(x, y, colours[Math.min(steps - 1, Math.floor((x + y) / span))]!, cov * alpha);
    }
  }
}

function hsl(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A round logo mark with the monogram, at (x, y). */
function logoMark(
  cv: Canvas,
  x: number,
  y: number,
  rad: number,
  monogram: string,
  t: Tones,
  alpha = 0.92,
) {
  cv.circle(x, y, rad, WHITE, alpha);
  cv.shape(sdf.ring(sdf.circle(x, y, rad - 3), 1.5), t.main, 0.9, [
    x - rad,
    y - rad,
    x + rad,
    y + rad,
  ]);
  const scale = monogram.length <= 2 ? 2 : 1;
  cv.textCentered(monogram, x, y - (7 * scale) / 2, scale, t.ink, rad * 1.6);
}

/** A felt-pen signature: a looping stroke with an underline, in capsules along a trochoid. */
function signature(cv: Canvas, x0: number, y0: number, r: Rng, ink: Rgb) {
  const len = r.int(90, 130);
  const loops = r.int(3, 5);
  const a = r.int(7, 11);
  const b = r.int(9, 15);
  const tilt = -0.15 - r.next() * 0.2;
  const n = 70;
  const pts: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const u = i / n;
    const w = u * Math.PI * 2 * loops;
    const x = u * len - a * Math.sin(w);
    const y = -b * Math.cos(w) * (0.6 + 0.4 * Math.sin(u * Math.PI)) + Math.sin(u * 5) * 4;
    pts.push([x0 + x, y0 + y + x * tilt]);
  }
  // the underline flourish
  const tail: [number, number][] = [];
  for (let i = 0; i <= 16; i++) {
    const u = i / 16;
    tail.push([
      x0 - 8 + u * (len + 20),
      y0 + b + 6 + Math.sin(u * Math.PI) * 5 + (u * (len + 20) - 8) * tilt,
    ]);
  }
  // one stroke, no drop shadow: the pen is picked to stand out from the card instead, and a
  // shadow doubled the anti-aliased pixels (about 5 KB a card)
  for (const [stroke, width] of [
    [pts, 1.9],
    [tail, 1.6],
  ] as const) {
    for (let i = 1; i < stroke.length; i++) {
      const [ax, ay] = stroke[i - 1]!;
      const [bx, by] = stroke[i]!;
      cv.shape(sdf.capsule(ax, ay, bx, by, width), ink, 1, [
        Math.min(ax, bx) - 4,
        Math.min(ay, by) - 4,
        Math.max(ax, bx) + 5,
        Math.max(ay, by) + 5,
      ]);
    }
  }
  // a small heart after the name
  const [ex, ey] = pts[pts.length - 1]!;
  cv.shape(sdf.ring(sdf.heart(ex + 14, ey - 4, 6), 1.8), ink, 1, [ex, ey - 16, ex + 28, ey + 10]);
}

const luma = (c: Rgb) => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The look with an outfit that stands out from the backdrop (a yellow top on yellow vanishes). */
function standOut(look: Look, wall: Rgb): Look {
  if (distance(look.cloth, wall) >= 70) return look;
  const cloth =
    distance(look.cloth2, wall) >= 70
      ? look.cloth2
      : luma(wall) > 128
        ? darken(look.cloth, 0.4)
        : lighten(look.cloth, 0.5);
  return { ...look, cloth, cloth2: look.cloth };
}

/** 300x450 photo card front. */
export function drawCardFront(input: CardArtInput, width = 300, height = 450): Buffer {
  const t = tones(input.palette);
  const choice = chooseCard(input);
  const r = rng(`front|${input.seed}`);
  const cv = new Canvas(width, height);
  const wall = backdrop(cv, choice.backdrop, t, r);

  // the shot: a close-up fills the card, a half-body leaves room for the hands
  const close = choice.look.framing === 'close';
  const s = width * (close ? 0.17 + r.next() * 0.03 : 0.115 + r.next() * 0.02);
  const cx = width / 2 + r.int(-18, 18);
  const hy = height * (close ? 0.37 + r.next() * 0.05 : 0.3 + r.next() * 0.04);
  if (choice.backdrop !== 'studio') cv.circle(cx, hy + s * 0.4, s * 2.4, lighten(wall, 0.45), 0.35);
  if (choice.stickers) stickers(cv, r, t, cx, hy, s * 1.4);
  idol(cv, cx, hy, s, standOut(choice.look, wall));

  // the design
  const ink = t.ink;
  switch (choice.design) {
    case 'polaroid': {
      const m = 14;
      const foot = 74;
      const paper = r.pick([WHITE, hex('#fbf7ef'), lighten(t.sub, 0.8)]);
      cv.shape(
        sdf.subtract(
          sdf.roundRect(0, 0, width, height, 0),
          sdf.roundRect(m, m, width - m, height - foot, 6),
        ),
        paper,
      );
      cv.textCentered(input.memberLatin, width / 2, height - foot + 16, 3, ink, width - 80);
      if (textWidth(input.caption, 1) > 0)
        cv.textCentered(
          input.caption,
          width / 2,
          height - foot + 44,
          1,
          mix(ink, WHITE, 0.35),
          width - 80,
        );
      logoMark(cv, width - 34, height - foot / 2 - 2, 16, input.monogram, t);
      break;
    }
    case 'plate': {
      const top = height - 74;
      cv.shape(sdf.roundRect(22, top, width - 22, height - 24, 12), WHITE, 0.85, [
        22,
        top,
        width - 22,
        height - 24,
      ]);
      cv.textCentered(input.memberLatin, width / 2 - 14, top + 10, 3, ink, width - 110);
      if (textWidth(input.caption, 1) > 0)
        cv.textCentered(
          input.caption,
          width / 2 - 14,
          top + 36,
          1,
          mix(ink, WHITE, 0.35),
          width - 110,
        );
      logoMark(cv, width - 48, top + 25, 16, input.monogram, t);
      break;
    }
    default: {
      // full bleed: the name small in a corner on a white pill (readable on any outfit)
      const nameW = textWidth(input.memberLatin, 2);
      const y = height - 40;
      cv.shape(sdf.roundRect(20, y - 6, 32 + nameW, y + 20, 13), WHITE, 0.85, [
        20,
        y - 6,
        32 + nameW,
        y + 20,
      ]);
      cv.text(input.memberLatin, 26, y, 2, ink);
      logoMark(cv, width - 38, 38, 17, input.monogram, t);
    }
  }
  if (choice.signature) {
    const x = r.int(40, 110);
    const y = Math.round(height * (choice.design === 'bleed' ? 0.7 : 0.62) + r.int(-10, 10));
    // a pen that stands out from what lies under the signature
    const under = cv.data.subarray((y * width + x + 40) * 4, (y * width + x + 40) * 4 + 3);
    const dark = luma([under[0]!, under[1]!, under[2]!]) < 110;
    const pens = dark
      ? [WHITE, hex('#e8e9ef'), hex('#ffd27a')]
      : [hex('#1d1d24'), hex('#2b3a8c'), hex('#c2185b')];
    signature(cv, x, y, r, r.pick(pens));
  }
  // the tag in the top-left corner (version or kind)
  cv.circle(34, 34, 15, WHITE, 0.85);
  cv.textCentered(input.tag, 34, 34 - 7, 2, ink, 26);

  // the border
  switch (choice.border) {
    case 'white':
      cv.shape(sdf.ring(sdf.roundRect(8, 8, width - 8, height - 8, 14), 4), WHITE, 0.9);
      break;
    case 'holo':
      holoRing(cv, 7, 10, 14, 0.9, r);
      cv.shape(sdf.ring(sdf.roundRect(12, 12, width - 12, height - 12, 12), 1.2), WHITE, 0.9);
      break;
    case 'gold': {
      const gold = hex('#d4af37');
      cv.shape(sdf.ring(sdf.roundRect(8, 8, width - 8, height - 8, 14), 5), gold, 0.95);
      cv.shape(
        sdf.ring(sdf.roundRect(7, 7, width - 7, height - 7, 15), 1.2),
        lighten(gold, 0.55),
        0.95,
      );
      cv.shape(sdf.ring(sdf.roundRect(16, 16, width - 16, height - 16, 10), 1.2), gold, 0.9);
      break;
    }
    default:
  }
  // rounded card corners, over what the card lies on (the app's white surface)
  cv.shape(
    sdf.subtract(
      sdf.roundRect(-2, -2, width + 2, height + 2, 0),
      sdf.roundRect(0, 0, width, height, 14),
    ),
    WHITE,
  );
  return cv.png(false, 0);
}

export interface CardBackInput {
  groupLatin: string;
  monogram: string;
  /** The release (album) the card belongs to. */
  caption: string;
  palette: Palette;
}

/** 300x450 card back: the group's mark on the release's design, shared by the release's cards. */
export function drawCardBack(input: CardBackInput, width = 300, height = 450): Buffer {
  const t = tones(input.palette);
  const r = rng(`back|${input.groupLatin}|${input.caption}`);
  const cv = new Canvas(width, height);
  const style = r.int(0, 3);
  const base = r.pick([t.main, t.ink, lighten(t.sub, 0.3), hex('#f4f1ea')]);
  const fg = luma(base) > 150 ? t.ink : WHITE;
  cv.fill(base);
  switch (style) {
    case 0: {
      // the monogram repeated in a soft grid
      const step = 46;
      for (let y = 10, row = 0; y < height; y += step - 16, row++) {
        for (let x = row % 2 ? -step / 2 : 0; x < width; x += step)
          cv.text(input.monogram, x + 6, y, 1, fg, 0.16);
      }
      break;
    }
    case 1: {
      // an album cover's rings
      const cx = r.pick([0, width]);
      for (let i = 9; i > 0; i--)
        cv.circle(cx, height * 0.42, i * 38, i % 2 ? lighten(base, 0.12) : darken(base, 0.06));
      break;
    }
    case 2: {
      // retro stripes
      const cols = [t.main, t.sub, t.accent, lighten(t.main, 0.5)];
      for (let i = 0; i < 6; i++)
        cv.rect(0, 40 + i * 22, width, 40 + i * 22 + 12, cols[i % cols.length]!, 0.55);
      break;
    }
    default: {
      // a split in two colours with a diagonal
      cv.shape(
        poly([
          [0, height * 0.55],
          [width, height * 0.3],
          [width, height],
          [0, height],
        ]),
        mix(base, t.sub, 0.5),
      );
      pattern(cv, 'sparkles', fg, r);
    }
  }
  // the centre mark
  const cy = height * 0.44;
  cv.circle(width / 2, cy, 62, WHITE, 0.95);
  cv.shape(sdf.ring(sdf.circle(width / 2, cy, 54), 3), t.main, 0.9, [
    width / 2 - 60,
    cy - 60,
    width / 2 + 60,
    cy + 60,
  ]);
  const mono = input.monogram;
  cv.textCentered(
    mono,
    width / 2,
    cy - (mono.length <= 2 ? 21 : 14),
    mono.length <= 2 ? 6 : 4,
    t.ink,
    96,
  );
  cv.textCentered(input.groupLatin, width / 2, cy + 84, 3, fg, width - 60);
  if (textWidth(input.caption, 2) > 0)
    cv.textCentered(input.caption, width / 2, cy + 114, 2, fg, width - 60, 0.85);
  cv.textCentered('OFFICIAL PHOTOCARD', width / 2, height - 58, 1, fg, width - 60, 0.8);
  // a barcode-like strip
  const bx = width / 2 - 40;
  for (let x = 0; x < 80;) {
    const bw = r.int(1, 3);
    if (r.chance(0.6)) cv.rect(bx + x, height - 44, bx + x + bw, height - 28, fg, 0.85);
    x += bw + 1;
  }
  cv.shape(sdf.ring(sdf.roundRect(12, 12, width - 12, height - 12, 10), 1.5), fg, 0.6);
  cv.shape(
    sdf.subtract(
      sdf.roundRect(-2, -2, width + 2, height + 2, 0),
      sdf.roundRect(0, 0, width, height, 14),
    ),
    WHITE,
  );
  return cv.png(false, 0);
}
