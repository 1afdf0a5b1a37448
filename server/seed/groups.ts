/** The demo catalogue: groups with their real members (Korean and Latin names), colours and releases. */
import type { Palette } from './images.ts';

export interface Member {
  ko: string;
  latin: string;
}

export interface GroupDef {
  groupName: string;
  /** The group's Korean name (`groups.groupNameKo`), for search: 라이즈 for RIIZE. */
  groupNameKo: string;
  /** Monogram drawn on the logo. */
  monogram: string;
  palette: Palette;
  members: Member[];
  /** Albums and singles, used for card titles and captions. */
  releases: string[];
  /** Official fandom name, for flavour in posts and meetup titles. */
  fandom: string;
  /** A boy or girl group: which hair styles the drawn cards pick from (./idol.ts). */
  lineup: 'boy' | 'girl';
}

const m = (ko: string, latin: string): Member => ({ ko, latin });

export const GROUPS: GroupDef[] = [
  {
    groupName: 'RIIZE',
    groupNameKo: '라이즈',
    lineup: 'boy',
    monogram: 'RZ',
    palette: { main: '#ff7a29', sub: '#ffc38a', accent: '#3d3b8e', ink: '#2b1a10' },
    members: [
      m('쇼타로', 'SHOTARO'),
      m('은석', 'EUNSEOK'),
      m('성찬', 'SUNGCHAN'),
      m('원빈', 'WONBIN'),
      m('승한', 'SEUNGHAN'),
      m('소희', 'SOHEE'),
      m('앤톤', 'ANTON'),
    ],
    releases: [
      'Get A Guitar',
      'Talk Saxy',
      'RIIZING',
      'Siren',
      'Boom Boom Bass',
      'Impossible',
      'Odyssey',
      'Fly Up',
    ],
    fandom: '브리즈',
  },
  {
    groupName: 'NewJeans',
    groupNameKo: '뉴진스',
    lineup: 'girl',
    monogram: 'NJ',
    palette: { main: '#6fa8ff', sub: '#ffc1da', accent: '#f6d365', ink: '#10223f' },
    members: [
      m('민지', 'MINJI'),
      m('하니', 'HANNI'),
      m('다니엘', 'DANIELLE'),
      m('해린', 'HAERIN'),
      m('혜인', 'HYEIN'),
    ],
    releases: ['New Jeans', 'OMG', 'Get Up', 'How Sweet', 'Supernatural'],
    fandom: '버니즈',
  },
  {
    groupName: 'aespa',
    groupNameKo: '에스파',
    lineup: 'girl',
    monogram: 'AE',
    palette: { main: '#9b7cf6', sub: '#c9d1e0', accent: '#2d2a4a', ink: '#1d1833' },
    members: [
      m('카리나', 'KARINA'),
      m('지젤', 'GISELLE'),
      m('윈터', 'WINTER'),
      m('닝닝', 'NINGNING'),
    ],
    releases: ['Savage', 'MY WORLD', 'Drama', 'Armageddon', 'Whiplash', 'Dirty Work'],
    fandom: '마이',
  },
  {
    groupName: 'IVE',
    groupNameKo: '아이브',
    lineup: 'girl',
    monogram: 'IVE',
    palette: { main: '#e7334a', sub: '#ffb3c1', accent: '#2e2e48', ink: '#3a0d16' },
    members: [
      m('안유진', 'YUJIN'),
      m('가을', 'GAEUL'),
      m('레이', 'REI'),
      m('장원영', 'WONYOUNG'),
      m('리즈', 'LIZ'),
      m('이서', 'LEESEO'),
    ],
    releases: ['ELEVEN', 'LOVE DIVE', "I've IVE", "I've MINE", 'IVE SWITCH', 'IVE EMPATHY'],
    fandom: '다이브',
  },
  {
    groupName: 'SEVENTEEN',
    groupNameKo: '세븐틴',
    lineup: 'boy',
    monogram: 'SVT',
    palette: { main: '#f4a9b8', sub: '#92a8d1', accent: '#4a5a8c', ink: '#2a2440' },
    members: [
      m('에스쿱스', 'S.COUPS'),
      m('정한', 'JEONGHAN'),
      m('조슈아', 'JOSHUA'),
      m('준', 'JUN'),
      m('호시', 'HOSHI'),
      m('원우', 'WONWOO'),
      m('우지', 'WOOZI'),
      m('도겸', 'DK'),
      m('민규', 'MINGYU'),
      m('디에잇', 'THE 8'),
      m('승관', 'SEUNGKWAN'),
      m('버논', 'VERNON'),
      m('디노', 'DINO'),
    ],
    releases: [
      'FML',
      'SEVENTEENTH HEAVEN',
      '17 IS RIGHT HERE',
      'SPILL THE FEELS',
      'HAPPY BURSTDAY',
    ],
    fandom: '캐럿',
  },
  {
    groupName: 'Stray Kids',
    groupNameKo: '스트레이 키즈',
    lineup: 'boy',
    monogram: 'SKZ',
    palette: { main: '#d22b2b', sub: '#f2b8b5', accent: '#1a1a1a', ink: '#1a0f0f' },
    members: [
      m('방찬', 'BANG CHAN'),
      m('리노', 'LEE KNOW'),
      m('창빈', 'CHANGBIN'),
      m('현진', 'HYUNJIN'),
      m('한', 'HAN'),
      m('필릭스', 'FELIX'),
      m('승민', 'SEUNGMIN'),
      m('아이엔', 'I.N'),
    ],
    releases: ['MAXIDENT', '5-STAR', 'ROCK-STAR', 'ATE', 'HOP', 'KARMA'],
    fandom: '스테이',
  },
  {
    groupName: 'LE SSERAFIM',
    groupNameKo: '르세라핌',
    lineup: 'girl',
    monogram: 'LSF',
    palette: { main: '#3552a3', sub: '#e9dcc9', accent: '#c9a86a', ink: '#111a33' },
    members: [
      m('김채원', 'CHAEWON'),
      m('사쿠라', 'SAKURA'),
      m('허윤진', 'YUNJIN'),
      m('카즈하', 'KAZUHA'),
      m('홍은채', 'EUNCHAE'),
    ],
    releases: ['ANTIFRAGILE', 'UNFORGIVEN', 'EASY', 'CRAZY', 'HOT', 'SPAGHETTI'],
    fandom: '피어나',
  },
  {
    groupName: 'NCT WISH',
    groupNameKo: '엔시티 위시',
    lineup: 'boy',
    monogram: 'NW',
    palette: { main: '#3ddbb0', sub: '#d7fff3', accent: '#1f7a6a', ink: '#0b2e28' },
    members: [
      m('시온', 'SION'),
      m('리쿠', 'RIKU'),
      m('유우시', 'YUSHI'),
      m('재희', 'JAEHEE'),
      m('료', 'RYO'),
      m('사쿠야', 'SAKUYA'),
    ],
    releases: ['WISH', 'Songbird', 'Steady', 'poppop', 'COLOR'],
    fandom: '시즈니',
  },
  {
    groupName: 'BOYNEXTDOOR',
    groupNameKo: '보이넥스트도어',
    lineup: 'boy',
    monogram: 'BND',
    palette: { main: '#f2c230', sub: '#a9c7e8', accent: '#2f4f7f', ink: '#2a2208' },
    members: [
      m('성호', 'SUNGHO'),
      m('리우', 'RIWOO'),
      m('명재현', 'JAEHYUN'),
      m('태산', 'TAESAN'),
      m('이한', 'LEEHAN'),
      m('운학', 'WOONHAK'),
    ],
    releases: ['WHY..', 'HOW?', '19.99', 'No Genre', 'IF I SAY, I LOVE YOU'],
    fandom: '원도어',
  },
  {
    groupName: 'TWS',
    groupNameKo: '투어스',
    lineup: 'boy',
    monogram: 'TWS',
    palette: { main: '#5aaef0', sub: '#d6f0ff', accent: '#ff9ec7', ink: '#0c2740' },
    members: [
      m('신유', 'SHINYU'),
      m('도훈', 'DOHOON'),
      m('영재', 'YOUNGJAE'),
      m('한진', 'HANJIN'),
      m('지훈', 'JIHOON'),
      m('경민', 'KYUNGMIN'),
    ],
    releases: ['Sparkling Blue', 'SUMMER BEAT!', 'TRY WITH US', 'Last Bell', 'play hard'],
    fandom: '42',
  },
];

export const MARKER_GROUP = 'RIIZE';
