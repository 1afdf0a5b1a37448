/**
 * Scripts the phone benchmark puts into the app's pages. Strings, so the transpiler adds no
 * helpers (tsx's `__name`) that do not exist in the page.
 */

/**
 * Installed before the page's own scripts (`addInitScript`): observers that keep, on
 * `window.__phone`, every main-thread long task ('longtask'), long animation frame with its
 * scripts ('long-animation-frame', for attribution), event over 16 ms ('event', Event Timing),
 * and largest-contentful-paint candidate, all with `buffered: true`; and when the page's first
 * form was submitted (the login).
 */
export const OBSERVERS = `(() => {
  if (!location.protocol.startsWith('http') || window.__phone) return;
  const p = (window.__phone = { longTasks: [], frames: [], events: [], lcp: [], submitAt: null, observers: [] });
  const watch = (type, opts, map, list) => {
    try {
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) list.push(map(e));
      }).observe(Object.assign({ type, buffered: true }, opts));
      p.observers.push(type);
    } catch (e) {}
  };
  watch('longtask', {}, (e) => ({ start: e.startTime, duration: e.duration }), p.longTasks);
  watch(
    'long-animation-frame',
    {},
    (e) => ({
      start: e.startTime,
      duration: e.duration,
      blockingDuration: e.blockingDuration || 0,
      styleAndLayoutStart: e.styleAndLayoutStart || 0,
      scripts: (e.scripts || []).map((s) => ({
        url: s.sourceURL || '',
        invoker: s.invoker || '',
        invokerType: s.invokerType || '',
        duration: s.duration,
      })),
    }),
    p.frames,
  );
  watch(
    'event',
    { durationThreshold: 16 },
    (e) => ({ name: e.name, start: e.startTime, duration: e.duration, interactionId: e.interactionId || 0 }),
    p.events,
  );
  watch(
    'largest-contentful-paint',
    {},
    (e) => ({
      start: e.startTime,
      size: e.size,
      tag: e.element ? e.element.tagName : '',
      url: e.url || '',
    }),
    p.lcp,
  );
  document.addEventListener('submit', () => { if (p.submitAt === null) p.submitAt = performance.now(); }, true);
})();`;

/**
 * An expression (a promise) counting the records of the app's IndexedDB database ('pocamarket',
 * src/data/db) in one read-only transaction: every table, and photoCards by group for `groups`.
 * `null` while the database does not exist yet. It never creates or upgrades it: a connection
 * that would is aborted, and one that stands in the way of the app's upgrade closes.
 */
export function countScript(groups: readonly string[]): string {
  return `(async () => {
  const at = performance.now();
  const list = await indexedDB.databases();
  if (!list.some((d) => d.name === 'pocamarket')) return null;
  const db = await new Promise((resolve) => {
    const req = indexedDB.open('pocamarket');
    req.onupgradeneeded = () => req.transaction.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  if (!db) return null;
  db.onversionchange = () => db.close();
  try {
    const names = [...db.objectStoreNames];
    const tx = db.transaction(names, 'readonly');
    const ask = (req) => new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const byTable = {};
    await Promise.all(names.map(async (n) => { byTable[n] = await ask(tx.objectStore(n).count()); }));
    const byGroup = {};
    if (names.includes('photoCards')) {
      const index = tx.objectStore('photoCards').index('group');
      await Promise.all(${JSON.stringify(groups)}.map(async (g) => { byGroup[g] = await ask(index.count(IDBKeyRange.only(g))); }));
    }
    let records = 0;
    for (const n of names) records += byTable[n];
    return { at, done: performance.now(), records, byTable, byGroup };
  } finally {
    db.close();
  }
})()`;
}

export interface StoreCount {
  /** When the count was asked, and answered (ms from navigation start). */
  at: number;
  done: number;
  records: number;
  byTable: Record<string, number>;
  byGroup: Record<string, number>;
}

/** `navigator.storage.estimate()`: usage and Chromium's split of it. */
export const ESTIMATE = `navigator.storage.estimate().then((e) => ({
  usage: e.usage || 0,
  quota: e.quota || 0,
  details: e.usageDetails || {},
}))`;

export interface Estimate {
  usage: number;
  quota: number;
  details: { indexedDB?: number; caches?: number; serviceWorkerRegistrations?: number };
}
