/**
 * The catalogue the scan benchmark recognises among (docs/card-scan.md, Measured): cards drawn by
 * the demo seed's card art (server/seed/card-art.ts), a group's worth at a time, each card a
 * different shot of a member for a release, as a real group's 400 cards are. The images are the
 * 300×450 fronts the seed serves; they are drawn once per run and kept in memory.
 */
import { PNG } from 'pngjs';
import { drawCardFront, type CardArtInput } from '../../server/seed/card-art.ts';
import { GROUPS } from '../../server/seed/groups.ts';
import type { Raster } from '../../src/lib/card-scan/raster.ts';

export interface BenchCard {
  id: string;
  image: Raster;
}

const TAGS = ['A', 'B', 'C', '01', '02', '03', 'FS', 'PB'];

/** `count` cards of the demo group at `groupIndex` (members and releases taken in turn). */
export function groupCards(groupIndex: number, count: number): BenchCard[] {
  const g = GROUPS[groupIndex % GROUPS.length]!;
  const cards: BenchCard[] = [];
  for (let i = 0; i < count; i++) {
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
    cards.push({
      id: `${g.groupName}-${i}`,
      image: { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) },
    });
  }
  return cards;
}
