/// <reference types="vite/client" />
// /encounters (만난 팬) over the local store, in the real route tree: newest first with the fan's
// name, the event and the cards each way; 교환 제안 with those cards in its address; the note
// edited in place (a refusal said in Korean); delete with its confirm; a logged-out visitor asked
// to log in.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { db } from '@/data/db/index.ts';
import { KINDS } from '@/domains/encounters/names.ts';
import type { Encounter, MeetUp } from '@/data/pb/records.ts';
import {
  answerConfirm,
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

const encounter = (id: string, over: Partial<Encounter>): Encounter => ({
  id,
  user: ME,
  fan: YOU,
  fanName: '하니팬',
  meetup: '',
  theyHave: [],
  theyWant: [],
  note: '',
  metAt: T0,
  created: T0,
  updated: T0,
  ...over,
});

beforeAll(setUpDom);

beforeEach(async () => {
  await resetStore();
  await db.encounters.clear();
  await db.meetUps.clear();
  await db.meetUps.put({
    id: 'meetaaaaaaaaaaa',
    eventTitle: '생일 카페',
    created: T0,
    updated: T0,
  } as MeetUp);
  await db.encounters.bulkPut([
    encounter('encoldaaaaaaaaa', { fanName: '지난팬', metAt: '2026-11-01 10:00:00.000Z' }),
    encounter('encnewaaaaaaaaa', {
      fanName: '하니팬',
      meetup: 'meetaaaaaaaaaaa',
      theyHave: [card(5), card(6)],
      theyWant: [card(3)],
      note: '교환 약속',
      metAt: '2026-11-20 10:00:00.000Z',
    }),
    encounter('encotheraaaaaaa', { user: YOU, fan: ME, fanName: '남의 기록' }),
  ]);
});

afterEach(cleanUp);

const rows = (el: HTMLElement) => [
  ...el.querySelectorAll<HTMLElement>('[data-testid="encounter-row"]'),
];

describe('/encounters', () => {
  it('names a fan whose profile is not on the device by the name the server stored', async () => {
    await db.users.delete(YOU);
    await signIn();
    const { el } = await renderAt('/encounters');
    await waitFor(() => expect(rows(el)).toHaveLength(2), { timeout: 10_000 });
    expect(rows(el).map((r) => r.querySelector('h2')?.textContent)).toEqual(['하니팬', '지난팬']);
  });

  it('lists my encounters newest first with the event, the cards each way and the note', async () => {
    await signIn();
    const { el } = await renderAt('/encounters');
    // the store's first read can take seconds while the e2e lane shares the cores
    await waitFor(() => expect(rows(el)).toHaveLength(2), { timeout: 10_000 });
    expect(rows(el).map((r) => r.dataset['encounterId'])).toEqual([
      'encnewaaaaaaaaa',
      'encoldaaaaaaaaa',
    ]);
    // the fan is named by their nickname now (their profile is on the device), not the stored one
    await waitFor(() =>
      expect(rows(el).map((r) => r.querySelector('h2')?.textContent)).toEqual(['you', 'you']),
    );
    const [first] = rows(el);
    await waitFor(() =>
      expect(first!.querySelector('[data-testid="encounter-event-name"]')?.textContent).toContain(
        '생일 카페에서',
      ),
    );
    const ids = (sel: string) =>
      [...first!.querySelectorAll(`[data-testid="${sel}"] [data-card-id]`)].map((n) =>
        n.getAttribute('data-card-id'),
      );
    expect(ids('encounter-row-they-have')).toEqual([card(5), card(6)]);
    expect(ids('encounter-row-they-want')).toEqual([card(3)]);
    expect(first!.querySelector('[data-testid="encounter-note"]')?.textContent).toContain(
      '교환 약속',
    );
    const href = first!.querySelector('[data-testid="encounter-propose"]')!.getAttribute('href')!;
    const search = new URL(href, 'http://x').searchParams;
    expect([search.get('to'), search.get('give'), search.get('get')]).toEqual([
      YOU,
      card(3),
      `${card(5)},${card(6)}`,
    ]);
  }, 30_000);

  it('names every card under its tile, offline too: never a blank tile', async () => {
    // offline: card 5's image is not on the device (it fails), card 99 never reached this device
    await db.photoCards.update(card(5), { cardImg: 'wonbin.webp', memberName: '원빈' });
    await db.photoCards.update(card(6), { memberName: '소희', groupName: 'RIIZE' });
    await db.encounters.update('encnewaaaaaaaaa', { theyWant: [card(3), 'card99aaaaaaaaa'] });
    await signIn(false);
    const { el } = await renderAt('/encounters');
    await waitFor(() => expect(rows(el)).toHaveLength(2), { timeout: 10_000 });
    const first = rows(el)[0]!;
    const tiles = (sel: string) => [
      ...first.querySelectorAll<HTMLElement>(`[data-testid="${sel}"] [data-card-id]`),
    ];
    await waitFor(() =>
      expect(
        tiles('encounter-row-they-have').map(
          (t) => t.querySelector('[data-testid="card-caption"]')?.textContent,
        ),
      ).toEqual(['원빈RIIZE', '소희RIIZE']),
    );
    // the image, while it may still come; a failed one leaves its frame, still named, and the caption
    const img = tiles('encounter-row-they-have')[0]!.querySelector('img')!;
    expect(img.getAttribute('alt')).toContain('원빈');
    await act(async () => {
      img.dispatchEvent(new Event('error'));
    });
    const frame = tiles('encounter-row-they-have')[0]!;
    expect(frame.querySelector('img')).toBeNull();
    expect(frame.querySelector('[role="img"]')?.getAttribute('aria-label')).toContain('원빈');
    expect(frame.querySelector('[data-testid="card-caption"]')?.textContent).toBe('원빈RIIZE');
    // a card not on the device says so in words
    expect(
      tiles('encounter-row-they-want').map(
        (t) => t.querySelector('[data-testid="card-caption"]')?.textContent,
      ),
    ).toEqual(['원빈RIIZE', '알 수 없는 카드']);
    for (const tile of [...tiles('encounter-row-they-have'), ...tiles('encounter-row-they-want')]) {
      expect(tile.querySelector('[data-testid="card-caption"]')?.textContent?.trim()).toBeTruthy();
    }
  });

  it('edits the note in place, says a refusal in Korean, and queues the change', async () => {
    await signIn();
    const { el } = await renderAt('/encounters');
    await waitFor(() => expect(rows(el)).toHaveLength(2));
    const first = rows(el)[0]!;
    await click(await findByText(first, '메모 수정'));
    const input = await find<HTMLTextAreaElement>(first, '[data-testid="encounter-note-input"]');
    expect(document.activeElement).toBe(input);
    const type = async (text: string) =>
      act(async () => {
        const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
        set.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    await type('이 시발');
    await click(await findByText(first, '메모 저장'));
    expect((await find(first, '[data-testid="encounter-row-error"]')).textContent).toBe(
      '비속어가 포함된 글은 작성할 수 없습니다.',
    );
    await type('다음 주 팬싸');
    await click(await findByText(first, '메모 저장'));
    await waitFor(() =>
      expect(first.querySelector('[data-testid="encounter-note"]')?.textContent).toContain(
        '다음 주 팬싸',
      ),
    );
    const queued = await db.outbox.toArray();
    expect(queued.map((r) => [r.kind, r.payload])).toEqual([
      [KINDS.encounterNote, { id: 'encnewaaaaaaaaa', note: '다음 주 팬싸' }],
    ]);
  });

  it('deletes after its confirm, and not before', async () => {
    await signIn();
    const { el } = await renderAt('/encounters');
    await waitFor(() => expect(rows(el)).toHaveLength(2));
    await click(await findByText(rows(el)[1]!, '삭제'));
    await answerConfirm('취소');
    expect(await db.encounters.get('encoldaaaaaaaaa')).toBeDefined();
    await click(await findByText(rows(el)[1]!, '삭제'));
    await answerConfirm('삭제');
    await waitFor(() => expect(rows(el)).toHaveLength(1));
    expect(await db.encounters.get('encoldaaaaaaaaa')).toBeUndefined();
    expect((await db.outbox.toArray()).map((r) => r.kind)).toEqual([KINDS.encounterDelete]);
  });

  it('asks a logged-out visitor to log in', async () => {
    const { el } = await renderAt('/encounters');
    await find(el, '[data-testid="encounters-logged-out"]');
    expect(el.querySelector('h1')?.textContent).toBe('만난 팬');
  });
});
