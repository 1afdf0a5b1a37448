/**
 * The catalogue the scan benchmark recognises among (docs/card-scan.md, Measured): cards drawn by
 * the demo seed's card art (server/seed/card-art.ts), a group's worth at a time, each card a
 * different shot of a member for a release, as a real group's 400 cards are. The images are the
 * 300×450 fronts the seed serves. Every card is a pure function of its group and number, so the
 * same scope is drawn on every run; a scope of thousands is drawn one card at a time (5,000
 * images at once would take 2.7 GB).
 */
import { PNG } from 'pngjs';
import { drawCardFront, type CardArtInput } from '../../server/seed/card-art.ts';
import { GROUPS } from '../../server/seed/groups.ts';
import type { Raster } from '../../src/lib/card-scan/raster.ts';

export interface BenchCard {
  id: string;
  image: Raster;
}

/** Groups the demo seed draws cards for (each a different palette, lineup and members). */
export const GROUP_COUNT = GROUPS.length;

/** The demo group's name at `groupIndex` (the cards' ids start with it). */
export const groupName = (groupIndex: number): string => GROUPS[groupIndex]?.groupName ?? '?';

const TAGS = ['A', 'B', 'C', '01', '02', '03', 'FS', 'PB'];

/** Card `i` of the demo group at `groupIndex` (members and releases taken in turn). */
export function groupCard(groupIndex: number, i: number): BenchCard {
  const g = GROUPS[groupIndex];
  if (!g) throw new Error(`no demo group ${groupIndex} (there are ${GROUP_COUNT})`);
  const member = g.members[i % g.members.length]!;
  const release = g.releases[Math.floor(i / g.members.length) % g.releases.length]!;
  const input: CardArtInput = {
    groupLatin: g.groupName,
    monogram: g.monogram,
    memberLatin: member.latin,
    caption: release,
    tag: TAGS[i % TAGS.length]!,
    palette: g.palette,
    lineup: g.lineup,
    seed: `scan|${groupIndex}|${i}`,
  };
  const png = PNG.sync.read(drawCardFront(input));
  return {
    id: `${g.groupName}-${i}`,
    image: { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) },
  };
}

/** Cards `from` to `from + count - 1` of the demo group at `groupIndex`. */
export function groupCards(groupIndex: number, count: number, from = 0): BenchCard[] {
  return Array.from({ length: count }, (_, k) => groupCard(groupIndex, from + k));
}

/**
 * Which cards make a scope of `total` cards over `groups` (group indexes): the first group's
 * `firstCount` cards, then the rest spread evenly over the other groups. Each entry is a group
 * index and a card number; draw them with `groupCard`.
 */
export function scopePlan(
  total: number,
  groups: readonly number[],
  firstCount = Math.ceil(total / groups.length),
): { group: number; card: number }[] {
  const plan: { group: number; card: number }[] = [];
  const [first, ...others] = groups;
  if (first === undefined) return plan;
  for (let i = 0; i < Math.min(firstCount, total); i++) plan.push({ group: first, card: i });
  const rest = total - plan.length;
  others.forEach((g, k) => {
    const n = Math.floor(rest / others.length) + (k < rest % others.length ? 1 : 0);
    for (let i = 0; i < n; i++) plan.push({ group: g, card: i });
  });
  return plan;
}
