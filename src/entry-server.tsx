/**
 * The first-screen renderer's entry (built by `vite build --ssr`, run by server/ssr/): renders a
 * main route with the same components as the client, from the renderer's own copy of the public
 * catalogue (Dexie over fake-indexeddb, kept up to date with the client's own pull), and returns
 * the markup, the payload the client hydrates from, the page's status and its share preview.
 * See docs/first-visit.md.
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
import { MISS } from '@/components/live/server-render';
import { db } from '@/data/db/index';
import { fileUrl } from '@/data/pb/files';
import { encodePayload } from '@/data/live/payload';
import { reads, type ReadName } from '@/data/live/reads';
import { pullAll } from '@/data/sync/pull';
import { koShare } from '@/i18n/ko-share';
import { localToday } from '@/lib/meetup-dates';

export interface SharePreview {
  title: string;
  description: string;
  /** Same-origin path of the preview image ('' for none); the server makes it absolute. */
  image: string;
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
}

/** How many render passes a page may take (each pass may ask for reads the last one revealed). */
const MAX_PASSES = 5;

/**
 * Brings the renderer's store up to date with PocketBase (anonymous: public records only). It
 * draws any card a link points at, so it pulls the whole catalogue, not a device's scope.
 */
export async function pull(pb: PocketBase): Promise<{ records: number; deleted: number }> {
  const report = await pullAll(pb, db, false, { scoped: false });
  return { records: report.records, deleted: report.deleted };
}

type AnyRead = (...args: unknown[]) => Promise<unknown>;

/** Today in Korea (the app's fans' day), whatever the server's own time zone. */
function koreaToday(now: number): string {
  return localToday(new Date(now + 9 * 3600_000 + new Date(now).getTimezoneOffset() * 60_000));
}

export async function render(url: string, now = Date.now()): Promise<RenderResult> {
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    origin: 'http://localhost',
  });
  await router.load();
  const clock = { now, today: koreaToday(now) };
  const done = new Map<string, unknown>();
  const server = {
    clock,
    wanted: new Map<string, { name: ReadName; args: readonly unknown[] }>(),
    lookup(name: ReadName, args: readonly unknown[], key: string) {
      if (done.has(key)) return done.get(key);
      server.wanted.set(key, { name, args });
      return MISS;
    },
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
    for (const [key, { name, args }] of server.wanted) {
      const value = await (reads[name] as AnyRead)(...args);
      done.set(key, value === undefined ? null : value);
    }
  }
  const html = renderToString(app);
  const { status, preview } = await describe(router);
  const routeId = router.state.matches[router.state.matches.length - 1]?.routeId ?? '';
  return {
    status,
    module: ROUTE_MODULES[routeId] ?? null,
    html,
    payload: encodePayload({ reads: Object.fromEntries(done), ...clock }),
    preview,
  };
}

const cardName = (c: { groupName: string; memberName: string; title: string }) =>
  [c.groupName, c.memberName, c.title].filter(Boolean).join(' ');

/** The page's status and share preview, from the route and the records it shows. */
async function describe(
  router: ReturnType<typeof createAppRouter>,
): Promise<{ status: 200 | 404; preview: SharePreview }> {
  const match = router.state.matches[router.state.matches.length - 1];
  const params = (match?.params ?? {}) as Record<string, string>;
  const search = router.state.location.search as { group?: string };
  const icon = '/icons/icon-512.png';
  switch (match?.routeId) {
    case '/main/exchange': {
      const group = search.group ? await reads.group(search.group) : null;
      if (!group) return { status: 200, preview: { ...koShare.exchange, image: icon } };
      const cards = await reads.photoCards({ group: group.id, sort: 'latest' });
      const first = cards[0];
      return {
        status: 200,
        preview: {
          title: koShare.exchange.groupTitle(group.groupName),
          description: koShare.exchange.groupDescription(group.groupName, cards.length),
          image: first?.cardImg ? fileUrl('photoCards', first.id, first.cardImg) : icon,
        },
      };
    }
    case '/main/exchangeDetail/$id': {
      const card = await reads.photoCard(params.id);
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
      const posts = await reads.postsOfCard(card.id);
      const name = cardName(card);
      return {
        status: 200,
        preview: {
          title: koShare.card.title(name),
          description: koShare.card.description(name, posts.length, card.likeCount),
          image: card.cardImg ? fileUrl('photoCards', card.id, card.cardImg) : icon,
        },
      };
    }
    case '/main/meetup':
      return { status: 200, preview: { ...koShare.meetup, image: icon } };
    case '/main/meetupDetail/$id': {
      const event = await reads.meetUp(params.id);
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
};

/** The routes this renderer draws; anything else is served the plain shell. */
export const RENDERED_PATHS = [
  /^\/$/,
  /^\/exchange$/i,
  /^\/exchangeDetail\/[a-z0-9]{15}$/i,
  /^\/meetup$/i,
  /^\/meetupDetail\/[a-z0-9]{15}$/i,
];

export function isRenderedPath(pathname: string): boolean {
  return RENDERED_PATHS.some((re) => re.test(pathname));
}
