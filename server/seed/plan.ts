/**
 * The demo data as plain values, before anything touches the server: which cards, meetups, posts,
 * comments and likes exist. Deterministic (seeded), so every run plans the same rows and the seed
 * can recognise what is already there by each row's natural key.
 */
import { GROUPS, type GroupDef, type Member } from './groups.ts';
import { rng } from './random.ts';
import { VENUES, type Venue } from './venues.ts';

export const CARD_LABELS = ['앨범', '특전', '팬싸', '시즌그리팅', '기타'] as const;
export type CardLabel = (typeof CARD_LABELS)[number];

/** Cards per member; the default bias group gets more so its screens look full. */
const CARDS_PER_MEMBER: Record<string, number> = { RIIZE: 9 };
const DEFAULT_CARDS_PER_MEMBER = 5;

const STORES = [
  '애플뮤직',
  '위드뮤',
  '사운드웨이브',
  '케이타운포유',
  '메이크스타',
  '에버라인',
  '뮤직코리아',
];
const OTHER_TITLES: { ko: string; latin: string }[] = [
  { ko: '팝업스토어 럭키드로우', latin: 'POP-UP STORE' },
  { ko: '팬미팅 MD 트레카', latin: 'FANMEETING' },
  { ko: '콘서트 MD 포토카드', latin: 'CONCERT MD' },
  { ko: '공식 팬클럽 키트', latin: 'FANCLUB KIT' },
  { ko: '생일 기념 MD', latin: 'BIRTHDAY MD' },
];

export interface CardPlan {
  /** Natural key: group|member|title|label. */
  key: string;
  group: GroupDef;
  member: Member;
  title: string;
  label: CardLabel;
  /** Latin caption drawn on the image. */
  caption: string;
  tag: string;
  /** Likes the card already had before the demo fans (a spread for the '찜높은순' sort). */
  baselineLikes: number;
}

export const cardKey = (groupName: string, memberName: string, title: string, label: string) =>
  `${groupName}|${memberName}|${title}|${label}`;

function pickLabel(r: ReturnType<typeof rng>): CardLabel {
  const x = r.next();
  if (x < 0.4) return '앨범';
  if (x < 0.65) return '특전';
  if (x < 0.8) return '팬싸';
  if (x < 0.9) return '시즌그리팅';
  return '기타';
}

export function planCards(): CardPlan[] {
  const r = rng('photoCards');
  const cards: CardPlan[] = [];
  for (const group of GROUPS) {
    const perMember = CARDS_PER_MEMBER[group.groupName] ?? DEFAULT_CARDS_PER_MEMBER;
    for (const member of group.members) {
      const seen = new Set<string>();
      let guard = 0;
      while (seen.size < perMember && guard++ < 200) {
        const label = pickLabel(r);
        const release = r.pick(group.releases);
        let title: string;
        let caption: string;
        let tag: string;
        switch (label) {
          case '앨범': {
            const version = r.pick([
              'Photobook Ver.',
              'Digipack Ver.',
              'Poca Album',
              'Jewel Ver.',
              'SMini Ver.',
            ]);
            title = `${release} (${version})`;
            caption = release;
            tag = r.pick(['A', 'B', 'C', '01', '02', '03']);
            break;
          }
          case '특전':
          case '팬싸': {
            title = `${release} ${r.pick(STORES)} ${label}`;
            caption = release;
            tag = label === '팬싸' ? 'FS' : 'PB';
            break;
          }
          case '시즌그리팅': {
            const year = r.pick(['2025', '2026']);
            title = `${year} 시즌그리팅`;
            caption = `SEASON'S GREETINGS ${year}`;
            tag = year.slice(2);
            break;
          }
          default: {
            const other = r.pick(OTHER_TITLES);
            title = other.ko;
            caption = other.latin;
            tag = 'MD';
          }
        }
        const key = cardKey(group.groupName, member.ko, title, label);
        if (seen.has(key)) continue;
        seen.add(key);
        // A long tail: most cards have a few likes, a handful have many.
        const baselineLikes = Math.floor(r.next() ** 3 * 240);
        cards.push({ key, group, member, title, label, caption, tag, baselineLikes });
      }
    }
  }
  // Created in shuffled order so '최신순' mixes groups instead of listing the last group first.
  return r.sample(cards, cards.length);
}

