// The exchange screen's server search (src/features/exchange/hooks/use-server-search.ts,
// docs/product-rules.md, Search): the first page on a search or sort change, the next one while
// 더 보기 comes near the loaded cards, a failure handed back so the screen searches saved cards,
// and a new search starting over.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoCardSort } from '@/domains/catalogue/photo-cards';
import {
  SERVER_PAGE,
  useServerSearch,
  type ServerSearch,
} from '@/features/exchange/hooks/use-server-search';

const api = vi.hoisted(() => ({ searchCards: vi.fn() }));
vi.mock('@/domains/catalogue/search', () => api);

let root: Root | undefined;
let seen: ServerSearch | undefined;

function Probe(props: { search: string; sort: PhotoCardSort; online: boolean }) {
  seen = useServerSearch(props.search, props.sort, props.online);
  return null;
}

async function render(props: { search: string; sort: PhotoCardSort; online: boolean }) {
  await act(async () => {
    root ??= createRoot(document.createElement('div'));
    root.render(<Probe {...props} />);
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
}

/** A page of `total` matching cards with ids c0, c1, … */
function pageOf(total: number) {
  return ({ page, perPage }: { page: number; perPage: number }) => {
    const from = (page - 1) * perPage;
    const ids = Array.from({ length: Math.max(0, Math.min(perPage, total - from)) }, (_, i) => ({
      id: `c${from + i}`,
    }));
    return Promise.resolve({
      cards: ids,
      page,
      perPage,
      totalItems: total,
      more: from + ids.length < total,
    });
  };
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  api.searchCards.mockReset();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  seen = undefined;
});

describe('useServerSearch', () => {
  it('asks the first page, then the next one before 더 보기 runs out', async () => {
    api.searchCards.mockImplementation(pageOf(150));
    await render({ search: '원빈', sort: 'latest', online: true });
    expect(api.searchCards).toHaveBeenCalledTimes(1);
    expect(api.searchCards.mock.calls[0]![0]).toMatchObject({
      q: '원빈',
      sort: 'latest',
      page: 1,
      perPage: SERVER_PAGE,
    });
    expect(seen!.ids).toHaveLength(60);
    expect(seen!.total).toBe(150);

    // 18 shown, then 30: 30 still ahead of the grid, no request
    await act(async () => seen!.pressedMore());
    expect(api.searchCards).toHaveBeenCalledTimes(1);
    // 42 shown: fewer than 24 ahead, the second page comes
    await act(async () => seen!.pressedMore());
    await render({ search: '원빈', sort: 'latest', online: true });
    expect(api.searchCards).toHaveBeenCalledTimes(2);
    expect(api.searchCards.mock.calls[1]![0]).toMatchObject({ page: 2 });
    expect(seen!.ids).toHaveLength(120);
    expect(new Set(seen!.ids).size).toBe(120);
  });

  it('asks the next page again when an earlier search comes back', async () => {
    api.searchCards.mockImplementation(pageOf(150));
    const more = async (times: number) => {
      for (let i = 0; i < times; i++) await act(async () => seen!.pressedMore());
      await render({ search: '원빈', sort: 'latest', online: true });
    };
    await render({ search: '원빈', sort: 'latest', online: true });
    await more(2);
    expect(api.searchCards.mock.calls.map((c) => (c[0] as { page: number }).page)).toEqual([1, 2]);
    await render({ search: '카리나', sort: 'latest', online: true });
    await render({ search: '원빈', sort: 'latest', online: true });
    await more(2);
    expect(api.searchCards.mock.calls.map((c) => (c[0] as { page: number }).page)).toEqual([
      1, 2, 1, 1, 2,
    ]);
    expect(seen!.ids).toHaveLength(120);
  });

  it('starts over on a new search or sort', async () => {
    api.searchCards.mockImplementation(pageOf(5));
    await render({ search: '원빈', sort: 'latest', online: true });
    expect(seen!.ids).toHaveLength(5);
    await render({ search: '원빈', sort: 'likesDesc', online: true });
    expect(api.searchCards.mock.calls.at(-1)![0]).toMatchObject({ sort: 'likesDesc', page: 1 });
    expect(seen!.ids).toHaveLength(5);
    // nothing more to ask: the whole result is here
    expect(api.searchCards).toHaveBeenCalledTimes(2);
  });

  it('asks nothing offline, and says so when the server fails', async () => {
    await render({ search: '원빈', sort: 'latest', online: false });
    expect(api.searchCards).not.toHaveBeenCalled();
    api.searchCards.mockRejectedValue(new Error('network'));
    await render({ search: '원빈', sort: 'latest', online: true });
    expect(seen!.failed).toBe(true);
    expect(seen!.ids).toBeUndefined();
  });
});
