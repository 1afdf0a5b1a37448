/// <reference types="vite/client" />
// The actions panel after a scan (features/trade-qr/components/encounter-actions.tsx) over the local
// store (fake-indexeddb): the match's cards each way, 만난 팬 저장 storing the encounter (with
// today's event picked) and turning into 저장됨, 교환 제안 보내기 queueing a proposal with the
// match's cards preselected and saying, offline, that it goes when online, 메시지 보내기 queueing a
// conversation and its message, and each refusal's Korean message shown in the panel.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/data/db/index.ts';
import { KINDS as chatKinds } from '@/domains/chat/names.ts';
import { KINDS as encountersKinds } from '@/domains/encounters/names.ts';
import { KINDS as tradesKinds } from '@/domains/trades/names.ts';
import type { MeetUp } from '@/data/pb/records.ts';
import { localToday } from '@/lib/meetup-dates.ts';
import { appStore, Provider } from '@/state/store';
import { toast, Toaster } from '@/components/ui/toaster';
import { EncounterActions } from '@/features/trade-qr/components/encounter-actions';
import type { ScanMatch } from '@/features/trade-qr/match';
import {
  card,
  click,
  find,
  findByText,
  ME,
  resetStore,
  setUpDom,
  signIn,
  T0,
  YOU,
} from './trade-screen-fixtures';
import { waitFor } from '../helpers/wait.ts';

const today = `${localToday()} 00:00:00.000Z`;
const meetUp = (id: string, eventTitle: string, day: string): MeetUp =>
  ({
    id,
    eventTitle,
    startDate: day,
    endDate: day,
    date: '',
    created: T0,
    updated: T0,
  }) as MeetUp;

const MATCH: ScanMatch = {
  fan: { id: YOU, name: '하니팬' },
  theyHave: [card(5), card(6)],
  theyWant: [card(3)],
};

let root: Root | undefined;
let el: HTMLElement;

beforeAll(() => {
  setUpDom();
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
});

beforeEach(async () => {
  await resetStore();
  await db.encounters.clear();
  await db.meetUps.clear();
  await db.meetUps.bulkPut([
    meetUp('meettodayaaaaaa', '오늘의 생일 카페', today),
    meetUp('meetoldaaaaaaaa', '지난 카페', '2020-01-01 00:00:00.000Z'),
  ]);
});

afterEach(() => {
  act(() => {
    toast.remove();
    root?.unmount();
  });
  el?.remove();
});

async function renderPanel(online: boolean, match: ScanMatch = MATCH) {
  await signIn(online);
  el = document.createElement('div');
  document.body.append(el);
  const r = createRoot(el);
  root = r;
  await act(async () => {
    r.render(
      <Provider store={appStore}>
        <Toaster />
        <EncounterActions match={match} />
      </Provider>,
    );
  });
  // the tiles name their cards once the catalogue's copies are read (no image file in this store)
  await find(el, '[data-testid="encounter-they-have"] [role="img"][aria-label*="원빈"]');
}

const rows = () => db.outbox.orderBy('seq').toArray();

