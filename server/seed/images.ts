/**
 * Demo images drawn at seed time (nothing is fetched): group logos, photo cards, artist portraits,
 * event posters, collect-book covers and avatars. Every picture is a pure function of its inputs
 * (seeded PRNG), so a rerun of the seed draws the same bytes. Flat colours keep a card near 15 KB.
 */
import { Canvas, darken, lighten, sdf, WHITE } from './canvas.ts';
import { rng } from './random.ts';
import { pattern, PATTERNS, tones, type Palette, type Tones } from './motifs.ts';
import { idol, pickLook, type Lineup, type Look } from './idol.ts';
import { drawCardBack, drawCardFront, type CardArtInput, type CardBackInput } from './card-art.ts';

export type { Palette } from './motifs.ts';

export interface LogoInput {
  /** Short monogram, 1–3 characters (e.g. 'RZ', 'SKZ'). */
  monogram: string;
  palette: Palette;
}

/** 128x128 round badge with transparent corners. */
export function drawGroupLogo(input: LogoInput, size = 128): Buffer {
  const t = tones(input.palette);
  const r = rng(`logo|${input.monogram}`);
  const cv = new Canvas(size, size, null);
  const c = size / 2;
  const R = size / 2 - 2;
  cv.circle(c, c, R, t.main);
  // a slice of the second colour for a two-tone badge
  const angle = r.next() * Math.PI;
  const nx = Math.cos(angle);
  const ny = Math.sin(angle);
  cv.shape(
    sdf.intersect(sdf.circle(c, c, R), (x, y) => (x - c) * nx + (y - c) * ny - R * 0.35),
    t.sub,
  );
  // dots around the rim
  const n = 12;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    cv.circle(c + Math.cos(a) * R * 0.88, c + Math.sin(a) * R * 0.88, size / 64, WHITE, 0.85);
  }
  // a white centre keeps the monogram readable on every palette, light ones included
  cv.circle(c, c, R * 0.74, WHITE);
  cv.shape(sdf.ring(sdf.circle(c, c, R * 0.66), 2), t.main, 0.8);
  const mono = input.monogram.toUpperCase();
  const scale = mono.length <= 1 ? 8 : mono.length === 2 ? 6 : 4;
  const h = 7 * scale;
  cv.textCentered(mono, c + scale / 3, c - h / 2 + scale / 3, scale, t.main, R * 1.2, 0.6);
  cv.textCentered(mono, c, c - h / 2, scale, t.ink, R * 1.2);
  return cv.png(true);
}

/** 300x450 photo card: front and back are drawn by ./card-art.ts. */
export type CardInput = CardArtInput;
export const drawPhotoCard = (input: CardInput): Buffer => drawCardFront(input);
export const drawPhotoCardBack = (input: CardBackInput): Buffer => drawCardBack(input);

export interface PortraitInput {
  palette: Palette;
  seed: string;
  /** Latin initials drawn at the bottom; empty for none. */
  initials?: string;
  /** Which hair styles to pick from (./idol.ts); by default the seed picks. */
  lineup?: Lineup;
}

/** A head-and-shoulders look for portraits and posters: the card idol without a pose. */
function portraitLook(seed: string, t: Tones, lineup?: Lineup): Look {
  const r = rng(`portrait|${seed}`);
  const look = pickLook(r, r, r, t, lineup ?? (r.chance(0.5) ? 'boy' : 'girl'));
  return { ...look, framing: 'close', pose: 'none', tilt: look.tilt / 2 };
}

/** Square portrait that survives a round crop (meetup markers use it): 160x160. */
export function drawArtist(input: PortraitInput, size = 160): Buffer {
  const t = tones(input.palette);
  const cv = new Canvas(size, size);
  cv.fill(lighten(t.main, 0.45));
  cv.shape(
    sdf.ring(sdf.circle(size / 2, size / 2, size * 0.36), size * 0.08),
    lighten(t.sub, 0.3),
    0.6,
  );
  idol(cv, size / 2, size * 0.4, size * 0.17, portraitLook(input.seed, t, input.lineup));
  if (input.initials) {
    cv.textCentered(input.initials, size / 2, size * 0.8, 3, WHITE, size * 0.6);
  }
  return cv.png();
}

/** Avatar: same portrait in a neutral pastel, 128x128. */
export function drawAvatar(seed: string, palette: Palette, size = 128): Buffer {
  return drawArtist({ palette, seed }, size);
}

export interface EventInput {
  palette: Palette;
  seed: string;
  /** Big headline, e.g. 'HAPPY WONBIN DAY'. */
  headline: string;
  /** Smaller line, e.g. '11.20 - 11.23'. */
  dates: string;
  /** 0: poster, 1: gift line-up, 2: timetable. */
  variant: number;
  /** The group's lineup, for the idol's hair (./idol.ts); by default the seed picks. */
  lineup?: Lineup;
}

