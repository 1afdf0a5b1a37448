// Unit tests run in jsdom; Dexie needs an IndexedDB, which fake-indexeddb provides in memory.
import 'fake-indexeddb/auto';
// No main.tsx here: the page counts as settled from the start, so screens read the store at once.
import { settlePage } from '@/components/live/settled';
settlePage();

// `npm test` runs the unit lane beside the e2e lane on two cores, where a render that takes
// milliseconds alone can take seconds: every vi.waitFor gets 10 s unless it says otherwise
// (its own default, 1 s, failed tests that were right).
import { vi } from 'vitest';
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: 10_000, ...options },
  )) as typeof vi.waitFor;
