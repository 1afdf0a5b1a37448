/**
 * The demo seed's photo card art (server/seed/card-art.ts, idol.ts): the cards of the seed get
 * different pictures (bytes and pixels), their shots spread over the poses, hair styles,
 * backdrops and card designs, every release has one back, and the same input always draws the
 * same bytes. Drawn straight from the seed's plan, without a server (./seed.test.ts checks what
 * the server stores and serves).
 */
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { chooseCard, drawCardBack, drawCardFront } from '../../server/seed/card-art.ts';
import { cardArtInput } from '../../server/seed/catalogue.ts';
import { planCards } from '../../server/seed/plan.ts';

const cards = planCards();
/** A sample across the groups: drawing all 358 cards takes seconds, 24 take a fraction. */
const sample = cards.filter((_, i) => i % 15 === 0).slice(0, 24);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function backInput(c: (typeof cards)[number]) {
  return {
    groupLatin: c.group.groupName,
    monogram: c.group.monogram,
    caption: c.caption,
    palette: c.group.palette,
  };
}

/** Share of pixels whose colour differs by more than 48 (sum over channels) between a and b. */
function differingShare(a: PNG, b: PNG): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d =
      Math.abs(a.data[i]! - b.data[i]!) +
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) +
      Math.abs(a.data[i + 2]! - b.data[i + 2]!);
    if (d > 48) n++;
  }
  return n / (a.width * a.height);
}

describe('seed card art', () => {
  const fronts = sample.map((c) => drawCardFront(cardArtInput(c)));

  it('draws a different picture for every card, not the same figure recoloured', () => {
    expect(sample.length).toBe(24);
    expect(new Set(fronts.map(sha)).size).toBe(fronts.length);
    const images = fronts.map((b) => PNG.sync.read(b));
    for (const img of images) expect([img.width, img.height]).toEqual([300, 450]);
    // any two cards differ over a good part of the picture, not in a name plate alone
    for (let i = 1; i < images.length; i++) {
      expect(differingShare(images[i - 1]!, images[i]!)).toBeGreaterThan(0.2);
    }
  });

  it('gives two cards of the same member different shots', () => {
    const byMember = new Map<string, typeof cards>();
    for (const c of cards) {
      const k = `${c.group.groupName}|${c.member.latin}`;
      byMember.set(k, [...(byMember.get(k) ?? []), c]);
    }
    const [a, b] = byMember.get('RIIZE|WONBIN')!;
    const ia = PNG.sync.read(drawCardFront(cardArtInput(a!)));
    const ib = PNG.sync.read(drawCardFront(cardArtInput(b!)));
    expect(differingShare(ia, ib)).toBeGreaterThan(0.2);
  });

  it('spreads the seed over poses, hair, outfits, backdrops, designs and borders', () => {
    const choices = cards.map((c) => chooseCard(cardArtInput(c)));
    const kinds = (f: (x: (typeof choices)[number]) => unknown) => new Set(choices.map(f)).size;
    expect(kinds((c) => c.look.pose)).toBe(5);
    expect(kinds((c) => c.look.hair)).toBe(7);
    expect(kinds((c) => c.look.outfit)).toBe(6);
    expect(kinds((c) => c.look.accessory)).toBe(6);
    expect(kinds((c) => c.look.framing)).toBe(2);
    expect(kinds((c) => c.look.eyes)).toBe(4);
    expect(kinds((c) => c.look.mouth)).toBe(4);
    expect(kinds((c) => c.look.hairColour.join())).toBeGreaterThanOrEqual(8);
    expect(kinds((c) => c.backdrop)).toBe(5);
    expect(kinds((c) => c.design)).toBe(3);
    expect(kinds((c) => c.border)).toBe(4);
    // signatures and foil on some cards, not all
    const signed = choices.filter((c) => c.signature).length;
    expect(signed).toBeGreaterThan(cards.length * 0.2);
    expect(signed).toBeLessThan(cards.length * 0.6);
    const foil = choices.filter((c) => c.border === 'holo' || c.border === 'gold').length;
    expect(foil).toBeGreaterThan(cards.length * 0.2);
    expect(foil).toBeLessThan(cards.length * 0.6);
    // boy groups never get the girls' long styles
    const boys = cards.filter((c) => c.group.lineup === 'boy');
    expect(boys.length).toBeGreaterThan(0);
    for (const c of boys) {
      expect(['long', 'wavy', 'ponytail', 'buns']).not.toContain(
        chooseCard(cardArtInput(c)).look.hair,
      );
    }
  });

  it('keeps a card about as small as before', () => {
    const sizes = fronts.map((b) => b.length);
    for (const n of sizes) expect(n).toBeLessThanOrEqual(30 * 1024);
    expect(sizes.reduce((a, b) => a + b, 0) / sizes.length).toBeLessThan(20 * 1024);
  });

  it('draws the same bytes for the same card, twice', () => {
    for (const c of sample.slice(0, 4)) {
      const input = cardArtInput(c);
      expect(sha(drawCardFront(input))).toBe(sha(drawCardFront({ ...input })));
      expect(sha(drawCardBack(backInput(c)))).toBe(sha(drawCardBack({ ...backInput(c) })));
    }
  });

  it('draws one back per release: shared by its cards, different between releases', () => {
    const riize = cards.filter((c) => c.group.groupName === 'RIIZE');
    const [a, b] = riize.filter((c) => c.caption === riize[0]!.caption);
    expect(b).toBeDefined();
    expect(sha(drawCardBack(backInput(a!)))).toBe(sha(drawCardBack(backInput(b!))));
    const releases = [...new Set(riize.map((c) => c.caption))].slice(0, 4);
    const backs = releases.map((caption) =>
      drawCardBack(backInput(riize.find((c) => c.caption === caption)!)),
    );
    expect(new Set(backs.map(sha)).size).toBe(releases.length);
    const img = PNG.sync.read(backs[0]!);
    expect([img.width, img.height]).toEqual([300, 450]);
    expect(backs[0]!.length).toBeLessThanOrEqual(30 * 1024);
  });
});