/** 600x400 event poster. */
export function drawEvent(input: EventInput, width = 600, height = 400): Buffer {
  const t = tones(input.palette);
  const r = rng(`${input.seed}|${input.variant}`);
  const cv = new Canvas(width, height, null);
  cv.bands(lighten(t.main, 0.6), lighten(t.sub, 0.15), 6);
  pattern(cv, r.pick(PATTERNS), WHITE, r);
  const ink = t.ink;
  switch (input.variant % 3) {
    case 0: {
      // portrait in a round window on the left, headline on the right
      cv.circle(170, 200, 130, WHITE, 0.9);
      cv.circle(170, 200, 118, lighten(t.main, 0.3));
      const clip = new Canvas(width, height, null);
      idol(clip, 170, 172, 44, portraitLook(`${input.seed}|${input.variant}`, t, input.lineup));
      // keep the figure inside the window
      for (let y = 80; y < 320; y++) {
        for (let x = 50; x < 290; x++) {
          const i = (y * width + x) * 4;
          const a = clip.data[i + 3]! / 255;
          if (a === 0) continue;
          const inside = 0.5 - (Math.hypot(x + 0.5 - 170, y + 0.5 - 200) - 118);
          const cov = Math.max(0, Math.min(1, inside));
          cv.blend(x, y, [clip.data[i]!, clip.data[i + 1]!, clip.data[i + 2]!], a * cov);
        }
      }
      const words = input.headline.split(' ');
      let y = 110;
      for (const word of words) {
        const s = cv.textCentered(word, 445, y, 7, ink, 270);
        y += 7 * s + 14;
      }
      cv.shape(sdf.roundRect(330, y + 6, 560, y + 50, 22), ink, 0.9);
      cv.textCentered(input.dates, 445, y + 18, 3, WHITE, 210);
      break;
    }
    case 1: {
      cv.textCentered('GIFT', width / 2, 36, 7, ink);
      const items = ['CUP', 'CARD', 'STICKER', 'SLOGAN'];
      items.forEach((label, i) => {
        const x0 = 36 + i * 136;
        cv.shape(sdf.roundRect(x0, 120, x0 + 120, 330, 18), WHITE, 0.92);
        const c = [t.main, t.sub, t.accent, lighten(t.ink, 0.3)][i]!;
        if (i === 0) {
          // a cup
          cv.shape(
            (x, y) =>
              Math.max(Math.abs(x - (x0 + 60)) - (26 - (y - 150) * 0.12), Math.abs(y - 195) - 45),
            c,
            1,
            [x0, 140, x0 + 120, 250],
          );
          cv.rect(x0 + 28, 175, x0 + 92, 205, lighten(c, 0.5));
        } else if (i === 1) {
          cv.shape(sdf.roundRect(x0 + 30, 145, x0 + 90, 245, 8), c);
          cv.circle(x0 + 60, 180, 14, lighten(c, 0.6));
        } else if (i === 2) {
          cv.shape(sdf.heart(x0 + 60, 195, 36), c, 1, [x0, 140, x0 + 120, 260]);
        } else {
          cv.shape(sdf.roundRect(x0 + 14, 175, x0 + 106, 215, 6), c);
          cv.textCentered('LOVE', x0 + 60, 188, 2, WHITE);
        }
        cv.textCentered(label, x0 + 60, 280, 2, ink, 108);
      });
      cv.textCentered(input.dates, width / 2, 352, 3, ink);
      break;
    }
    default: {
      cv.textCentered('TIME TABLE', width / 2, 36, 6, ink);
      const rows = ['OPEN 11:00', 'EVENT 15:00', 'LUCKY DRAW 18:00', 'CLOSE 21:00'];
      rows.forEach((row, i) => {
        const y0 = 112 + i * 62;
        cv.shape(sdf.roundRect(90, y0, width - 90, y0 + 48, 24), WHITE, 0.9);
        cv.circle(118, y0 + 24, 10, [t.main, t.sub, t.accent, t.ink][i]!);
        cv.text(row, 146, y0 + 14, 3, ink);
      });
      cv.textCentered(input.headline, width / 2, 372, 2, ink);
      break;
    }
  }
  return cv.png();
}

export interface CoverInput {
  palette: Palette;
  title: string;
  monogram: string;
}

/** Collect-book cover at twice the 100x135 display size. */
export function drawCollectBookCover(input: CoverInput, width = 200, height = 270): Buffer {
  const t = tones(input.palette);
  const cv = new Canvas(width, height);
  cv.fill(t.main);
  cv.rect(0, 0, 18, height, darken(t.main, 0.25));
  cv.rect(18, 0, 22, height, lighten(t.main, 0.3));
  // a grid of little cards
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      const x0 = 42 + col * 50;
      const y0 = 28 + row * 58;
      const c = [t.sub, t.accent, lighten(t.main, 0.6)][(row + col) % 3]!;
      cv.shape(sdf.roundRect(x0, y0, x0 + 40, y0 + 50, 6), c, 0.95, [x0, y0, x0 + 40, y0 + 50]);
      cv.circle(x0 + 20, y0 + 20, 8, WHITE, 0.6);
    }
  }
  cv.shape(sdf.roundRect(36, 206, width - 12, 254, 10), WHITE, 0.92);
  cv.textCentered(input.monogram, (36 + width - 12) / 2, 216, 4, t.ink, width - 60);
  return cv.png();
}
