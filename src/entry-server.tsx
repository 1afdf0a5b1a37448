/**
 * The first-screen renderer's entry (built by `vite build --ssr`, run by server/ssr/): renders a
 * main route with the same components as the client, from the renderer's own store (Dexie over
 * fake-indexeddb), and returns the markup, the payload the client hydrates from, the page's status
 * and its share preview. See docs/first-visit.md.
 *
 * The store holds what a guest's device holds (its pull by scope) and what the pages being drawn
 * show: before a pass's reads run, the part of each beyond the scope (its window) is read from
 * PocketBase, as a device's screens do, with a freshness of seconds; the cache bound evicts it
 * afterwards (docs/first-visit.md, What the render server holds).
 *
 * The process that loads it provides IndexedDB (fake-indexeddb) before it does.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createMemoryHistory } from '@tanstack/react-router';
import type PocketBase from 'pocketbase';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { FIRST_READ } from '@/components/hooks/load-more';
import { MISS } from '@/live/server-render';
import { db } from '@/data/db/index';
import { fileUrl } from '@/data/pb/files';
import { encodePayload, readKey } from '@/data/live/payload';
import {
  reads,
  windowOf,
  type ReadArgs,
  type ReadName,
  type ReadResult,
} from '@/domains/tables/reads';
import { CACHE_MAX, evictOutOfScope } from '@/data/sync/evict';
import { lastScope, pullAll } from '@/data/sync/pull';
import {
  ensureWindow,
  resetWindows,
  windowAskedAt,
  type Window,
} from '@/domains/catalogue/windows';
import { koShare } from '@/i18n/ko-share';
import { koreaToday } from '@/lib/meetup-dates';
import {
  parsePublicBookAnswer,
  publicBookKey,
  publicBookPath,
} from '@/features/collect-book/public-book';

export interface SharePreview {
  title: string;
  description: string;
  /** Same-origin path of the preview image ('' for none); the server makes it absolute. */
  image: string;
  /** Keep the page out of search engines (a public book nobody may see). */
  noindex?: boolean;
}

export interface RenderResult {
  status: 200 | 404;
  /** The source module of the route's lazy chunk (see ROUTE_MODULES). */
  module: string | null;
  /** The markup inside #root. */
  html: string;
  /** The JSON for <script id="first-screen">, safe to embed. */
  payload: string;
  preview: SharePreview;
  /**
   * What the page read beyond the sync scope, to tell later whether it still shows the server's
   * records (revalidate); null when it read nothing beyond it (the pull keeps it current).
   */
  check: PageCheck | null;
  /**
   * When the oldest answer the page was drawn from was asked (ms since the epoch): 0 when a
   * window could not be read (the page was drawn from what the store had).
   */
  dataAt: number;
}

/**
 * A drawn page's reads, the routes it asked PocketBase (`fetches`, API paths) and a digest of
 * their results, to check it against the server later.
 */
export interface PageCheck {
  reads: { name: ReadName; args: readonly unknown[] }[];
  fetches?: string[];
  digest: string;
}

/** How the renderer reads windows: its PocketBase client and the freshness it accepts. */
export interface WindowReader {
  pb: PocketBase;
  /** A window asked within this many ms is not asked again. */
  freshMs: number;
}

/** How many render passes a page may take (each pass may ask for reads the last one revealed). */
const MAX_PASSES = 5;

/**
 * Renders and pulls take turns on the store: any number of renders at once, a pull alone (its
 * eviction must not drop the rows a render has just read from the server before it draws them).
 */
const turns = {
  renders: 0,
  pulling: null as Promise<void> | null,
  idle: [] as (() => void)[],
  async render<T>(run: () => Promise<T>): Promise<T> {
    while (turns.pulling) await turns.pulling;
    turns.renders++;
    try {
      return await run();
    } finally {
      if (--turns.renders === 0) for (const go of turns.idle.splice(0)) go();
    }
  },
  async pull<T>(run: () => Promise<T>): Promise<T> {
    while (turns.pulling) await turns.pulling;
    let done!: () => void;
    turns.pulling = new Promise((resolve) => (done = resolve));
    try {
      while (turns.renders) await new Promise<void>((resolve) => turns.idle.push(resolve));
      return await run();
    } finally {
      turns.pulling = null;
      done();
    }
  },
};

