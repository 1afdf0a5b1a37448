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
 * The counting itself, in a dedicated worker the bench starts in the page (a blob URL), so that
 * none of it runs on the page's main thread, whose long tasks are measured: every `intervalMs` it
 * counts the records of the app's IndexedDB database ('pocamarket', src/data/db) in one
 * read-only transaction (every table, and photoCards by group for `groups`) and keeps the count.
 * It never creates or upgrades the database: a connection that would is aborted, and one that
 * stands in the way of the app's upgrade closes. Times are absolute (timeOrigin + now).
 */
const COUNTER_WORKER = `
const groups = GROUPS;
const samples = [];
const ask = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});
const now = () => performance.timeOrigin + performance.now();
async function count() {
  const at = now();
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
    const byTable = {};
    await Promise.all(names.map(async (n) => { byTable[n] = await ask(tx.objectStore(n).count()); }));
    const byGroup = {};
    if (names.includes('photoCards')) {
      const index = tx.objectStore('photoCards').index('group');
      await Promise.all(groups.map(async (g) => { byGroup[g] = await ask(index.count(IDBKeyRange.only(g))); }));
    }
    let records = 0;
    for (const n of names) records += byTable[n];
    return { at, done: now(), records, byTable, byGroup };
  } finally {
    db.close();
  }
}
async function loop() {
  for (;;) {
    const started = now();
    try {
      const c = await count();
      samples.push(c || { at: started, done: now(), records: 0, byTable: {}, byGroup: {} });
    } catch (e) {}
    await new Promise((r) => setTimeout(r, Math.max(0, INTERVAL - (now() - started))));
  }
}
onmessage = () => postMessage(samples);
loop();
`;

/** An expression starting the counting worker in the page (`window.__phoneCounter`). */
export function startCounter(groups: readonly string[], intervalMs: number): string {
  const source = COUNTER_WORKER.replace('GROUPS', JSON.stringify(groups)).replace(
    'INTERVAL',
    String(intervalMs),
  );
  return `(() => {
  if (window.__phoneCounter) window.__phoneCounter.terminate();
  const url = URL.createObjectURL(new Blob([${JSON.stringify(source)}], { type: 'text/javascript' }));
  window.__phoneCounter = new Worker(url);
  return true;
})()`;
}

/**
 * An expression (a promise) for the counting worker's samples so far, their times made relative
 * to the page's navigation (ms, as `performance.now()`).
 */
export const READ_COUNTER = `new Promise((resolve) => {
  const w = window.__phoneCounter;
  if (!w) return resolve([]);
  w.onmessage = (e) => {
    const origin = performance.timeOrigin;
    resolve(e.data.map((s) => Object.assign({}, s, { at: s.at - origin, done: s.done - origin })));
  };
  w.postMessage('read');
})`;

/** An expression stopping the counting worker. */
export const STOP_COUNTER = `(() => { if (window.__phoneCounter) window.__phoneCounter.terminate(); window.__phoneCounter = null; return true; })()`;

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
