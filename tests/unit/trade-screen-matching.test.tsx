/// <reference types="vite/client" />
// /matching over the local store: the last kept answer (two-way first, the cards on each side,
// 채팅 and 교환 제안), the note when it could not be asked again, the card filter, the empty and
// logged-out states. The match and trust routes are stubbed.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/data/db/index.ts';
import type { MatchFan } from '@/data/db/index.ts';
import {
  card,
  cleanUp,
  click,
  find,
  findByText,
  ME,
  renderAt,
  resetStore,
  setUpDom,
  signIn,
  T0,
  YOU,
} from './trade-screen-fixtures';
import { waitFor } from '../helpers/wait.ts';

const OTHER = 'userotheraaaaaa';
const routes = vi.hoisted(() => ({
  refreshMatches: vi.fn(),
  fetchFanTrust: vi.fn(),
  fetchCardTraders: vi.fn(),
}));
vi.mock('@/domains/trades/routes', () => routes);

const fan = (over: Partial<MatchFan>): MatchFan => ({
  fan: YOU,
  theyHave: [],
  theyWant: [],
  theyHaveCount: 0,
  theyWantCount: 0,
  twoWay: false,
  latest: '',
  ...over,
});

beforeAll(setUpDom);

beforeEach(async () => {
  await resetStore();
  await db.users.put({ ...(await db.users.get(YOU))!, id: OTHER, username: 'other' });
  for (const r of Object.values(routes)) r.mockReset();
  routes.fetchFanTrust.mockResolvedValue({ tradesCompleted: 4, reviews: [], have: [], want: [] });
});

afterEach(cleanUp);

