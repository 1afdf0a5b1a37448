/**
 * Data for the sync bench: 20 groups, 5,000 photo cards (each with a tiny real image, so records
 * carry file names as in production), 300 meetups, the fan account whose initial sync is
 * measured, and one fresh account per flush run (each with two empty collect books), all through
 * the batch API as the superuser.
 */
import type PocketBase from 'pocketbase';
import { batchCreate, prng, recordId, tinyPng } from '../lib/seed.ts';

export const PASSWORD = 'bench-password-1234';

export interface SyncSeedOptions {
  groups: number;
  cards: number;
  meetups: number;
  /** Accounts for the flush runs (one per run, so every run starts from nothing). */
  flushUsers: number;
  /** Attach a 70-byte PNG to every card's `cardImg` (records then carry a file name). */
  images: boolean;
}

export interface SeededUser {
  id: string;
  email: string;
}

export interface FlushUser extends SeededUser {
  /** Two empty collect books, in groups[0] and groups[1]. */
  books: { id: string; group: string }[];
}

export interface SyncSeed {
  groups: { id: string; name: string; cards: string[] }[];
  cards: string[];
  meetups: string[];
  fan: SeededUser;
  flushUsers: FlushUser[];
  batches: number;
  ms: number;
  /** Date.now() when the last write was confirmed. */
  finishedAt: number;
}

const GROUP_WORDS = [
  'STAR',
  'MOON',
  'NOVA',
  'LUNA',
  'AURA',
  'BLOOM',
  'WAVE',
  'ECHO',
  'PRISM',
  'SOL',
];
const MEMBERS = ['원빈', '소희', '은석', '성찬', '앤톤', '민지', '하니', '다니엘', '해린', '혜인'];
const LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'];
const DISTRICTS = [
  '마포구 연남동',
  '마포구 서교동',
  '성동구 성수동',
  '용산구 한남동',
  '강남구 신사동',
];

export async function seedSyncData(su: PocketBase, opts: SyncSeedOptions): Promise<SyncSeed> {
  const started = performance.now();
  const rand = prng(20251121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  let batches = 0;

  const groups = Array.from({ length: opts.groups }, (_, i) => ({
    id: recordId(),
    name: `${GROUP_WORDS[i % GROUP_WORDS.length]}${i >= GROUP_WORDS.length ? 'Z' : ''} ${String(i + 1).padStart(2, '0')}`,
    cards: [] as string[],
  }));
  batches += await batchCreate(
    su,
    'groups',
    groups.map((g) => ({ id: g.id, groupName: g.name })),
  );

  const cardRows: Record<string, unknown>[] = [];
  for (let i = 0; i < opts.cards; i++) {
    const g = groups[i % groups.length]!;
    const id = recordId();
    g.cards.push(id);
    const member = MEMBERS[((i + Math.floor(i / groups.length)) % 5) + (i % 2) * 5]!;
    const label = pick(LABELS);
    cardRows.push({
      id,
      group: g.id,
      groupName: g.name,
      memberName: member,
      title: `${g.name} ${2020 + (i % 6)} ${label} 포토카드 ${member} #${Math.floor(i / groups.length) + 1}`,
      label,
      likeCount: Math.floor(rand() * 60),
      ...(opts.images ? { cardImg: tinyPng(`card_${i}.png`) } : {}),
    });
  }
  batches += await batchCreate(su, 'photoCards', cardRows);

  const meetupRows: Record<string, unknown>[] = [];
  const meetups: string[] = [];
  for (let i = 0; i < opts.meetups; i++) {
    const g = groups[i % groups.length]!;
    const member = pick(MEMBERS);
    const day = 1 + (i % 28);
    const month = 1 + (Math.floor(i / 28) % 12);
    const start = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const id = recordId();
    meetups.push(id);
    meetupRows.push({
      id,
      eventTitle: `${member} 생일 카페 이벤트 #${i + 1}`,
      cafeName: `카페 ${pick(['오후', '구름', '달빛', '하루', '소담'])} ${i + 1}호점`,
      address: `서울특별시 ${pick(DISTRICTS)} ${10 + (i % 90)}길 ${1 + (i % 40)}`,
      date: `${start} ~ 3일간`,
      startDate: `${start} 00:00:00.000Z`,
      endDate: `${start} 23:59:59.000Z`,
      lat: 37.5 + rand() * 0.1,
      lng: 126.9 + rand() * 0.15,
      artistName: member,
      group: g.id,
      source: `https://x.com/cafe_event_${i + 1}/status/${1_800_000_000_000 + i}`,
      basicGift: '컵홀더, 포토카드 1종, 스티커',
      desertGift: '음료 2잔 이상 구매 시 엽서 세트',
      priorityGift: '선착순 50명 한정 포토카드 홀더',
      firstHashtag: `#${member}_생일_축하해`,
      secondHashtag: `#${g.name.replace(' ', '')}`,
    });
  }
  batches += await batchCreate(su, 'meetUps', meetupRows);

  const user = (tag: string) => ({
    id: recordId(),
    email: `${tag}@bench.local`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    verified: true,
    username: tag,
    name: `bench ${tag}`,
    role: 'user',
  });
  const fanRow = user('benchfan');
  const flushRows = Array.from({ length: opts.flushUsers }, (_, i) => user(`benchflush${i + 1}`));
  batches += await batchCreate(su, 'users', [fanRow, ...flushRows]);

  const flushUsers: FlushUser[] = flushRows.map((u) => ({
    id: u.id,
    email: u.email,
    books: [0, 1].map((k) => ({ id: recordId(), group: groups[k % groups.length]!.id })),
  }));
  batches += await batchCreate(
    su,
    'collectBook',
    flushUsers.flatMap((u) =>
      u.books.map((b, k) => ({
        id: b.id,
        users: u.id,
        title: `콜렉트북 ${k + 1}`,
        group: b.group,
        cardInfo: [],
      })),
    ),
  );

  return {
    groups,
    cards: cardRows.map((r) => r['id'] as string),
    meetups,
    fan: { id: fanRow.id, email: fanRow.email },
    flushUsers,
    batches,
    ms: performance.now() - started,
    finishedAt: Date.now(),
  };
}
