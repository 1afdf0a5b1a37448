/**
 * The cards bench page: the app's real photo card tile and local reads in Chromium. The driver
 * (bench/cards/bench.ts) seeds Dexie with synthetic cards, types search queries one keystroke at a
 * time, and renders grids of N tiles. Tiles carry no image file (cardImg ''), so the figures are
 * the DOM, style and layout work of the grid, not image decoding (lazy, off the main thread).
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppDB } from '../../../src/data/db/index.ts';
import type { PhotoCard } from '../../../src/data/pb/records.ts';
import { listPhotoCards } from '../../../src/domains/catalogue/photo-cards.ts';
import { PhotoCardTile } from '../../../src/components/cards/photo-card-tile.tsx';
import { filterCards } from '../../../src/lib/card-search.ts';
import '../../../src/app/styles.css';
import type { CardsBenchApi, KeystrokeSample } from './api.ts';

const db = new AppDB('bench-cards');

const MEMBERS = [
  ['원빈', 'WONBIN'],
  ['쇼타로', 'SHOTARO'],
  ['카리나', 'KARINA'],
  ['민지', 'MINJI'],
  ['해린', 'HAERIN'],
  ['성찬', 'SUNGCHAN'],
  ['윈터', 'WINTER'],
  ['앤톤', 'ANTON'],
] as const;
const LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];
const TITLES = ['Get A Guitar', 'Siren', 'Supernatural', 'Whiplash', 'Odyssey', 'Fly Up'];

function makeCards(n: number, groups: number): PhotoCard[] {
  const out: PhotoCard[] = [];
  for (let i = 0; i < n; i++) {
    const [ko, latin] = MEMBERS[i % MEMBERS.length]!;
    const stamp = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString().replace('T', ' ');
    out.push({
      id: `card${String(i).padStart(11, '0')}`,
      created: stamp,
      updated: stamp,
      group: `group${String(i % groups).padStart(10, '0')}`,
      cardImg: '',
      logoImage: '',
      groupName: `GROUP ${i % groups}`,
      memberName: ko,
      memberNameEn: latin,
      title: `${TITLES[i % TITLES.length]} (${LABELS[i % LABELS.length]} ${i})`,
      label: LABELS[i % LABELS.length]!,
      likeCount: (i * 7919) % 300,
      exchangeList: [],
    });
  }
  return out;
}

// ---- the grid: a store the bench swaps, rendered by the real tile inside a router (tiles link)
let shown: PhotoCard[] = [];
const listeners = new Set<() => void>();
const store = {
  subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
  get: () => shown,
  set(cards: PhotoCard[]) {
    shown = cards;
    for (const l of listeners) l();
  },
};

function Grid() {
  const cards = useSyncExternalStore(store.subscribe, store.get);
  return (
    <div
      id="bench-grid"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
        gap: '0.75rem',
        maxWidth: 1280,
        margin: '0 auto',
      }}
    >
      {cards.map((c) => (
        <PhotoCardTile key={c.id} card={c} liked={false} onToggleLike={() => {}} />
      ))}
    </div>
  );
}

const router = createRouter({
  routeTree: createRootRoute({ component: Grid }),
  history: createMemoryHistory({ initialEntries: ['/'] }),
});
createRoot(document.getElementById('grid')!).render(<RouterProvider router={router} />);

const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0)));

const api: CardsBenchApi = {
  async seed(n, groups) {
    const started = performance.now();
    await db.photoCards.clear();
    await db.photoCards.bulkPut(makeCards(n, groups));
    return { ms: performance.now() - started, stored: await db.photoCards.count() };
  },

  async keystrokes(queries) {
    const all = await listPhotoCards({}, db);
    const samples: KeystrokeSample[] = [];
    for (const q of queries) {
      for (let i = 1; i <= q.length; i++) {
        const text = q.slice(0, i);
        let t = performance.now();
        const matches = filterCards(all, text).length;
        const filterMs = performance.now() - t;
        t = performance.now();
        filterCards(await listPhotoCards({}, db), text);
        const readAndFilterMs = performance.now() - t;
        samples.push({ text, matches, filterMs, readAndFilterMs });
      }
    }
    return samples;
  },

  async render(n) {
    const cards = makeCards(n, 10);
    flushSync(() => store.set([]));
    await nextFrame();
    const t = performance.now();
    flushSync(() => store.set(cards));
    const commitMs = performance.now() - t;
    void document.getElementById('bench-grid')!.getBoundingClientRect().height;
    const layoutMs = performance.now() - t;
    await nextFrame();
    const frameMs = performance.now() - t;
    const rendered = document.querySelectorAll('[data-testid="photo-card"]').length;
    return { cards: rendered, commitMs, layoutMs, frameMs };
  },

  async clear() {
    await db.photoCards.clear();
  },
};

window.cardsBench = api;
window.cardsBenchReady = true;