describe('EncounterActions', () => {
  it('shows the cards each way and saves the encounter with today’s event, then 저장됨', async () => {
    await renderPanel(true);
    const have = [...el.querySelectorAll('[data-testid="encounter-they-have"] [data-card-id]')];
    expect(have.map((n) => n.getAttribute('data-card-id'))).toEqual([card(5), card(6)]);
    const tiles = [...el.querySelectorAll('[data-card-id] [role="img"]')];
    expect(tiles.map((n) => n.getAttribute('aria-label'))).toEqual([
      'RIIZE 원빈 카드5 포토카드',
      'RIIZE 원빈 카드6 포토카드',
      'RIIZE 원빈 카드3 포토카드',
    ]);
    const select = await find<HTMLSelectElement>(el, '[data-testid="encounter-event"]');
    // only today's event is offered, and none is picked
    expect([...select.options].map((o) => o.textContent)).toEqual([
      '선택 안 함',
      '오늘의 생일 카페',
    ]);
    expect(select.value).toBe('');
    await act(async () => {
      select.value = 'meettodayaaaaaa';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await click(await findByText(el, '만난 팬 저장'));
    expect((await find(el, '[data-testid="encounter-saved"]')).textContent).toBe('저장됨');
    const [saved] = await db.encounters.toArray();
    expect(saved).toMatchObject({
      user: ME,
      fan: YOU,
      fanName: '하니팬',
      meetup: 'meettodayaaaaaa',
      theyHave: [card(5), card(6)],
      theyWant: [card(3)],
    });
    expect((await rows()).map((r) => r.kind)).toEqual([encountersKinds.encounterCreate]);
    await findByText(document.body, '만난 팬으로 저장했어요.', 'div');
  });

  it('offline: queues a proposal with the match’s cards preselected and says it goes when online', async () => {
    await renderPanel(false);
    await click(await findByText(el, '교환 제안 보내기'));
    const form = await find(el, '[data-testid="encounter-proposal"]');
    const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => [b.dataset.cardId, b.checked])).toEqual([
      [card(3), true],
      [card(5), true],
      [card(6), true],
    ]);
    await click(boxes[2]!); // not card 6
    await act(async () => {
      const area = form.querySelector('textarea')!;
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      set.call(area, '카페에서 만났어요');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(await findByText(form, '보내기'));
    await findByText(document.body, '교환 제안을 저장했어요. 인터넷에 연결되면 보내져요.', 'div');
    const [row] = await rows();
    expect(row?.kind).toBe(tradesKinds.tradeCreate);
    expect(row?.payload).toMatchObject({
      proposer: ME,
      receiver: YOU,
      give: [card(3)],
      get: [card(5)],
      message: '카페에서 만났어요',
    });
    expect(el.querySelector('[data-testid="encounter-proposal"]')).toBeNull();
  });

  it('queues a conversation and its message', async () => {
    await renderPanel(false);
    await click(await findByText(el, '메시지 보내기'));
    const form = await find(el, '[data-testid="encounter-message"]');
    await act(async () => {
      const area = form.querySelector('textarea')!;
      const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      set.call(area, '안녕하세요, 아까 스캔했어요');
      area.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(await findByText(form, '보내기'));
    await findByText(document.body, '메시지를 저장했어요. 인터넷에 연결되면 보내져요.', 'div');
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual([
      chatKinds.conversationCreate,
      chatKinds.messageCreate,
    ]);
    expect(queued[1]?.payload).toMatchObject({ sender: ME, text: '안녕하세요, 아까 스캔했어요' });
  });

  it('shows each refusal in Korean and queues nothing', async () => {
    // a blocked fan: the proposal and the message are refused; saving the encounter is not
    await db.blocks.put({
      id: 'blockaaaaaaaaaa',
      user: ME,
      blocked: YOU,
      created: T0,
      updated: T0,
    });
    await renderPanel(true);
    await click(await findByText(el, '교환 제안 보내기'));
    await click(await findByText(await find(el, '[data-testid="encounter-proposal"]'), '보내기'));
    const error = await find(el, '[data-testid="encounter-error"]');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toBe('차단한 사용자예요. 차단을 해제한 뒤 다시 시도해주세요.');
    await click(await findByText(el, '메시지 보내기'));
    await click(await findByText(await find(el, '[data-testid="encounter-message"]'), '보내기'));
    await waitFor(() =>
      expect(el.querySelector('[data-testid="encounter-error"]')?.textContent).toBe(
        '메시지를 입력하거나 사진을 골라주세요.',
      ),
    );
    expect(await db.outbox.count()).toBe(0);
    await click(await findByText(el, '만난 팬 저장'));
    await find(el, '[data-testid="encounter-saved"]');
  });

  it('refuses saving yourself with the server’s words', async () => {
    await renderPanel(true, { ...MATCH, fan: { id: ME, name: '나' } });
    await click(await findByText(el, '만난 팬 저장'));
    expect((await find(el, '[data-testid="encounter-error"]')).textContent).toBe(
      '나 자신은 만난 팬으로 저장할 수 없어요.',
    );
    expect(await db.encounters.count()).toBe(0);
  });
});