/**
 * Brings the renderer's store up to date with PocketBase, as a guest's device (anonymous: public
 * records only): groups, meetups and comments whole, the cards and posts of the guest's scope (the
 * default favourite group), then evicts what the pages read beyond it past `cacheMax` rows of each
 * table (default CACHE_MAX). A window whose rows may have gone is read again when next shown.
 */
export async function pull(
  pb: PocketBase,
  opts: { cacheMax?: number } = {},
): Promise<{ records: number; deleted: number }> {
  return turns.pull(async () => {
    const cachedBefore = await db.cache.count();
    const report = await pullAll(pb, db, false);
    const scope = lastScope();
    if (scope && opts.cacheMax !== undefined && opts.cacheMax < CACHE_MAX) {
      await evictOutOfScope(db, scope, { cacheMax: opts.cacheMax });
    }
    if ((await db.cache.count()) < cachedBefore) resetWindows();
    return { records: report.records, deleted: report.deleted };
  });
}

/** What the store holds (the render server's /stats): rows per table and cards per group. */
export async function storeStats(): Promise<{
  rows: Record<string, number>;
  cardsByGroup: Record<string, number>;
}> {
  const rows: Record<string, number> = {};
  for (const table of db.tables) rows[table.name] = await table.count();
  const cardsByGroup: Record<string, number> = {};
  await db.photoCards.each((c) => {
    cardsByGroup[c.group] = (cardsByGroup[c.group] ?? 0) + 1;
  });
  return { rows, cardsByGroup };
}

type AnyRead = (...args: unknown[]) => Promise<unknown>;

/**
 * One page's reads of the store, each after its window (the part beyond the scope) was read from
 * the server within the reader's freshness. Notes every read and window, for the page's check.
 */
function pageReads(reader: WindowReader | null) {
  const windows = new Map<string, Window>();
  const seen = new Map<string, { name: ReadName; args: readonly unknown[]; value: unknown }>();
  const fetched = new Map<string, { value: unknown; at: number }>();
  const fetchWindows = async (list: readonly { name: ReadName; args: readonly unknown[] }[]) => {
    if (!reader) return;
    const asked: Promise<void>[] = [];
    for (const { name, args } of list) {
      const w = windowOf(name, args);
      if (!w) continue;
      windows.set(JSON.stringify(w), w);
      // a window that fails is not an error: the page is drawn from what the store has
      asked.push(ensureWindow(reader.pb, db, w, { freshMs: reader.freshMs }));
    }
    await Promise.all(asked);
  };
  const run = async (name: ReadName, args: readonly unknown[]): Promise<unknown> => {
    const key = readKey(name, args);
    const noted = seen.get(key);
    if (noted) return noted.value;
    const raw = await (reads[name] as AnyRead)(...args);
    const value = raw === undefined ? null : raw;
    seen.set(key, { name, args, value });
    return value;
  };
  return {
    fetchWindows,
    run,
    /**
     * A route of PocketBase the page is drawn from (a public book: no read of the store holds
     * it), asked as the anonymous visitor the renderer is. Throws when it does not answer: the
     * page is not drawn (PocketBase serves its shell).
     */
    async fetch(path: string): Promise<unknown> {
      if (!reader) throw new Error(`${path}: no PocketBase to ask`);
      const at = Date.now();
      const value: unknown = await reader.pb.send(path, { method: 'GET' });
      fetched.set(path, { value, at });
      return value;
    },
    /** A read of the page's own (its status and preview), window first. */
    async read<N extends ReadName>(name: N, ...args: ReadArgs<N>): Promise<ReadResult<N>> {
      await fetchWindows([{ name, args }]);
      return (await run(name, args)) as ReadResult<N>;
    },
    /** The page's check, and when the oldest answer it was drawn from was asked. */
    summary(): { check: PageCheck | null; dataAt: number } {
      if (!windows.size && !fetched.size) return { check: null, dataAt: Date.now() };
      const list = [...seen.values()];
      let dataAt = Date.now();
      for (const w of windows.values()) dataAt = Math.min(dataAt, windowAskedAt(w) ?? 0);
      for (const f of fetched.values()) dataAt = Math.min(dataAt, f.at);
      return {
        check: {
          reads: list.map(({ name, args }) => ({ name, args })),
          ...(fetched.size ? { fetches: [...fetched.keys()] } : {}),
          digest: digest([
            ...list.map((r) => r.value),
            ...[...fetched.values()].map((f) => f.value),
          ]),
        },
        dataAt,
      };
    },
  };
}