export interface MeetupPlan {
  /** Natural key: eventTitle|cafeName. */
  key: string;
  group: GroupDef;
  member: Member;
  eventTitle: string;
  headline: string;
  venue: Venue;
  withCoords: boolean;
  /** Whether the event has begun by the demo's "today". */
  started: boolean;
  date: string;
  startDate: string;
  endDate: string;
  datesLatin: string;
  source: string;
  basicGift: string;
  desertGift: string;
  priorityGift: string;
  firstHashtag: string;
  secondHashtag: string;
  eventImages: number;
}

/** The date the demo is anchored on: meetups run from a few weeks before to a few after. */
export const DEMO_TODAY = '2026-11-21';

const addDays = (iso: string, days: number): Date => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
};
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dotted = (d: Date) => ymd(d).replaceAll('-', '.');

const BASIC_GIFTS = [
  '음료 1잔당 컵홀더 + 포토카드 1종 (랜덤)',
  '음료 구매 시 컵홀더, 스티커, 포토카드 세트',
  '1음료당 컵홀더 1개 + 엽서 1장',
  '음료 주문 시 컵홀더 + 투명 포토카드',
];
const DESSERT_GIFTS = [
  '디저트 세트 주문 시 투명 포토카드 + 엽서',
  '케이크 세트 구매 시 미니 슬로건',
  '쿠키 구매 시 아크릴 키링 증정',
  '마카롱 세트 구매 시 스티커 시트',
];
const PRIORITY_GIFTS = [
  '선착순 50명 한정 A4 포스터',
  '매일 선착순 30명 슬로건',
  '오픈 첫날 선착순 100명 미니 포토북',
  '일별 선착순 40명 럭키드로우 참여권',
];

type Kind = { ko: string; latin: (m: Member, g: GroupDef) => string; tag: string };
const KINDS: Kind[] = [
  { ko: '생일카페', latin: (mem) => `HAPPY ${mem.latin} DAY`, tag: '생일카페' },
  { ko: '생일카페', latin: (mem) => `${mem.latin} BIRTHDAY CAFE`, tag: '생일카페' },
  { ko: '컴백 기념 카페', latin: (_mem, g) => `${g.groupName} COMEBACK`, tag: '컴백카페' },
  { ko: '데뷔 기념 카페', latin: (_mem, g) => `${g.groupName} DEBUT DAY`, tag: '데뷔카페' },
  { ko: '응원 카페', latin: (mem) => `WE LOVE ${mem.latin}`, tag: '응원카페' },
];

export function planMeetups(today = DEMO_TODAY): MeetupPlan[] {
  const r = rng('meetUps');
  const riize = GROUPS[0]!;
  return VENUES.map((venue, i) => {
    // About a third of the events are for the default bias group.
    const group = i % 3 === 0 ? riize : r.pick(GROUPS);
    const member = r.pick(group.members);
    const kind = r.pick(KINDS);
    const headline = kind.latin(member, group);
    const release = r.pick(group.releases);
    const eventTitle =
      kind.tag === '컴백카페'
        ? `${group.groupName} 〈${release}〉 ${kind.ko} with ${member.ko}`
        : `${member.ko} ${kind.ko} 〈${headline}〉`;
    const start = addDays(today, r.int(-35, 42));
    const end = addDays(ymd(start), r.int(1, 4));
    const handle = `${member.latin.toLowerCase().replace(/[^a-z0-9]/g, '')}_${kind.tag === '생일카페' ? 'bday' : 'cafe'}${r.int(1, 99)}`;
    const statusId = `19${String(r.int(10_000_000, 99_999_999))}${String(r.int(100_000_000, 999_999_999))}`;
    const tagName = member.latin.replace(/[^A-Z0-9]/g, '');
    return {
      key: `${eventTitle}|${venue.cafeName}`,
      group,
      member,
      eventTitle,
      headline,
      venue,
      withCoords: venue.lat !== null,
      started: ymd(start) <= today,
      date: `${dotted(start)} - ${dotted(end)}`,
      startDate: `${ymd(start)} 00:00:00.000Z`,
      endDate: `${ymd(end)} 00:00:00.000Z`,
      datesLatin: `${dotted(start).slice(5)} - ${dotted(end).slice(5)}`,
      source: `https://x.com/${handle}/status/${statusId}`,
      basicGift: r.pick(BASIC_GIFTS),
      desertGift: r.pick(DESSERT_GIFTS),
      priorityGift: r.pick(PRIORITY_GIFTS),
      firstHashtag: `#${tagName}_${kind.tag === '생일카페' ? 'DAY' : 'CAFE'}`,
      secondHashtag: `#${member.ko}_${kind.tag}`,
      eventImages: r.int(1, 3),
    };
  });
}

