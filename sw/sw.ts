/// <reference lib="webworker" />
/**
 * The service worker, composed of one module per job:
 *  - ./precache.ts: the app shell (precached, navigations answered with index.html) and updates;
 *  - ./file-caches.ts: PocketBase record files, cache-first, saved copies looked up first;
 *  - ./tile-cache.ts: the map tiles a fan has viewed;
 *  - ./saved-images.ts: images kept offline on a page's request (a collect book's group);
 *  - ./offline-pack.ts: an event's or a day's images and map tiles kept on request;
 *  - ./background-sync.ts: the outbox flushed when the network is back;
 *  - ./push.ts: push alerts shown, stored in the local inbox, opened on click;
 *  - ./test-hook.ts: opening a shown alert from a page (headless browsers cannot click one);
 *  - ./store-open.ts: the local store's tables made while installing, off the page's thread.
 *
 * It never caches /api responses other than files: data reaches the screens from IndexedDB (Dexie),
 * not from HTTP caches. Routes are matched in the order registered here.
 */
import { registerPrecache, registerUpdates } from './precache.ts';
import { registerFileCaches } from './file-caches.ts';
import { registerTileCache } from './tile-cache.ts';
import { registerSavedImages } from './saved-images.ts';
import { registerOfflinePack } from './offline-pack.ts';
import { registerBackgroundSync } from './background-sync.ts';
import { registerPush } from './push.ts';
import { registerTestHook } from './test-hook.ts';
import { registerStoreOpen } from './store-open.ts';

registerStoreOpen();
registerPrecache();
registerFileCaches();
registerTileCache();
registerUpdates();
registerTestHook();
registerSavedImages();
registerOfflinePack();
registerBackgroundSync();
registerPush();
