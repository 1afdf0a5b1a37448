/**
 * `npx tsx bench/phone/section.ts`: puts the "Real catalogue" section back at the top of
 * bench/RESULTS.md from bench/results/phone.json (and lighthouse.json with
 * lighthouse-catalogue.json), e.g. after `npm run bench` rewrote the file (./results-md.ts).
 */
import { writeResultsSection } from './results-md.ts';

console.log(`wrote ${await writeResultsSection()}`);
