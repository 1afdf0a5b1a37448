// docs/product-rules.md, Search: photo card search is a case-insensitive substring over all card
// fields.
import { describe, expect, it } from 'vitest';
import { filterCards, matchesCardSearch } from '@/lib/card-search.ts';

const wonbin = {
  groupName: 'RIIZE',
  memberName: '원빈',
  memberNameEn: 'WONBIN',
  title: 'Get A Guitar (Photobook Ver.)',
  label: '앨범',
};
const karina = {
  groupName: 'aespa',
  memberName: '카리나',
  memberNameEn: 'KARINA',
  title: '2026 시즌그리팅',
  label: '시즌그리팅',
};

describe('matchesCardSearch', () => {
  it.each([
    ['wonbin', true],
    ['WonBin', true],
    ['원빈', true],
    ['riize', true],
    ['guitar', true],
    ['photobook ver', true],
    ['앨범', true],
    ['  원빈  ', true],
    ['ｗｏｎｂｉｎ', true], // full-width letters
    ['카리나', false],
    ['특전', false],
  ])('%s → %s', (q, expected) => {
    expect(matchesCardSearch(wonbin, q)).toBe(expected);
  });

  it('matches everything when the search is empty or blank', () => {
    expect(matchesCardSearch(wonbin, '')).toBe(true);
    expect(matchesCardSearch(wonbin, '   ')).toBe(true);
  });

  it('works without a Latin name', () => {
    expect(matchesCardSearch({ ...karina, memberNameEn: undefined }, '카리')).toBe(true);
  });
});

describe('filterCards', () => {
  it('keeps the order and only the matches', () => {
    expect(filterCards([wonbin, karina], '시즌')).toEqual([karina]);
    expect(filterCards([karina, wonbin], '')).toEqual([karina, wonbin]);
  });

  it('treats regex and filter syntax as plain text', () => {
    expect(filterCards([wonbin, karina], '.*')).toEqual([]);
    expect(filterCards([wonbin, karina], "' || 1=1")).toEqual([]);
  });
});

describe('field boundaries', () => {
  it('never matches across two fields', () => {
    // groupName 'RIIZE' followed by memberName '원빈': 'riize원' spans both
    expect(matchesCardSearch(wonbin, 'riize원')).toBe(false);
    expect(matchesCardSearch(wonbin, 'ize')).toBe(true);
  });
});
