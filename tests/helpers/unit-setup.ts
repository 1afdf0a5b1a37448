// Unit tests run in jsdom; Dexie needs an IndexedDB, which fake-indexeddb provides in memory.
import 'fake-indexeddb/auto';
// No main.tsx here: the page counts as settled from the start, so screens read the store at once.
import { settlePage } from '@/components/live/settled';
settlePage();
