/// <reference types="vite/client" />
// /trades and /trades/$id over the local store: the five groups; the actions the transitions table
// allows each side (accept, decline and counter for the receiver, edit and cancel for the
// proposer, 완료 and cancel once accepted), with their confirm dialogs; a completed trade's
// tidy-up of books, posts and lists, and its reviews; the profile's trust section and menu.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/data/db/index.ts';
import {
  answerConfirm,
  card,
  cleanUp,
  click,
  find,
  findByText,
  GROUP,
  ME,
  renderAt,
  resetStore,
  setUpDom,
  signIn,
  T0,
  trade,
  unmount,
  YOU,
} from './trade-screen-fixtures';
import { waitFor } from '../helpers/wait.ts';

const routes = vi.hoisted(() => ({
  refreshMatches: vi.fn(),
  fetchFanTrust: vi.fn(),
  fetchCardTraders: vi.fn(),
}));
vi.mock('@/domains/trades/routes', () => routes);

beforeAll(setUpDom);

beforeEach(async () => {
  await resetStore();
  localStorage.clear();
  for (const r of Object.values(routes)) r.mockReset();
  routes.fetchFanTrust.mockResolvedValue({ tradesCompleted: 0, reviews: [], have: [], want: [] });
});

afterEach(cleanUp);

const outboxKinds = async () => (await db.outbox.toArray()).map((r) => r.kind);

describe('/trades', () => {
  it('groups my proposals by state, from my side', async () => {
    await signIn(false);
    await db.trades.bulkPut([
      trade('tradeinaaaaaaaa'),
      trade('tradeoutaaaaaaa', { proposer: ME, receiver: YOU }),
      trade('tradeaccaaaaaaa', { status: 'accepted', proposerDone: true }),
      trade('tradedonaaaaaaa', { status: 'completed' }),
      trade('tradedecaaaaaaa', { status: 'declined' }),
      trade('tradecanaaaaaaa', { status: 'cancelled', proposer: ME, receiver: YOU }),
    ]);
    const { el } = await renderAt('/trades');
    await find(el, '[data-testid="trades-incoming"]');
    const ids = (group: string) =>
      [
        ...el.querySelectorAll<HTMLElement>(
          `[data-testid="trades-${group}"] [data-testid="trade-row"]`,
        ),
      ].map((r) => r.dataset['tradeId']);
    expect(ids('incoming')).toEqual(['tradeinaaaaaaaa']);
    expect(ids('outgoing')).toEqual(['tradeoutaaaaaaa']);
    expect(ids('active')).toEqual(['tradeaccaaaaaaa']);
    expect(ids('completed')).toEqual(['tradedonaaaaaaa']);
    expect(ids('closed').sort()).toEqual(['tradecanaaaaaaa', 'tradedecaaaaaaa']);
    expect(el.querySelector('[data-testid="trades-count-closed"]')?.textContent).toBe('종료2');
    const incoming = el.querySelector<HTMLAnchorElement>('[data-trade-id="tradeinaaaaaaaa"]')!;
    expect(incoming.getAttribute('href')).toBe('/trades/tradeinaaaaaaaa');
    // the receiver gives what the proposer gets
    expect(incoming.querySelector(`[data-side="give"] [data-card-id="${card(2)}"]`)).not.toBeNull();
    expect(incoming.querySelector(`[data-side="get"] [data-card-id="${card(1)}"]`)).not.toBeNull();
    expect(incoming.querySelector('[data-testid="trade-status"]')?.textContent).toBe('제안됨');
    expect(el.querySelector('[data-trade-id="tradeaccaaaaaaa"]')?.textContent).toContain(
      '내 완료 표시를 기다려요',
    );
  });

  it('points to matching when there is nothing yet', async () => {
    await signIn(false);
    const { el } = await renderAt('/trades');
    const empty = await find(el, '[data-testid="card-grid-empty"]');
    expect(empty.querySelector('a')?.getAttribute('href')).toBe('/matching');
  });
});

