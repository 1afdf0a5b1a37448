/**
 * The rows of a real-size catalogue (by default 200,000 photo cards in 500 groups), generated from
 * a fixed PRNG seed: the same options give the same groups, members, releases, titles, ids and
 * file names on every build (only the timestamps move with the day of the build, "the last two
 * years" being counted from it).
 *
 * - Groups: a unique Latin `groupName` made of syllables that also spell its Korean name
 *   (`groupNameKo`, 'NOVARA' / '노바라'), 4–13 members each with a Korean stage name and its Latin
 *   spelling ('민지' / 'MINJI'), and 4–16 releases (mini, full and single albums, a fan meeting, a
 *   season's greetings) dated over the last two years.
 * - Cards per group are uneven, a bounded Zipf over the groups (weight ∝ 1 / (rank + 8)) shuffled
 *   over the ids: at 200,000 cards in 500 groups the biggest group has about 6,000 cards, a dozen
 *   have more than 2,000, and most have 100–400.
 * - A card: a member of its group, a release, a label (앨범 40%, 특전 25%, 팬싸 15%, 시즌그리팅 10%,
 *   기타 10%) and a title in the demo seed's style, `created` a few days to months after its release,
 *   `updated` the same or later (a fifth were touched again), `likeCount` 0 for most and a Zipf-ish
 *   count for the rest, and the name of its image file (`cardImg`).
 */
import { GROUPS } from '../../server/seed/groups.ts';
import { prng } from '../lib/seed.ts';

export interface GeneratedGroup {
  id: string;
  groupName: string;
  groupNameKo: string;
  logoImage: string;
  created: string;
  updated: string;
  members: { ko: string; latin: string }[];
  cards: number;
}

/** One card as the insert reads it (a JSON array, see CARD_COLUMNS). */
export type CardRow = [
  id: string,
  group: string,
  groupName: string,
  memberName: string,
  memberNameEn: string,
  title: string,
  label: string,
  likeCount: number,
  created: string,
  updated: string,
  cardImg: string,
];

/** Columns of a card row, in order. */
export const CARD_COLUMNS = [
  'id',
  'group',
  'groupName',
  'memberName',
  'memberNameEn',
  'title',
  'label',
  'likeCount',
  'created',
  'updated',
  'cardImg',
] as const;

/** Columns of a group row, in order (`members` and `cards` stay here). */
export const GROUP_COLUMNS = [
  'id',
  'groupName',
  'groupNameKo',
  'logoImage',
  'created',
  'updated',
] as const;

const SEED = 20260417;
const DAY_MS = 86_400_000;