describe('/matching', () => {
  it('asks a logged-out visitor to log in', async () => {
    const { el } = await renderAt('/matching');
    await find(el, '[data-testid="trades-logged-out"]');
    expect(el.querySelector('a[href="/login"]')).not.toBeNull();
  });

  it('shows the kept answer offline, two-way first, with both sides and the actions', async () => {
    await signIn(false);
    await db.matches.put({
      key: `${ME}:`,
      userId: ME,
      card: '',
      fetchedAt: Date.now() - 5 * 60_000,
      fans: [
        fan({ fan: OTHER, theyHave: [card(3)], theyHaveCount: 1 }),
        fan({
          fan: YOU,
          theyHave: [card(1), card(2)],
          theyHaveCount: 25,
          theyWant: [card(4)],
          theyWantCount: 1,
          twoWay: true,
        }),
      ],
    });
    const { el, router } = await renderAt('/matching');
    await waitFor(() => expect(el.querySelectorAll('[data-testid="match"]')).toHaveLength(2), {
      timeout: 15_000,
    });
    expect(routes.refreshMatches).not.toHaveBeenCalled();
    const note = await find(el, '[data-testid="matching-freshness"]');
    expect(note.dataset['stale']).toBe('true');
    expect(note.textContent).toContain('오프라인이에요');
    expect(note.textContent).toContain('마지막 업데이트 5분 전');

    const [first, second] = [...el.querySelectorAll<HTMLElement>('[data-testid="match"]')];
    expect(first!.dataset['fanId']).toBe(YOU);
    expect(first!.querySelector('[data-testid="match-two-way"]')?.textContent).toBe('양방향 매칭');
    expect(second!.querySelector('[data-testid="match-two-way"]')).toBeNull();
    expect(first!.querySelector('[data-testid="match-have-count"]')?.textContent).toBe('25장');
    expect(first!.textContent).toContain('그분이 가진 카드');
    expect(first!.textContent).toContain('그분이 원하는 카드');
    expect(first!.textContent).toContain('외 23장');
    // a one-way match shows only its side
    expect(second!.textContent).not.toContain('그분이 원하는 카드');
    // trust is the route's: not asked offline
    expect(first!.querySelector('[data-testid="fan-trust"]')).toBeNull();

    const propose = first!.querySelector<HTMLAnchorElement>('[data-testid="match-propose"]')!;
    const url = new URL(propose.href, 'http://x');
    expect(url.pathname).toBe('/trades/new');
    expect(url.searchParams.get('to')).toBe(YOU);
    expect(url.searchParams.get('give')).toBe(card(4));
    expect(url.searchParams.get('get')).toBe(`${card(1)},${card(2)}`);

    await click(first!.querySelector<HTMLElement>('[data-testid="match-chat"]')!);
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/chatting\/[a-z0-9]{15}$/),
    );
    const conversation = await db.conversations.toArray();
    expect(conversation).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/chatting/${conversation[0]!.id}`);
  });

  it('asks again online and says when that failed', async () => {
    await signIn(true);
    await db.matches.put({
      key: `${ME}:`,
      userId: ME,
      card: '',
      fetchedAt: Date.now(),
      fans: [fan({ theyHave: [card(1)], theyHaveCount: 1 })],
    });
    routes.refreshMatches.mockRejectedValueOnce(new Error('500'));
    const { el } = await renderAt('/matching');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="matching-freshness"]')?.textContent).toContain(
        '새로 불러오지 못했어요',
      ),
    );
    expect(routes.refreshMatches).toHaveBeenCalledWith('');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="fan-trust"]')?.textContent).toContain('거래 완료 4회'),
    );
    expect(routes.fetchFanTrust).toHaveBeenCalledWith(YOU);
    routes.refreshMatches.mockResolvedValueOnce(null);
    await click(await findByText(el, '새로고침'));
    await waitFor(() =>
      expect(
        el.querySelector<HTMLElement>('[data-testid="matching-freshness"]')?.dataset['stale'],
      ).toBe('false'),
    );
    expect(routes.refreshMatches).toHaveBeenCalledTimes(2);
  });

  it('limits to one card with ?card= and says which', async () => {
    await signIn(true);
    routes.refreshMatches.mockImplementation(async (c: string) => {
      await db.matches.put({
        key: `${ME}:${c}`,
        userId: ME,
        card: c,
        fetchedAt: Date.now(),
        fans: [fan({ theyHave: [card(5)], theyHaveCount: 1 })],
      });
      return null;
    });
    const { el } = await renderAt(`/matching?card=${card(5)}`);
    const filter = await find(el, '[data-testid="matching-card-filter"]');
    await waitFor(() => expect(filter.textContent).toContain('원빈 카드5'));
    expect(routes.refreshMatches).toHaveBeenCalledWith(card(5));
    const match = await find(el, '[data-testid="match"]');
    expect(match.querySelector(`[data-card-id="${card(5)}"]`)).not.toBeNull();
    const propose = match.querySelector<HTMLAnchorElement>('[data-testid="match-propose"]')!;
    expect(new URL(propose.href, 'http://x').searchParams.get('card')).toBe(card(5));
    expect(filter.querySelector('[data-testid="matching-clear-card"]')?.getAttribute('href')).toBe(
      '/matching',
    );
  });

  it('points to the lists and the books when there are no lists yet', async () => {
    await signIn(true);
    routes.refreshMatches.mockImplementation(async () => {
      await db.matches.put({
        key: `${ME}:`,
        userId: ME,
        card: '',
        fetchedAt: Date.now(),
        fans: [],
      });
      return null;
    });
    const { el } = await renderAt('/matching');
    await find(el, '[data-testid="matching-to-trade-list"]');
    expect(el.querySelector('[data-testid="matching-to-trade-list"]')?.getAttribute('href')).toBe(
      '/tradeList',
    );
    expect(el.querySelector('[data-testid="matching-to-books"]')?.getAttribute('href')).toBe(
      '/profile',
    );

    // with a list, the empty answer says no fan matches yet
    await db.tradeItems.put({
      id: 'itemaaaaaaaaaaa',
      created: T0,
      updated: T0,
      user: ME,
      photoCard: card(1),
      kind: 'want',
      spare: 0,
      book: '',
    });
    await waitFor(() => expect(el.textContent).toContain('아직 맞는 팬이 없어요'));
  });

  it('says so offline when nothing was kept', async () => {
    await signIn(false);
    const { el } = await renderAt('/matching');
    const notice = await find(el, '[data-testid="matching-no-answer"]');
    expect(notice.textContent).toContain('오프라인이라 매칭을 찾을 수 없어요');
  });
});
