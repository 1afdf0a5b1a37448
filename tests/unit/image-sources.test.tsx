/// <reference types="vite/client" />
// Right-sized images: the renditions a `srcset` offers (fits, so never an upscale; widths that
// match their thumbs), the migration that configures exactly those thumbs, a home row's first
// render (7 tiles, the rest same-sized placeholders; 3 eager images, one of them fetched first;
// `srcset`, `sizes`, width/height and alt on every card image) and its fill-in at the first idle
// moment, and that the deferral renders the same markup on the server and at hydration.
import { readFileSync } from 'node:fs';
import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ARTIST_IMAGE,
  CARD_IMAGE,
  EVENT_IMAGE,
  fileUrl,
  ladderWidthFor,
  LOGO_IMAGE,
  responsiveFile,
  type ThumbLadder,
} from '@/data/pb/files';
import type { Group, PhotoCard } from '@/data/pb/records';
import { CardRow } from '@/features/home/components/card-row';
import { useAfterIdle, useRevealCount } from '@/components/hooks/use-after-idle';

let root: Root | undefined;
let container: HTMLElement | undefined;

/**
 * The idle moments are the test's to give (waitForIdle): left to a timer, a render slowed by a
 * busy machine let one pass before the first assertion, and the row had filled in already.
 */
let idle = new Map<number, () => void>();
let idleIds = 0;
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  idle = new Map();
  window.requestIdleCallback = ((run: () => void) => {
    idle.set(++idleIds, run);
    return idleIds;
  }) as never;
  window.cancelIdleCallback = ((id: number) => idle.delete(id)) as never;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  vi.restoreAllMocks();
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  delete (window as { cancelIdleCallback?: unknown }).cancelIdleCallback;
});

const LADDERS: Record<string, [ThumbLadder, string, string]> = {
  card: [CARD_IMAGE, 'photoCards', 'cardImg'],
  event: [EVENT_IMAGE, 'meetUps', 'eventImg'],
  logo: [LOGO_IMAGE, 'groups', 'logoImage'],
  artist: [ARTIST_IMAGE, 'meetUps', 'artistImg'],
};