/** Latin and Korean spellings of the syllables group names are made of. */
const GROUP_SYLLABLES: [string, string][] = [
  ['NO', '노'],
  ['VA', '바'],
  ['LU', '루'],
  ['NA', '나'],
  ['SE', '세'],
  ['RA', '라'],
  ['KAI', '카이'],
  ['MI', '미'],
  ['RE', '레'],
  ['SOL', '솔'],
  ['ON', '온'],
  ['DA', '다'],
  ['ZE', '제'],
  ['RO', '로'],
  ['HA', '하'],
  ['YU', '유'],
  ['TE', '테'],
  ['AR', '아르'],
  ['LI', '리'],
  ['VI', '비'],
  ['EL', '엘'],
  ['MO', '모'],
  ['KI', '키'],
  ['SU', '수'],
  ['JIN', '진'],
  ['AN', '안'],
  ['TA', '타'],
  ['XEN', '젠'],
  ['BLU', '블루'],
  ['NIX', '닉스'],
];
const GROUP_SUFFIXES: [string, string][] = [
  ['', ''],
  ['', ''],
  ['', ''],
  [' X', ' 엑스'],
  ['Z', '즈'],
  [' 9', ' 나인'],
  ['ISH', '이쉬'],
  [' ONE', ' 원'],
];
/** Korean syllables of stage names and their usual romanisation. */
const NAME_SYLLABLES: [string, string][] = [
  ['민', 'MIN'],
  ['지', 'JI'],
  ['서', 'SEO'],
  ['윤', 'YUN'],
  ['하', 'HA'],
  ['준', 'JUN'],
  ['은', 'EUN'],
  ['수', 'SU'],
  ['현', 'HYUN'],
  ['우', 'WOO'],
  ['진', 'JIN'],
  ['아', 'A'],
  ['예', 'YE'],
  ['린', 'RIN'],
  ['도', 'DO'],
  ['연', 'YEON'],
  ['채', 'CHAE'],
  ['유', 'YU'],
  ['나', 'NA'],
  ['리', 'RI'],
  ['재', 'JAE'],
  ['희', 'HEE'],
  ['태', 'TAE'],
  ['빈', 'BIN'],
  ['성', 'SEONG'],
  ['혜', 'HYE'],
  ['소', 'SO'],
  ['원', 'WON'],
  ['시', 'SI'],
  ['온', 'ON'],
];
const RELEASE_WORDS = [
  'Bloom',
  'Echo',
  'Siren',
  'Drift',
  'Neon',
  'Orbit',
  'Velvet',
  'Mirage',
  'Pulse',
  'Halo',
  'Prism',
  'Tempo',
  'Glow',
  'Rush',
  'Dreamer',
  'Voyage',
  'Crush',
  'Ember',
  'Lucid',
  'Ripple',
  'Starlight',
  'Daydream',
  'Overdrive',
  'Blue Hour',
];
const ALBUM_VERSIONS = [
  'Photobook Ver.',
  'Digipack Ver.',
  'Poca Album',
  'Jewel Ver.',
  'SMini Ver.',
  'Platform Ver.',
];
const STORES = ['애플뮤직', '위드뮤', '사운드웨이브', '케이타운포유', '메이크스타', '에버라인'];
const OTHER_TITLES = [
  '팝업스토어 럭키드로우',
  '팬미팅 MD 트레카',
  '콘서트 MD 포토카드',
  '공식 팬클럽 키트',
  '생일 기념 MD',
];
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** PocketBase's datetime text ("2025-01-01 12:00:00.000Z"). */
export function pbDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ');
}

export interface GenerateOptions {
  cards: number;
  groups: number;
  /** "Now" of the build (ms); timestamps are spread over the two years before it. */
  now: number;
}

export interface Generated {
  groups: GeneratedGroup[];
  /** Every card, in id-generation order (grouped by group). */
  cards: CardRow[];
}

/** Card counts per group: a bounded Zipf with some noise, summing to exactly `cards`. */
function groupSizes(cards: number, groups: number, rand: () => number): number[] {
  const weights = Array.from({ length: groups }, (_, i) => (0.85 + 0.3 * rand()) / (i + 8));
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.max(1, Math.floor((cards * w) / total)));
  let left = cards - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % groups, left--) sizes[i]!++;
  for (let i = groups - 1; left < 0; i = i > 0 ? i - 1 : groups - 1) {
    if (sizes[i]! > 1) {
      sizes[i]!--;
      left++;
    }
  }
  // the big groups are not the first ids
  for (let i = groups - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [sizes[i], sizes[j]] = [sizes[j]!, sizes[i]!];
  }
  return sizes;
}