/**
 * Two FNV-1a hashes (different offsets) of the results' text, with its length: a change check,
 * not a secret (the app's build has no Node types, so no node:crypto here).
 */
function digest(values: readonly unknown[]): string {
  const text = encodePayload({ reads: { values }, now: 0, today: '' });
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}.${a.toString(36)}.${b.toString(36)}`;
}

/**
 * Whether a drawn page still shows what the server holds: its windows are read again (those not
 * asked within the reader's freshness), then its reads, compared with what it was drawn from.
 */
export async function revalidate(
  check: PageCheck,
  reader: WindowReader,
): Promise<{ same: boolean; dataAt: number }> {
  return turns.render(async () => {
    const page = pageReads(reader);
    await page.fetchWindows(check.reads);
    for (const { name, args } of check.reads) await page.run(name, args);
    for (const path of check.fetches ?? []) await page.fetch(path);
    const now = page.summary();
    return { same: now.check?.digest === check.digest, dataAt: now.dataAt };
  });
}

/**
 * Draws the page at `url`. With a window reader, what each pass wants beyond the sync scope is read
 * from the server first; without one, the page is drawn from the store alone.
 */
export async function render(
  url: string,
  opts: { reader?: WindowReader | null; now?: number } = {},
): Promise<RenderResult> {
  return turns.render(() => draw(url, opts.reader ?? null, opts.now ?? Date.now()));
}

async function draw(url: string, reader: WindowReader | null, now: number): Promise<RenderResult> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    origin: 'http://localhost',
  });
  await router.load();
  const clock = { now, today: koreaToday(now) };
  const done = new Map<string, unknown>();
  const page = pageReads(reader);
  // what the page is drawn from beyond the store's reads, asked first (embedded in the payload)
  const match = router.state.matches[router.state.matches.length - 1];
  if (match?.routeId === '/main/publicBook/$id') {
    const { id } = match.params as { id: string };
    done.set(publicBookKey(id), await page.fetch(publicBookPath(id)));
  }
  const server = {
    clock,
    wanted: new Map<string, { name: ReadName; args: readonly unknown[] }>(),
    lookup(name: ReadName, args: readonly unknown[], key: string) {
      if (done.has(key)) return done.get(key);
      server.wanted.set(key, { name, args });
      return MISS;
    },
    answer: (key: string) => done.get(key),
  };
  const app = (
    <StrictMode>
      <App router={router} server={server} />
    </StrictMode>
  );
  // Passes until no read is missing. prerender waits for every lazily loaded part, so by the
  // last pass all of them are in memory; the page itself is then drawn with renderToString,
  // which never leaves a Suspense boundary to be filled in later by an inline script.
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    server.wanted.clear();
    const { prelude } = await prerender(app);
    await new Response(prelude).arrayBuffer();
    if (!server.wanted.size) break;
    await page.fetchWindows([...server.wanted.values()]);
    for (const [key, { name, args }] of server.wanted) done.set(key, await page.run(name, args));
  }
  const html = renderToString(app);
  const { status, preview } = await describe(router, page.read, (key) => done.get(key));
  const routeId = router.state.matches[router.state.matches.length - 1]?.routeId ?? '';
  return {
    status,
    module: ROUTE_MODULES[routeId] ?? null,
    html,
    payload: encodePayload({ reads: Object.fromEntries(done), ...clock }),
    preview,
    ...page.summary(),
  };
}

const cardName = (c: { groupName: string; memberName: string; title: string }) =>
  [c.groupName, c.memberName, c.title].filter(Boolean).join(' ');

type PageRead = <N extends ReadName>(name: N, ...args: ReadArgs<N>) => Promise<ReadResult<N>>;

/** The page's status and share preview, from the route and the records it shows. */
async function describe(
  router: ReturnType<typeof createAppRouter>,
  read: PageRead,
  answer: (key: string) => unknown,
): Promise<{ status: 200 | 404; preview: SharePreview }> {
  const match = router.state.matches[router.state.matches.length - 1];
  const params = (match?.params ?? {}) as Record<string, string>;
  const search = router.state.location.search as { group?: string };
  const icon = '/icons/icon-512.png';
  switch (match?.routeId) {
    case '/main/exchange': {
      const group = search.group ? await read('group', search.group) : null;
      if (!group) return { status: 200, preview: { ...koShare.exchange, image: icon } };
      // the newest card's image and the group's count, from the screen's own read (no second
      // request), never the group's whole list
      const [first] = await read('photoCards', {
        group: group.id,
        sort: 'latest',
        limit: FIRST_READ,
      });
      return {
        status: 200,
        preview: {
          title: koShare.exchange.groupTitle(group.groupName),
          description: koShare.exchange.groupDescription(group.groupName, group.cardCount),
          image: first?.cardImg ? fileUrl('photoCards', first.id, first.cardImg) : icon,
        },
      };
    }
    case '/main/exchangeDetail/$id': {
      const card = await read('photoCard', params.id);
      if (!card) {
        return {
          status: 404,
          preview: {
            title: koShare.card.missing,
            description: koShare.home.description,
            image: icon,
          },
        };
      }
      const postCount = await read('postCountOfCard', card.id);
      const name = cardName(card);
      return {
        status: 200,
        preview: {
          title: koShare.card.title(name),
          description: koShare.card.description(name, postCount, card.likeCount),
          image: card.cardImg ? fileUrl('photoCards', card.id, card.cardImg) : icon,
        },
      };
    }
    case '/main/meetup':
      return { status: 200, preview: { ...koShare.meetup, image: icon } };
    case '/main/publicBook/$id': {
      // the route's own preview (pb_hooks/lib/public-book.js), the one PocketBase puts into the
      // shell when this page is not drawn. A book nobody may see is a 200 with the not-found card
      // (a 404 document is a console error in the visitor's browser), kept out of search.
      const got = parsePublicBookAnswer(answer(publicBookKey(params.id ?? '')));
      const share = got?.kind === 'book' ? got.book.share : got?.share;
      const found = got?.kind === 'book';
      return {
        status: 200,
        preview: share
          ? { ...share, noindex: !found }
          : {
              title: koShare.home.title,
              description: koShare.home.description,
              image: icon,
              noindex: true,
            },
      };
    }
    case '/main/meetupDetail/$id': {
      const event = await read('meetUp', params.id);
      if (!event) {
        return {
          status: 404,
          preview: {
            title: koShare.meetupDetail.missing,
            description: koShare.meetup.description,
            image: icon,
          },
        };
      }
      const image = event.eventImg[0]
        ? fileUrl('meetUps', event.id, event.eventImg[0])
        : event.artistImg
          ? fileUrl('meetUps', event.id, event.artistImg)
          : icon;
      const period = [event.startDate.slice(0, 10), event.endDate.slice(0, 10)]
        .filter(Boolean)
        .join(' ~ ');
      return {
        status: 200,
        preview: {
          title: koShare.meetupDetail.title(event.eventTitle),
          description: koShare.meetupDetail.description([
            event.artistName,
            event.cafeName,
            event.address,
            period,
          ]),
          image,
        },
      };
    }
    default:
      return { status: 200, preview: { ...koShare.home, image: icon } };
  }
}

/**
 * The module each drawn route loads lazily (its chunk), as the build manifest names it: the page
 * links its CSS and preloads its JS, so it is styled at first paint and hydrates without waiting
 * for a second round of requests.
 */
export const ROUTE_MODULES: Record<string, string> = {
  '/main/': 'src/features/home/components/home-screen.tsx',
  '/main/exchange': 'src/features/exchange/components/exchange-screen.tsx',
  '/main/exchangeDetail/$id': 'src/routes/exchange-detail.page.tsx',
  '/main/meetup': 'src/features/meetups/components/meetup-map-screen.tsx',
  '/main/meetupDetail/$id': 'src/routes/meetup-detail.page.tsx',
  '/main/publicBook/$id': 'src/routes/public-book.page.tsx',
};

/** The routes this renderer draws; anything else is served the plain shell. */
/**
 * The paths drawn on the server, exactly as the app links them (record ids are lower case): a
 * path in other letter case would be one more page to draw fresh, never a cached one.
 */
export const RENDERED_PATHS = [
  /^\/$/,
  /^\/exchange$/,
  /^\/exchangeDetail\/[a-z0-9]{15}$/,
  /^\/meetup$/,
  /^\/meetupDetail\/[a-z0-9]{15}$/,
  /^\/publicBook\/[a-z0-9]{15}$/,
];

export function isRenderedPath(pathname: string): boolean {
  return RENDERED_PATHS.some((re) => re.test(pathname));
}