describe('renditions', () => {
  it.each(Object.entries(LADDERS))(
    '%s: ascending widths, each a fit thumb exactly that wide',
    (_name, [ladder]) => {
      expect([...ladder.widths].sort((a, b) => a - b)).toEqual(ladder.widths);
      for (const w of ladder.widths) {
        const m = /^(\d+)x(\d+)f$/.exec(ladder.thumb(w));
        expect(m, ladder.thumb(w)).not.toBeNull();
        expect(Number(m![1])).toBe(w);
        expect(Number(m![2])).toBeGreaterThan(0);
      }
    },
  );

  it('picks the smallest rendition that covers a need, else the largest', () => {
    expect(ladderWidthFor(CARD_IMAGE, 1)).toBe(160);
    expect(ladderWidthFor(CARD_IMAGE, 152)).toBe(160);
    expect(ladderWidthFor(CARD_IMAGE, 160)).toBe(160);
    expect(ladderWidthFor(CARD_IMAGE, 161)).toBe(320);
    expect(ladderWidthFor(CARD_IMAGE, 266)).toBe(320);
    expect(ladderWidthFor(CARD_IMAGE, 560)).toBe(640);
    expect(ladderWidthFor(CARD_IMAGE, 5000)).toBe(960);
  });

  it('builds src and a width-described srcset of every rendition', () => {
    const { src, srcSet } = responsiveFile('photoCards', 'c1', 'a b.png', CARD_IMAGE, 300);
    expect(src).toBe('/api/files/photoCards/c1/a%20b.png?thumb=320x640f');
    expect(srcSet.split(', ')).toEqual([
      '/api/files/photoCards/c1/a%20b.png?thumb=160x320f 160w',
      '/api/files/photoCards/c1/a%20b.png?thumb=320x640f 320w',
      '/api/files/photoCards/c1/a%20b.png?thumb=480x960f 480w',
      '/api/files/photoCards/c1/a%20b.png?thumb=640x1280f 640w',
      '/api/files/photoCards/c1/a%20b.png?thumb=960x1920f 960w',
    ]);
    expect(responsiveFile('photoCards', 'c1', '', CARD_IMAGE, 300)).toEqual({
      src: '',
      srcSet: '',
    });
    expect(fileUrl('groups', 'g', 'l.png')).toBe('/api/files/groups/g/l.png');
  });

  /** Runs the thumbs migration's up (and then down) against stand-ins for the collections. */
  function runMigration() {
    const before: Record<string, string[]> = {
      'photoCards.cardImg': ['200x0', '400x0'],
      'meetUps.eventImg': ['400x0'],
      'meetUps.artistImg': ['100x100'],
      'groups.logoImage': ['100x100'],
    };
    const fields = new Map(Object.entries(before).map(([k, v]) => [k, { thumbs: [...v] }]));
    const app = {
      findCollectionByNameOrId: (name: string) => ({
        fields: { getByName: (f: string) => fields.get(`${name}.${f}`) },
      }),
      save: vi.fn(),
    };
    let steps: [(a: typeof app) => void, (a: typeof app) => void] | undefined;
    const source = readFileSync('pb_migrations/1764400000_image_thumbs.js', 'utf8');
    new Function('migrate', source)(
      (up: (a: typeof app) => void, down: (a: typeof app) => void) => {
        steps = [up, down];
      },
    );
    const thumbs = () => Object.fromEntries([...fields].map(([k, v]) => [k, [...v.thumbs]]));
    steps![0](app);
    const afterUp = thumbs();
    steps![1](app);
    return { before, afterUp, afterDown: thumbs() };
  }

  it('the migration lists every rendition on its field, keeps the older sizes, and undoes', () => {
    const { before, afterUp, afterDown } = runMigration();
    for (const [ladder, collection, field] of Object.values(LADDERS)) {
      const key = `${collection}.${field}`;
      expect(afterUp[key]).toEqual([...before[key]!, ...ladder.widths.map(ladder.thumb)]);
    }
    expect(afterDown).toEqual(before);
  });
});

const card = (i: number): PhotoCard => ({
  id: `card${String(i).padStart(11, '0')}`,
  created: '',
  updated: '',
  group: 'g1',
  cardImg: `card_${i}.png`,
  logoImage: '',
  groupName: 'RIIZE',
  memberName: `멤버${i}`,
  memberNameEn: '',
  title: `카드 ${i}`,
  label: '',
  likeCount: 0,
  exchangeList: [],
});
const group: Group = {
  id: 'g1',
  groupName: 'RIIZE',
  logoImage: 'logo.png',
  cardCount: 0,
  created: '',
  updated: '',
};

async function render(ui: ReactNode) {
  const rootRoute = createRootRoute({ component: Outlet });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const detail = createRoute({ getParentRoute: () => rootRoute, path: '/exchangeDetail/$id' });
  const exchange = createRoute({ getParentRoute: () => rootRoute, path: '/exchange' });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, detail, exchange]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  container = document.createElement('div');
  document.body.append(container);
  const r = createRoot(container);
  root = r;
  await act(async () => {
    r.render(<RouterProvider router={router} />);
  });
}

function row(eager: boolean) {
  return (
    <CardRow
      title="최근"
      cards={Array.from({ length: 20 }, (_, i) => card(i))}
      waitingForSync={false}
      groups={new Map([['g1', group]])}
      likedIds={new Set()}
      pendingIds={new Set()}
      onToggleLike={() => {}}
      eager={eager}
      testId="row"
    />
  );
}

const all = <E extends Element = HTMLElement>(sel: string) => [
  ...document.querySelectorAll<E>(sel),
];
const cardImages = () => all<HTMLImageElement>('[data-testid="photo-card"] img[alt]:not([alt=""])');

