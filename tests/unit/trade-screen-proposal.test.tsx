/// <reference types="vite/client" />
// /trades/new over the local store: the picks it starts with (from the address, the card it is
// about), the other fan's public have list offered, a card on one side only, the message counter,
// 제안하기 queueing the proposal (or a counter-proposal) and opening it, and the write API's refusal
// shown in Korean under the form.
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/data/db/index.ts';
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
  trade,
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
  for (const r of Object.values(routes)) r.mockReset();
  routes.fetchFanTrust.mockResolvedValue({
    tradesCompleted: 2,
    reviews: [],
    have: [card(5), card(6)],
    want: [card(3)],
  });
  await db.tradeItems.bulkPut([
    {
      id: 'itemhaveaaaaaaa',
      created: T0,
      updated: T0,
      user: ME,
      photoCard: card(3),
      kind: 'have',
      spare: 1,
      book: '',
    },
    {
      id: 'itemwantaaaaaaa',
      created: T0,
      updated: T0,
      user: ME,
      photoCard: card(6),
      kind: 'want',
      spare: 0,
      book: '',
    },
  ]);
});

afterEach(cleanUp);

const picked = (el: ParentNode, side: 'give' | 'get') =>
  [...el.querySelectorAll<HTMLElement>(`[data-testid="picker-${side}-picked"] [data-card-id]`)].map(
    (x) => x.dataset['cardId'],
  );

function type(field: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('/trades/new', () => {
  it('asks for the fan when the address names none', async () => {
    await signIn();
    const { el } = await renderAt('/trades/new');
    await find(el, '[data-testid="proposal-no-fan"]');
    expect(el.querySelector('a[href="/matching"]')).not.toBeNull();
  });

  it('starts from the address, offers both lists and proposes', async () => {
    await signIn();
    const { el, router } = await renderAt(`/trades/new?to=${YOU}&give=${card(1)}&card=${card(2)}`);
    await find(el, '[data-testid="proposal-form"]');
    await waitFor(() =>
      expect(el.querySelector('[data-testid="proposal-to"]')?.textContent).toContain(
        '거래 완료 2회',
      ),
    );
    await waitFor(() =>
      expect(
        el.querySelector('[data-testid="proposal-to"] [data-testid="fan-name"]')?.textContent,
      ).toBe('you'),
    );
    expect(picked(el, 'give')).toEqual([card(1)]);
    // the card it is about is not on my have list: it is one to get
    expect(picked(el, 'get')).toEqual([card(2)]);

    // my have list on the give side, marked where the other fan wants it
    const give = await find(el, '[data-testid="picker-give-suggestions"]');
    expect(give.textContent).toContain('상대방이 원해요');
    // their public have list on the get side, what I want first and marked
    const get = await find(el, '[data-testid="picker-get-suggestions"]');
    const offered = [...get.querySelectorAll<HTMLElement>('button[data-card-id]')];
    expect(offered.map((b) => b.dataset['cardId'])).toEqual([card(6), card(5)]);
    expect(offered[0]!.textContent).toContain('내가 구해요');

    await click(give.querySelector<HTMLElement>(`button[data-card-id="${card(3)}"]`)!);
    await click(offered[1]!);
    expect(picked(el, 'give')).toEqual([card(1), card(3)]);
    expect(picked(el, 'get')).toEqual([card(2), card(5)]);
    expect(el.querySelector('[data-testid="picker-give-count"]')?.textContent).toBe('2/20장');
    // a card picked on one side can't be picked on the other
    await click(el.querySelector<HTMLElement>('[data-testid="picker-get-picked"] button')!);
    expect(picked(el, 'get')).toEqual([card(5)]);

    const message = el.querySelector<HTMLTextAreaElement>(
      '[data-testid="proposal-message-textarea"]',
    )!;
    type(message, '  주말에 만나서 교환해요  ');
    expect(el.querySelector('[data-testid="proposal-message-counter"]')?.textContent).toContain(
      '/300',
    );
    await click(el.querySelector<HTMLElement>('[data-testid="proposal-submit"]')!);

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/trades\/[a-z0-9]{15}$/));
    const [stored] = await db.trades.toArray();
    expect(stored).toMatchObject({
      proposer: ME,
      receiver: YOU,
      give: [card(1), card(3)],
      get: [card(5)],
      message: '주말에 만나서 교환해요',
      status: 'proposed',
    });
    expect(router.state.location.pathname).toBe(`/trades/${stored!.id}`);
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual(['trade.create']);
  });

  it('says the server rule in Korean when the write API refuses', async () => {
    await signIn();
    await db.blocks.put({
      id: 'blockaaaaaaaaaa',
      created: T0,
      updated: T0,
      user: ME,
      blocked: YOU,
    });
    const { el } = await renderAt(`/trades/new?to=${YOU}&get=${card(5)}`);
    await click(await find(el, '[data-testid="proposal-submit"]'));
    const error = await find(el, '[data-testid="proposal-error"]');
    expect(error.textContent).toBe('차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.');
    expect(await db.trades.count()).toBe(0);
  });

  it('keeps the message to 300 characters', async () => {
    await signIn();
    const { el } = await renderAt(`/trades/new?to=${YOU}&get=${card(5)}`);
    const message = await find<HTMLTextAreaElement>(
      el,
      '[data-testid="proposal-message-textarea"]',
    );
    type(message, '가'.repeat(301));
    expect(el.querySelector('[data-testid="proposal-message-error"]')?.textContent).toBe(
      '제안 메시지는 300자까지 쓸 수 있어요.',
    );
    expect(el.querySelector<HTMLButtonElement>('[data-testid="proposal-submit"]')?.disabled).toBe(
      true,
    );
  });

  it('counters a proposal I received, the sides as given, and marks it countered', async () => {
    await signIn();
    await db.trades.put(trade('tradeoldaaaaaaa'));
    const { el, router } = await renderAt(
      `/trades/new?to=${YOU}&counterOf=tradeoldaaaaaaa&give=${card(2)}&get=${card(1)},${card(5)}`,
    );
    expect(el.querySelector('h1')?.textContent).toBe('역제안');
    await find(el, '[data-testid="proposal-form"]');
    expect(el.textContent).toContain('받은 제안에 역제안해요');
    await click(await findByText(el, '제안하기'));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/trades/new'));
    const counter = (await db.trades.toArray()).find((t) => t.id !== 'tradeoldaaaaaaa');
    expect(counter).toMatchObject({
      proposer: ME,
      receiver: YOU,
      give: [card(2)],
      get: [card(1), card(5)],
      counterOf: 'tradeoldaaaaaaa',
    });
    expect((await db.trades.get('tradeoldaaaaaaa'))?.status).toBe('countered');
  });
});
