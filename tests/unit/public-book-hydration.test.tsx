/// <reference types="vite/client" />
/**
 * The public book screen drawn on the server and hydrated in the browser (docs/first-visit.md, A
 * public collect book): the server draws from the answer the renderer read, the browser starts
 * from the same answer in the page's payload, so hydration keeps the server's nodes with no
 * mismatch, and the route answering the same redraws nothing; with no network the page stays and
 * says it shows what was kept. A book seen before draws from the device's copy with no payload.
 *
 * The payload is read from the document once per page load, so each case loads the modules
 * afresh (vi.resetModules), as a new page would.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from '../helpers/wait.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ID = 'b00000000000001';
const share = { title: 'fan님의 라이즈 "책" | 포카마켓', description: 'd', image: '' };
const ANSWER = {
  found: true,
  id: ID,
  title: '라이즈 "책" <모음>',
  owner: 'fan',
  group: 'RIIZE',
  cover: 'c2',
  isPublic: true,
  owned: 2,
  total: 8,
  cards: [
    { id: 'c1', title: '하나', memberName: '원빈', groupName: 'RIIZE', cardImg: 'a.png' },
    { id: 'c2', title: '둘', memberName: '은석', groupName: 'RIIZE', cardImg: 'b.png' },
  ],
  want: [{ id: 'c3', title: '셋', memberName: '소희', groupName: 'RIIZE', cardImg: '' }],
  wantCount: 1,
  share,
};

/** The modules as a freshly loaded page has them. */
async function page() {
  vi.resetModules();
  const react = await import('react');
  const client = await import('react-dom/client');
  const server = await import('react-dom/server');
  const router = await import('@tanstack/react-router');
  const { ServerRenderContext, MISS } = await import('@/live/server-render');
  const { PublicBookScreen } =
    await import('@/features/collect-book/components/public-book-screen');
  const { encodePayload } = await import('@/data/live/payload');
  const { publicBookKey } = await import('@/features/collect-book/public-book');

  async function makeRouter() {
    const root = router.createRootRoute({ component: () => <router.Outlet /> });
    const routes = [
      router.createRoute({ getParentRoute: () => root, path: '/', component: () => null }),
      router.createRoute({
        getParentRoute: () => root,
        path: '/publicBook/$id',
        component: () => <PublicBookScreen id={ID} />,
      }),
      router.createRoute({
        getParentRoute: () => root,
        path: '/exchangeDetail/$id',
        component: () => null,
      }),
    ];
    const r = router.createRouter({
      routeTree: root.addChildren(routes),
      history: router.createMemoryHistory({ initialEntries: [`/publicBook/${ID}`] }),
    });
    await r.load();
    return r;
  }

  return {
    act: react.act,
    /** The markup the renderer draws from `answer`. */
    async serverHtml(answer: unknown): Promise<string> {
      const r = await makeRouter();
      const ctx = {
        clock: { now: 0, today: '' },
        lookup: () => MISS,
        answer: (key: string) => (key === publicBookKey(ID) ? answer : undefined),
      };
      return server.renderToString(
        <ServerRenderContext.Provider value={ctx}>
          <router.RouterProvider router={r} />
        </ServerRenderContext.Provider>,
      );
    },
    /** The page as the browser gets it: the markup, and the payload with `answer`. */
    document(html: string, answer?: unknown) {
      const container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = html;
      document.body.append(container);
      if (answer !== undefined) {
        const script = document.createElement('script');
        script.type = 'application/json';
        script.id = 'first-screen';
        script.textContent = encodePayload({
          reads: { [publicBookKey(ID)]: answer },
          now: 0,
          today: '',
        });
        document.body.append(script);
      }
      return container;
    },
    async hydrate(container: HTMLElement, recoverable: unknown[]) {
      const r = await makeRouter();
      let root: ReturnType<typeof client.hydrateRoot> | undefined;
      await react.act(async () => {
        root = client.hydrateRoot(container, <router.RouterProvider router={r} />, {
          onRecoverableError: (err) => recoverable.push(err),
        });
      });
      cleanup = () => react.act(() => root?.unmount());
    },
    async render(container: HTMLElement) {
      const r = await makeRouter();
      const root = client.createRoot(container);
      await react.act(async () => root.render(<router.RouterProvider router={r} />));
      cleanup = () => react.act(() => root.unmount());
    },
  };
}

const answering = (body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );

describe('a server-drawn public book', () => {
  it('hydrates from the payload keeping the server’s nodes, and the same answer redraws nothing', async () => {
    const p = await page();
    const html = await p.serverHtml(ANSWER);
    expect(html).toContain('data-testid="public-book"');
    expect(html).toContain('2/8 모았어요 · 25%');
    expect(html).toContain('data-testid="public-book-want"');
    expect(html).toContain('라이즈 &quot;책&quot; &lt;모음&gt;');

    const container = p.document(html, ANSWER);
    const drawn = container.querySelector('[data-testid="public-book"]');
    const fetch = answering(ANSWER);
    vi.stubGlobal('fetch', fetch);
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await p.hydrate(container, recoverable);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await p.act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="public-book"]')).toBe(drawn);
    // nothing redrawn: the text the server drew, node for node
    const drawnText = document.createElement('div');
    drawnText.innerHTML = html;
    expect(container.textContent).toBe(drawnText.textContent);
    expect(container.querySelectorAll('*')).toHaveLength(drawnText.querySelectorAll('*').length);
    // kept for a visit with no network
    expect(localStorage.getItem('pocamarket.publicBooks.v1')).toContain(ID);
  });

  it('hydrates the not-found card for a book nobody may see, and keeps nothing', async () => {
    const missing = { found: false, message: '공개된 콜렉트북을 찾을 수 없어요.', share };
    const p = await page();
    const html = await p.serverHtml(missing);
    expect(html).toContain('data-testid="public-book-missing"');
    const container = p.document(html, missing);
    vi.stubGlobal('fetch', answering(missing));
    const errors = vi.spyOn(console, 'error');
    const recoverable: unknown[] = [];
    await p.hydrate(container, recoverable);
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="public-book-missing"]')).not.toBeNull();
    expect(localStorage.getItem('pocamarket.publicBooks.v1')).toBeNull();
  });

  it('stays on screen with no network, saying so', async () => {
    const p = await page();
    const html = await p.serverHtml(ANSWER);
    const container = p.document(html, ANSWER);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await p.hydrate(container, []);
    await waitFor(() =>
      expect(container.querySelector('[data-testid="public-book-kept"]')).not.toBeNull(),
    );
    expect(container.querySelector('h1')?.textContent).toBe(ANSWER.title);
  });
});

describe('a book seen before, with no network', () => {
  it('draws from the device’s copy', async () => {
    const p = await page();
    const { keepBook } = await import('@/features/collect-book/public-book-cache');
    const { parsePublicBook } = await import('@/features/collect-book/public-book');
    keepBook(parsePublicBook(ANSWER)!);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const container = p.document('');
    await p.render(container);
    expect(container.querySelector('h1')?.textContent).toBe(ANSWER.title);
    await waitFor(() =>
      expect(container.querySelector('[data-testid="public-book-kept"]')).not.toBeNull(),
    );
    expect(container.querySelectorAll('[data-testid="public-book-want-card"]')).toHaveLength(1);
  });

  it('says the network is needed for a book never seen', async () => {
    const p = await page();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const container = p.document('');
    await p.render(container);
    await waitFor(() =>
      expect(container.querySelector('[data-testid="public-book-offline"]')).not.toBeNull(),
    );
  });
});