/** Lets the idle steps run: a long list fills in over a few of them (useRevealCount). */
async function waitForIdle() {
  for (let step = 0; step < 4; step++) {
    await act(async () => {
      const due = [...idle.values()];
      idle.clear();
      for (const run of due) run();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

describe('a home row', () => {
  it('renders its first 7 tiles, placeholders for the rest, and fills in when idle', async () => {
    await render(row(true));
    expect(all('[data-testid="photo-card"]')).toHaveLength(7);
    expect(all('[data-testid="photo-card-placeholder"]')).toHaveLength(13);

    const images = cardImages();
    expect(images.map((i) => i.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
      'lazy',
      'lazy',
    ]);
    expect(images.map((i) => i.getAttribute('fetchpriority'))).toEqual([
      'high',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('300');
      expect(img.getAttribute('height')).toBe('450');
      expect(img.getAttribute('decoding')).toBe('async');
      expect(img.getAttribute('sizes')).toBe('(min-width: 1080px) 176px, 152px');
      expect(img.getAttribute('srcset')?.split(', ')).toHaveLength(CARD_IMAGE.widths.length);
      expect(img.alt).toMatch(/^RIIZE 멤버\d+ 카드 \d+ 포토카드$/);
    }
    const logo = document.querySelector<HTMLImageElement>('[data-testid="photo-card"] img[alt=""]');
    expect(logo?.getAttribute('sizes')).toBe('20px');
    expect(logo?.getAttribute('srcset')).toContain('?thumb=32x32f 32w');

    await waitForIdle();
    expect(all('[data-testid="photo-card"]')).toHaveLength(20);
    expect(all('[data-testid="photo-card-placeholder"]')).toHaveLength(0);
    expect(all('img[fetchpriority="high"]')).toHaveLength(1);
    expect(all('img[loading="eager"]')).toHaveLength(3);
  });

  it('loads every image lazily when it is not the top row', async () => {
    await render(row(false));
    await waitForIdle();
    const images = cardImages();
    expect(images).toHaveLength(20);
    expect(images.every((i) => i.getAttribute('loading') === 'lazy')).toBe(true);
    expect(all('img[fetchpriority]')).toHaveLength(0);
  });
});

describe('render when idle', () => {
  function Deferred() {
    const ready = useAfterIdle();
    return <p>{ready ? 'all' : 'first'}</p>;
  }

  it('renders the same markup on the server and at hydration, then fills in', async () => {
    const html = renderToString(<Deferred />);
    expect(html).toBe('<p>first</p>');
    const errors = vi.spyOn(console, 'error');
    container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const el = container;
    await act(async () => {
      root = hydrateRoot(el, <Deferred />);
    });
    expect(el.innerHTML).toBe('<p>first</p>');
    await waitForIdle();
    expect(el.innerHTML).toBe('<p>all</p>');
    expect(errors).not.toHaveBeenCalled();
  });

  function Reveal({ total }: { total: number }) {
    return <p>{useRevealCount(total, 3)}</p>;
  }

  it('fills a list in a few idle steps, then shows later additions at once', async () => {
    container = document.createElement('div');
    document.body.append(container);
    const el = container;
    await act(async () => {
      root = createRoot(el);
      root.render(<Reveal total={8} />);
    });
    expect(el.textContent).toBe('3');
    const seen = new Set<string>();
    for (let i = 0; i < 20 && el.textContent !== '8'; i++) {
      await act(async () => {
        const due = [...idle.values()];
        idle.clear();
        for (const run of due) run();
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      seen.add(el.textContent ?? '');
    }
    expect(el.textContent).toBe('8');
    expect(seen.has('6')).toBe(true);
    await act(async () => root?.render(<Reveal total={20} />));
    expect(el.textContent).toBe('20');
  });
});
