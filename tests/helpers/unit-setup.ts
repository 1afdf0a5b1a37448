// Unit tests run in jsdom; Dexie needs an IndexedDB, which fake-indexeddb provides in memory.
import 'fake-indexeddb/auto';