export type Fan = 'fan1' | 'fan2';

export interface PostPlan {
  writer: Fan;
  cardKey: string;
  description: string;
  status: '교환대기중' | '교환중' | '교환완료';
  chatContent: string;
  /** The post's terms (docs/product-rules.md, Exchange posts): type, price, shipping. */
  terms: PostTerms;
}

export interface PostTerms {
  postType: 'exchange' | 'sell' | 'want';
  /** 양도 only, in won. */
  price?: number;
  shipping: ('semi' | 'half' | 'parcel' | 'meet')[];
  /** With 반값택배: the chain it is sent from. */
  cvs?: 'gs25' | 'cu' | 'seven';
  /** With 직거래: where. */
  meetPlace?: string;
}

export interface ActivityPlan {
  posts: PostPlan[];
  likes: { user: Fan; cardKey: string }[];
  comments: { user: Fan; meetupKey: string; ment: string }[];
  collectBook: { title: string; groupName: string; cardKeys: string[] };
}

const CHAT: Record<PostPlan['status'], string[]> = {
  교환대기중: [''],
  교환중: ['오픈채팅으로 연락드렸어요!', 'DM 확인 부탁드려요', '내일 반택으로 보내드릴게요'],
  교환완료: ['교환 감사합니다 :)', '반택으로 잘 받았어요!', '직거래 완료했어요'],
};

const POST_TEMPLATES: ((want: string, have: string, title: string) => string)[] = [
  (want, have) => `${want} 포카 구해요! ${have} 포카랑 교환 원해요`,
  (want, have, title) => `${title} ${have} 포카 있어요. ${want} 포카 가지고 계신 분 연락 주세요!`,
  (want, have) => `${have} 포카 구합니다 🙏 ${want} 포카로 교환해 주실 분! 반택 가능해요`,
  (want, have) => `${have} → ${want} 1:1 교환 원해요. 홍대입구역 직거래도 가능합니다`,
  (want, have) => `${want} 포카 찾고 있어요! ${have} 포카 + 미개봉 엽서 같이 드릴게요`,
  (_want, have, title) => `${title} ${have} 포카 교환해요. 상태 좋아요, 슬리브 보관했어요`,
];

/** 양도 (sell) posts: the card for a price, as fans write them. */
const SELL_TEMPLATES: ((have: string, title: string) => string)[] = [
  (have, title) => `${title} ${have} 포카 양도해요. 실물 사진 있어요, 선입금 없이 반택 거래 원해요`,
  (have) => `${have} 포카 정가 양도합니다. 탑로더+슬리브 포장해서 준등기로 보내드려요`,
];
/** 구함 (want) posts: the card wanted, nothing offered. */
const WANT_TEMPLATES: ((want: string, title: string) => string)[] = [
  (want, title) => `${title} ${want} 포카 구해요! 교환이나 양도 둘 다 좋아요`,
  (want) => `${want} 포카 구합니다 🙏 가지고 계신 분 댓글이나 채팅 주세요`,
];

/**
 * The terms of the plan's i-th post: every fifth from the second a 양도 with a price and
 * 준등기/반값택배, every fifth from the fourth a 구함, the rest 교환 with the shipping its text
 * names (직거래 at 홍대입구역, 반택, else 준등기 or 반값택배).
 */
function postTerms(i: number, template: number): PostTerms {
  if (i % 5 === 1) {
    return {
      postType: 'sell',
      price: 3000 + 1000 * (i % 4),
      shipping: ['semi', 'half'],
      cvs: 'gs25',
    };
  }
  if (i % 5 === 3) return { postType: 'want', shipping: ['semi'] };
  if (template === 3) return { postType: 'exchange', shipping: ['meet'], meetPlace: '홍대입구역' };
  if (template === 2) return { postType: 'exchange', shipping: ['half'], cvs: 'cu' };
  return { postType: 'exchange', shipping: ['semi', 'half'], cvs: 'gs25' };
}

