// docs/product-rules.md, Search: meetup search is a case-insensitive substring over all meetup
// fields.
import { describe, expect, it } from 'vitest';
import {
  MEETUP_SEARCH_FIELDS,
  filterMeetups,
  hasLocation,
  matchesMeetupSearch,
} from '@/lib/meetup-search.ts';

const base = {
  eventTitle: '',
  cafeName: '',
  address: '',
  date: '',
  artistName: '',
  source: '',
  basicGift: '',
  desertGift: '',
  priorityGift: '',
  firstHashtag: '',
  secondHashtag: '',
};

const wonbin = {
  ...base,
  eventTitle: '원빈 생일카페 〈HAPPY WONBIN DAY〉',
  cafeName: '카페 하루온',
  address: '서울 마포구 와우산로29길 14',
  date: '2026.11.01 - 2026.11.04',
  artistName: '원빈',
  source: 'https://x.com/wonbin_bday12/status/1912345678123456789',
  basicGift: '음료 1잔당 컵홀더 + 포토카드 1종 (랜덤)',
  desertGift: '쿠키 구매 시 아크릴 키링 증정',
  priorityGift: '선착순 50명 한정 A4 포스터',
  firstHashtag: '#WONBIN_DAY',
  secondHashtag: '#원빈_생일카페',
};
const karina = {
  ...base,
  eventTitle: 'aespa 〈Armageddon〉 컴백 기념 카페 with 카리나',
  cafeName: '성수 브릭하우스',
  address: '서울 성동구 연무장길 41',
  date: '2026.12.02 - 2026.12.05',
  artistName: '카리나',
  firstHashtag: '#KARINA_CAFE',
};

describe('matchesMeetupSearch', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['하루온', true], // cafe
    ['마포구', true], // address
    ['와우산로29길', true],
    ['2026.11', true], // date
    ['원빈', true], // artist, title
    ['happy wonbin', true], // title, any case
    ['HaPpY', true],
    ['ｗｏｎｂｉｎ', true], // full-width letters
    ['  하루온  ', true], // surrounding spaces
    ['x.com/wonbin', true], // source
    ['컵홀더', true], // gifts
    ['키링', true],
    ['선착순', true],
    ['#wonbin_day', true], // hashtags
    ['원빈_생일카페', true],
    ['성수', false],
    ['카리나', false],
    ['하루온 서울', false], // never across two fields
  ])('%j -> %s', (query, expected) => {
    expect(matchesMeetupSearch(wonbin, query)).toBe(expected);
  });

  it('searches every field the events have', () => {
    for (const field of MEETUP_SEARCH_FIELDS) {
      const event = { ...base, [field]: `needle-${field}` };
      expect(matchesMeetupSearch(event, `NEEDLE-${field}`)).toBe(true);
      expect(matchesMeetupSearch(base, `needle-${field}`)).toBe(false);
    }
  });

  it('ignores a NUL in the query instead of matching across fields', () => {
    expect(matchesMeetupSearch(wonbin, '\u0000')).toBe(true);
    expect(matchesMeetupSearch(wonbin, '14\u0000')).toBe(true);
  });
});

describe('filterMeetups', () => {
  const all = [wonbin, karina];

  it('keeps the order and narrows by the query', () => {
    expect(filterMeetups(all, '')).toEqual(all);
    expect(filterMeetups(all, '')).not.toBe(all);
    expect(filterMeetups(all, '서울')).toEqual([wonbin, karina]);
    expect(filterMeetups(all, '성동구')).toEqual([karina]);
    expect(filterMeetups(all, 'KARINA')).toEqual([karina]);
    expect(filterMeetups(all, '없는 카페')).toEqual([]);
  });

  it('sees a replaced row (the cache is per object)', () => {
    expect(filterMeetups([wonbin], '망원')).toEqual([]);
    const moved = { ...wonbin, address: '서울 마포구 포은로 86 (망원동)' };
    expect(filterMeetups([moved], '망원')).toEqual([moved]);
  });
});

describe('hasLocation', () => {
  it('needs both coordinates, and treats 0/0 (an unset number) as none', () => {
    expect(hasLocation({ lat: 37.55, lng: 126.92 })).toBe(true);
    expect(hasLocation({ lat: null, lng: 126.92 })).toBe(false);
    expect(hasLocation({ lat: 37.55, lng: null })).toBe(false);
    expect(hasLocation({ lat: 0, lng: 0 })).toBe(false);
    expect(hasLocation({ lat: Number.NaN, lng: 1 })).toBe(false);
  });
});