export function generateCatalogue(opts: GenerateOptions): Generated {
  const rand = prng(SEED + opts.cards * 7 + opts.groups);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const between = (a: number, b: number) => a + Math.floor(rand() * (b - a + 1));
  const ids = new Set<string>();
  const newId = () => {
    for (;;) {
      let id = '';
      for (let i = 0; i < 15; i++) id += ID_ALPHABET[Math.floor(rand() * 36)];
      if (!ids.has(id)) {
        ids.add(id);
        return id;
      }
    }
  };
  const fileSuffix = () => {
    let s = '';
    for (let i = 0; i < 10; i++) s += ID_ALPHABET[Math.floor(rand() * 36)];
    return s;
  };
  const start = opts.now - 730 * DAY_MS;
  const taken = new Set(GROUPS.map((g) => g.groupName.toUpperCase()));
  const sizes = groupSizes(opts.cards, opts.groups, rand);

  const groups: GeneratedGroup[] = [];
  const cards: CardRow[] = [];
  for (let g = 0; g < opts.groups; g++) {
    let latin = '';
    let ko = '';
    while (!latin || taken.has(latin.toUpperCase())) {
      const n = rand() < 0.6 ? 2 : 3;
      const parts = Array.from({ length: n }, () => pick(GROUP_SYLLABLES));
      const suffix = pick(GROUP_SUFFIXES);
      latin = parts.map((p) => p[0]).join('') + suffix[0];
      ko = parts.map((p) => p[1]).join('') + suffix[1];
    }
    taken.add(latin.toUpperCase());

    const memberCount = between(4, 13);
    const names = new Set<string>();
    const members: { ko: string; latin: string }[] = [];
    while (members.length < memberCount) {
      const a = pick(NAME_SYLLABLES);
      const b = pick(NAME_SYLLABLES);
      if (a === b || names.has(a[0] + b[0])) continue;
      names.add(a[0] + b[0]);
      members.push({ ko: a[0] + b[0], latin: a[1] + b[1] });
    }

    // debut somewhere in the two years (a few groups right at its start), releases after it
    const debut = start + Math.floor(rand() ** 1.5 * 600 * DAY_MS);
    const releaseCount = between(4, 16);
    const releases: { name: string; at: number; year: number }[] = [];
    let mini = 0;
    let full = 0;
    let single = 0;
    for (let r = 0; r < releaseCount; r++) {
      const at = debut + Math.floor((r / releaseCount) * (opts.now - debut - 7 * DAY_MS));
      const word = pick(RELEASE_WORDS);
      const kind = rand();
      let name: string;
      if (kind < 0.45) name = `미니 ${++mini}집 '${word}'`;
      else if (kind < 0.65) name = `정규 ${++full}집 '${word}'`;
      else if (kind < 0.85) name = `싱글 ${++single}집 '${word}'`;
      else name = `팬미팅 '${word}'`;
      releases.push({ name, at, year: new Date(at).getUTCFullYear() + 1 });
    }

    const id = newId();
    const created = debut - between(1, 30) * DAY_MS;
    let newestCard = created;
    for (let c = 0; c < sizes[g]!; c++) {
      const member = pick(members);
      const release = pick(releases);
      const x = rand();
      let label: string;
      let title: string;
      if (x < 0.4) {
        label = '앨범';
        title = `${release.name} (${pick(ALBUM_VERSIONS)})`;
      } else if (x < 0.65) {
        label = '특전';
        title = `${release.name} ${pick(STORES)} 특전`;
      } else if (x < 0.8) {
        label = '팬싸';
        title = `${release.name} ${pick(STORES)} 팬싸`;
      } else if (x < 0.9) {
        label = '시즌그리팅';
        title = `${release.year} 시즌그리팅`;
      } else {
        label = '기타';
        title = pick(OTHER_TITLES);
      }
      // added from the release day to a few months later, never in the future
      const cardCreated = Math.min(
        opts.now - 60_000,
        release.at + Math.floor(rand() ** 2 * 120 * DAY_MS) + between(0, 86_399) * 1000,
      );
      const cardUpdated =
        rand() < 0.2
          ? cardCreated + Math.floor(rand() * (opts.now - 60_000 - cardCreated))
          : cardCreated;
      newestCard = Math.max(newestCard, cardCreated);
      // most cards have no likes; the rest a Zipf-ish count (1, 2, 3 ... a few in the hundreds)
      const likes =
        rand() < 0.55 ? 0 : Math.min(999, Math.floor(1 / Math.max(rand(), 1e-3) ** 1.1));
      cards.push([
        newId(),
        id,
        latin,
        member.ko,
        member.latin,
        title,
        label,
        likes,
        pbDate(cardCreated),
        pbDate(cardUpdated),
        `${member.latin.toLowerCase()}_${fileSuffix()}.png`,
      ]);
    }
    groups.push({
      id,
      groupName: latin,
      groupNameKo: ko,
      logoImage: `logo_${fileSuffix()}.png`,
      created: pbDate(created),
      // the card-count trigger moves a group's `updated` with each card added: its newest card's
      updated: pbDate(newestCard + 1000),
      members,
      cards: sizes[g]!,
    });
  }
  return { groups, cards };
}