/** For events that have started... */
const VISITED_COMMENTS = [
  '첫날 다녀왔어요! 컵홀더 너무 예뻐요',
  '디저트 세트 진짜 맛있어요 추천합니다',
  '포토존 예쁘게 잘 꾸며주셨어요 감사합니다!',
  '웨이팅 30분 정도 있었어요 참고하세요',
  '엽서 디자인 대박이에요 ㅠㅠ',
  '오픈 시간 맞춰 가면 여유로워요',
];
/** ...and for those still to come. */
const UPCOMING_COMMENTS = [
  '주말에 가려는데 선착순 특전 많이 남아있을까요?',
  '너무 기대돼요! 첫날 오픈런 갑니다',
  '혹시 현장에서 포카 교환하실 분 계신가요?',
  '주차 가능한지 아시는 분 계신가요?',
];

export function planActivity(cards: CardPlan[], meetups: MeetupPlan[]): ActivityPlan {
  const r = rng('activity');
  const riizeCards = cards.filter((c) => c.group.groupName === 'RIIZE');
  const othersCards = cards.filter((c) => c.group.groupName !== 'RIIZE');

  // Posts: several cards, several posts each, spread over the three statuses.
  const postCards = [...r.sample(riizeCards, 6), ...r.sample(othersCards, 4)];
  const statuses = ['교환대기중', '교환중', '교환완료'] as const;
  const posts: PostPlan[] = [];
  postCards.forEach((card, ci) => {
    const n = ci < 6 ? 2 + (ci % 2) : 1 + (ci % 2);
    for (let k = 0; k < n; k++) {
      const mates = card.group.members.filter((x) => x.ko !== card.member.ko);
      const want = r.pick(mates).ko;
      const t = (ci + k) % POST_TEMPLATES.length;
      const status = statuses[(ci + k * 2) % 3]!;
      const terms = postTerms(posts.length, t);
      const title = card.title.replace(/\s*\(.*\)$/, '');
      const description =
        terms.postType === 'sell'
          ? SELL_TEMPLATES[ci % SELL_TEMPLATES.length]!(card.member.ko, title)
          : terms.postType === 'want'
            ? WANT_TEMPLATES[ci % WANT_TEMPLATES.length]!(card.member.ko, title)
            : POST_TEMPLATES[t]!(want, card.member.ko, title);
      posts.push({
        writer: (ci + k) % 2 === 0 ? 'fan1' : 'fan2',
        cardKey: card.key,
        description,
        status,
        chatContent: r.pick(CHAT[status]),
        terms,
      });
    }
  });

  // Likes: fan1 mostly likes RIIZE, fan2 a mix; several cards liked by both.
  const fan1Likes = [...r.sample(riizeCards, 12), ...r.sample(othersCards, 4)];
  const fan2Likes = [
    ...fan1Likes.slice(0, 5),
    ...r.sample(
      othersCards.filter((c) => !fan1Likes.includes(c)),
      6,
    ),
  ];
  const likes = [
    ...fan1Likes.map((c) => ({ user: 'fan1' as const, cardKey: c.key })),
    ...fan2Likes.map((c) => ({ user: 'fan2' as const, cardKey: c.key })),
  ];

  // Comments: on a dozen of the events shown on the map, one to three each.
  const commented = meetups.filter((x) => x.withCoords).slice(0, 12);
  const comments: ActivityPlan['comments'] = [];
  commented.forEach((mu, i) => {
    const n = 1 + (i % 3);
    const pool = mu.started ? VISITED_COMMENTS : UPCOMING_COMMENTS;
    for (let k = 0; k < n; k++) {
      comments.push({
        user: (i + k) % 2 === 0 ? 'fan1' : 'fan2',
        meetupKey: mu.key,
        ment: pool[(i * 3 + k) % pool.length]!,
      });
    }
  });

  const owned = riizeCards.slice().sort((a, b) => a.key.localeCompare(b.key));
  return {
    posts,
    likes,
    comments,
    collectBook: {
      title: 'RIIZE 콜렉트북',
      groupName: 'RIIZE',
      cardKeys: owned.filter((_, i) => i % 3 !== 2).map((c) => c.key),
    },
  };
}
