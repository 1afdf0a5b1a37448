/**
 * Command line for the demo seed.
 *
 *   tsx server/seed/run.ts                  seed the PocketBase at POCKETBASE_URL
 *                                           (default http://127.0.0.1:8090) as the superuser
 *                                           PB_SUPERUSER_EMAIL / PB_SUPERUSER_PASSWORD
 *   tsx server/seed/run.ts --preview <dir>  write one of each demo image to <dir> to look at
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { GROUPS } from './groups.ts';
import {
  drawArtist,
  drawAvatar,
  drawCollectBookCover,
  drawEvent,
  drawGroupLogo,
  drawPhotoCard,
  drawPhotoCardBack,
} from './images.ts';
import { cardArtInput } from './catalogue.ts';
import { seedDemo } from './index.ts';
import { planCards, planMeetups } from './plan.ts';

function preview(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const out: [string, Buffer][] = [];
  for (const g of GROUPS) out.push([`logo-${g.monogram}`, drawGroupLogo(g)]);
  const cards = planCards();
  for (const g of GROUPS) {
    // three cards per group, to see the spread of shots
    cards
      .filter((x) => x.group === g)
      .slice(0, 3)
      .forEach((c, i) => out.push([`card-${g.monogram}-${i}`, drawPhotoCard(cardArtInput(c))]));
    const c = cards.find((x) => x.group === g)!;
    out.push([
      `back-${g.monogram}`,
      drawPhotoCardBack({
        groupLatin: g.groupName,
        monogram: g.monogram,
        caption: c.caption,
        palette: g.palette,
      }),
    ]);
  }
  const m = planMeetups()[0]!;
  out.push([
    'artist',
    drawArtist({ palette: m.group.palette, seed: m.key, lineup: m.group.lineup }),
  ]);
  for (let v = 0; v < 3; v++) {
    const input = {
      palette: m.group.palette,
      seed: m.key,
      headline: m.headline,
      dates: m.datesLatin,
      variant: v,
      lineup: m.group.lineup,
    };
    out.push([`event-${v}`, drawEvent(input)]);
  }
  const riize = GROUPS[0]!;
  out.push([
    'cover',
    drawCollectBookCover({ palette: riize.palette, title: 'RIIZE', monogram: 'RIIZE' }),
  ]);
  out.push(['avatar', drawAvatar('fan1', riize.palette)]);
  for (const [name, bytes] of out) {
    writeFileSync(join(dir, `${name}.png`), bytes);
    console.log(`${name}.png ${bytes.length} B`);
  }
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf('--preview');
  if (at >= 0) {
    const dir = argv[at + 1];
    if (!dir) throw new Error('usage: --preview <dir>');
    preview(dir);
    return;
  }
  const url = process.env.POCKETBASE_URL ?? 'http://127.0.0.1:8090';
  const email = process.env.PB_SUPERUSER_EMAIL;
  const password = process.env.PB_SUPERUSER_PASSWORD;
  if (!email || !password) throw new Error('set PB_SUPERUSER_EMAIL and PB_SUPERUSER_PASSWORD');
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection('_superusers').authWithPassword(email, password);
  await seedDemo(pb, { log: (msg) => console.log(msg) });
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