describe('/trades/$id', () => {
  it('lets the receiver accept, and offers the counter with the sides swapped', async () => {
    await signIn(false);
    await db.trades.put(trade('tradeinaaaaaaaa', { give: [card(1)], get: [card(2), card(3)] }));
    const { el } = await renderAt('/trades/tradeinaaaaaaaa');
    const counter = await find<HTMLAnchorElement>(el, '[data-testid="trade-counter"]');
    const url = new URL(counter.href, 'http://x');
    expect(url.pathname).toBe('/trades/new');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      to: YOU,
      counterOf: 'tradeinaaaaaaaa',
      give: `${card(2)},${card(3)}`,
      get: card(1),
    });
    expect(el.querySelector('[data-testid="trade-edit"]')).toBeNull();
    expect(el.querySelector('[data-testid="trade-message"]')?.textContent).toBe('안녕하세요');
    await click(await find(el, '[data-testid="trade-accept"]'));
    await waitFor(async () =>
      expect((await db.trades.get('tradeinaaaaaaaa'))?.status).toBe('accepted'),
    );
    expect(await outboxKinds()).toEqual(['trade.update']);
    // accepted: the shipping step; 완료 comes once the cards arrived (받았어요, asked first)
    await find(el, '[data-testid="trade-shipping"]');
    expect(el.querySelector('[data-testid="trade-done"]')).toBeNull();
    await click(await find(el, '[data-testid="trade-received"]'));
    await answerConfirm('카드를 받았어요');
    await find(el, '[data-testid="shipping-received-mine"]');
    expect((await db.trades.get('tradeinaaaaaaaa'))?.receiverReceived).toBe(true);
    // then either side marks 완료 (asked first) or cancels
    await click(await find(el, '[data-testid="trade-done"]'));
    await answerConfirm('거래 완료 표시');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="trade-done-note"]')?.textContent).toBe(
        '상대방 완료 대기 중',
      ),
    );
    expect((await db.trades.get('tradeinaaaaaaaa'))?.receiverDone).toBe(true);
    expect(el.querySelector('[data-testid="trade-done"]')).toBeNull();
    expect(el.querySelector('[data-testid="trade-cancel"]')).not.toBeNull();
  });

  it('asks before declining, and a no keeps the proposal', async () => {
    await signIn(false);
    await db.trades.put(trade('tradeinaaaaaaaa'));
    const { el } = await renderAt('/trades/tradeinaaaaaaaa');
    await click(await find(el, '[data-testid="trade-decline"]'));
    await answerConfirm('아니요');
    expect((await db.trades.get('tradeinaaaaaaaa'))?.status).toBe('proposed');
    await click(await find(el, '[data-testid="trade-decline"]'));
    await answerConfirm('거절');
    await waitFor(async () =>
      expect((await db.trades.get('tradeinaaaaaaaa'))?.status).toBe('declined'),
    );
    await waitFor(() => expect(el.textContent).toContain('끝난 거래예요'));
    expect(el.querySelector('[data-testid="trade-accept"]')).toBeNull();
  });

  it('lets the proposer edit and cancel', async () => {
    await signIn(false);
    await db.trades.put(trade('tradeoutaaaaaaa', { proposer: ME, receiver: YOU }));
    const { el } = await renderAt('/trades/tradeoutaaaaaaa');
    expect(el.querySelector('[data-testid="trade-accept"]')).toBeNull();
    await click(await find(el, '[data-testid="trade-edit"]'));
    const form = await find(el, '[data-testid="proposal-form"]');
    // drop the card I get, then save
    await click(form.querySelector<HTMLElement>('[data-testid="picker-get-picked"] button')!);
    await click(await findByText(form, '수정 저장'));
    await waitFor(async () => expect((await db.trades.get('tradeoutaaaaaaa'))?.get).toEqual([]));
    await click(await find(el, '[data-testid="trade-cancel"]'));
    await answerConfirm('취소');
    await waitFor(async () =>
      expect((await db.trades.get('tradeoutaaaaaaa'))?.status).toBe('cancelled'),
    );
  });

  it('shows where a counter-proposal came from, and a missing trade', async () => {
    await signIn(false);
    await db.trades.bulkPut([
      trade('tradeoldaaaaaaa', { status: 'countered' }),
      trade('tradenewaaaaaaa', { proposer: ME, receiver: YOU, counterOf: 'tradeoldaaaaaaa' }),
    ]);
    const { el } = await renderAt('/trades/tradeoldaaaaaaa');
    const next = await find(el, '[data-testid="trade-next"]');
    expect(next.getAttribute('href')).toBe('/trades/tradenewaaaaaaa');
    unmount();
    const again = await renderAt('/trades/tradenewaaaaaaa');
    expect((await find(again.el, '[data-testid="trade-previous"]')).getAttribute('href')).toBe(
      '/trades/tradeoldaaaaaaa',
    );
    unmount();
    const missing = await renderAt('/trades/tradenoneaaaaaa');
    await find(missing.el, '[data-testid="trade-missing"]');
  });

  it('offers the tidy-up once completed, applies what is kept, then the review', async () => {
    await signIn(false);
    // I receive card 1 (on my want list, a post of mine), I give card 2 (my only copy)
    await db.trades.put(
      trade('tradedonaaaaaaa', { status: 'completed', proposerDone: true, receiverDone: true }),
    );
    await db.collectBook.put({
      id: 'bookaaaaaaaaaaa',
      created: T0,
      updated: T0,
      users: ME,
      title: '내 콜북',
      group: GROUP,
      thumbNail: '',
      cardInfo: [card(2), card(9)],
    });
    await db.exchangeList.put({
      id: 'postaaaaaaaaaaa',
      created: T0,
      updated: T0,
      writer: ME,
      photoCard: card(1),
      description: '구해요',
      status: '교환대기중',
      chatContent: '',
    });
    await db.tradeItems.put({
      id: 'itemwantaaaaaaa',
      created: T0,
      updated: T0,
      user: ME,
      photoCard: card(1),
      kind: 'want',
      spare: 0,
      book: '',
    });
    await db.reviews.put({
      id: 'reviewyouaaaaaa',
      created: T0,
      updated: T0,
      trade: 'tradedonaaaaaaa',
      author: YOU,
      subject: ME,
      rating: 'good',
      text: '친절해요',
    });

    const { el } = await renderAt('/trades/tradedonaaaaaaa');
    const dialog = await find(document, '[data-testid="completion-dialog"][open]');
    const items = () => [
      ...dialog.querySelectorAll<HTMLElement>('[data-testid="completion-item"]'),
    ];
    await waitFor(() =>
      expect(items().map((i) => i.dataset['kind'])).toEqual(['tick', 'untick', 'post', 'unwant']),
    );
    expect(items()[0]!.textContent).toContain("'내 콜북'에 체크");
    // keep the list as it is
    await click(items()[3]!.querySelector('input')!);
    await click(await find(dialog, '[data-testid="completion-apply"]'));
    await waitFor(async () =>
      expect((await db.collectBook.get('bookaaaaaaaaaaa'))?.cardInfo.sort()).toEqual(
        [card(1), card(9)].sort(),
      ),
    );
    expect((await db.exchangeList.get('postaaaaaaaaaaa'))?.status).toBe('교환완료');
    expect(await db.tradeItems.count()).toBe(1);
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));

    // the other side's review shows; mine is a form
    expect((await find(el, '[data-testid="review-theirs"]')).textContent).toContain('친절해요');
    const form = await find(el, '[data-testid="review-form"]');
    await click(await findByText(form, '후기 남기기'));
    expect(form.textContent).toContain('좋았어요 또는 아쉬워요를 골라 주세요');
    await click(form.querySelector<HTMLElement>('input[value="good"]')!);
    await click(await findByText(form, '후기 남기기'));
    const mine = await find(el, '[data-testid="review-mine"]');
    expect(mine.textContent).toContain('좋았어요');
    expect(await db.reviews.where({ trade: 'tradedonaaaaaaa', author: ME }).count()).toBe(1);
    expect(el.querySelector('[data-testid="review-form"]')).toBeNull();

    // the dialog does not offer itself again on this device
    unmount();
    const again = await renderAt('/trades/tradedonaaaaaaa');
    await find(again.el, '[data-testid="trade-tidy"]');
    expect(document.querySelector('[data-testid="completion-dialog"][open]')).toBeNull();
  });
});

describe('/profile', () => {
  it('shows completed trades, the latest reviews and the trade menu', async () => {
    await signIn(true);
    routes.fetchFanTrust.mockResolvedValue({
      tradesCompleted: 7,
      reviews: [{ id: 'r1', author: YOU, rating: 'bad', text: '늦었어요', created: T0 }],
      have: [],
      want: [],
    });
    const { el } = await renderAt('/profile');
    const trust = await find(el, '[data-testid="profile-trust"]');
    await waitFor(() =>
      expect(trust.querySelector('[data-testid="profile-trades-completed"]')?.textContent).toBe(
        '7',
      ),
    );
    expect(routes.fetchFanTrust).toHaveBeenCalledWith(ME);
    await waitFor(() => expect(trust.textContent).toContain('you님'));
    expect(trust.textContent).toContain('아쉬워요');
    expect(trust.textContent).toContain('늦었어요');
    const menu = el.querySelector('[data-testid="profile-trade-menu"]')!;
    expect([...menu.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/tradeList',
      '/tradeQr',
      '/matching',
      '/trades',
      '/chatting',
    ]);
  });
});
