// docs/product-rules.md, Search: photo card search folds case, width (NFKC) and blanks, matches
// within one field, and knows Korean group names and initial consonants (choseong).
import { describe, expect, it } from 'vitest';
import {
  filterCards,
  foldSearchText,
  groupNamesKoOf,
  matchesCardSearch,
  matchesGroupSearch,
} from '@/lib/card-search.ts';

const wonbin = {
  group: 'riize',
  groupName: 'RIIZE',
  memberName: '원빈',
  memberNameEn: 'WONBIN',
  title: 'Get A Guitar (Photobook Ver.)',
  label: '앨범',
};
const karina = {
  group: 'aespa',
  groupName: 'aespa',
  memberName: '카리나',
  memberNameEn: 'KARINA',
  title: '2026 시즌그리팅',
  label: '시즌그리팅',
};
const chaewon = {
  group: 'lsf',
  groupName: 'LE SSERAFIM',
  memberName: '김채원',
  memberNameEn: 'CHAEWON',
  title: 'EASY',
  label: '특전',
};
const namesKo = groupNamesKoOf([
  { id: 'riize', groupNameKo: '라이즈' },
  { id: 'aespa', groupNameKo: '에스파' },
  { id: 'lsf', groupNameKo: '르세라핌' },
  { id: 'none' },
]);

describe('matchesCardSearch', () => {
  it.each([
    ['wonbin', true],
    ['WonBin', true],
    ['WONBIN', true],
    ['원빈', true],
    ['원 빈', true],
    [' 원 빈 ', true],
    ['riize', true],
    ['guitar', true],
    ['getaguitar', true],
    ['photobook ver', true],
    ['앨범', true],
    ['  원빈  ', true],
    ['ｗｏｎｂｉｎ', true], // full-width letters
    ['ㅇㅂ', true], // 원빈's initial consonants
    ['ㅇ', true],
    ['카리나', false],
    ['특전', false],
    ['ㅋㄹㄴ', false],
    ['원ㅂ', false],
  ])('%s → %s', (q, expected) => {
    expect(matchesCardSearch(wonbin, q, namesKo)).toBe(expected);
  });

  it('matches the Korean group name and its initial consonants when given', () => {
    expect(matchesCardSearch(wonbin, '라이즈', namesKo)).toBe(true);
    expect(matchesCardSearch(wonbin, '라 이즈', namesKo)).toBe(true);
    expect(matchesCardSearch(wonbin, 'ㄹㅇㅈ', namesKo)).toBe(true);
    expect(matchesCardSearch(karina, 'ㄹㅇㅈ', namesKo)).toBe(false);
    // without the map, only the card's own fields
    expect(matchesCardSearch(wonbin, '라이즈')).toBe(false);
  });

  it('follows a group name change (the cache is per Korean name)', () => {
    const card = { ...wonbin };
    expect(matchesCardSearch(card, '라이즈', namesKo)).toBe(true);
    const renamed = groupNamesKoOf([{ id: 'riize', groupNameKo: '라이즈즈' }]);
    expect(matchesCardSearch(card, '라이즈즈', renamed)).toBe(true);
    expect(matchesCardSearch(card, '라이즈즈', namesKo)).toBe(false);
  });

  it('matches names typed with or without spaces', () => {
    expect(matchesCardSearch(chaewon, 'lesserafim', namesKo)).toBe(true);
    expect(matchesCardSearch(chaewon, 'le sserafim', namesKo)).toBe(true);
    expect(matchesCardSearch(chaewon, 'LE  SSERAFIM', namesKo)).toBe(true);
    expect(matchesCardSearch(chaewon, 'ㄹㅅㄹㅍ', namesKo)).toBe(true);
    expect(matchesCardSearch(chaewon, 'ㄱㅊㅇ', namesKo)).toBe(true);
    expect(matchesCardSearch(chaewon, '채원', namesKo)).toBe(true);
  });

  it('takes no initial consonants from the label', () => {
    // 앨범 → ㅇㅂ would make every album card match 원빈's initials
    const album = { ...karina, label: '앨범' };
    expect(matchesCardSearch(album, 'ㅇㅂ', namesKo)).toBe(false);
    expect(matchesCardSearch(album, '앨범', namesKo)).toBe(true);
    // a title's are taken: 시즌그리팅
    expect(matchesCardSearch(karina, 'ㅅㅈㄱㄹㅌ', namesKo)).toBe(true);
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
    expect(filterCards([wonbin, karina, chaewon], 'ㄹㅇㅈ', namesKo)).toEqual([wonbin]);
    expect(filterCards([wonbin, karina, chaewon], '에스파', namesKo)).toEqual([karina]);
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
    expect(matchesCardSearch(wonbin, 'riize원빈', namesKo)).toBe(false);
    expect(matchesCardSearch(wonbin, 'ize')).toBe(true);
    // the choseong parts are fields of their own too
    expect(matchesCardSearch(wonbin, 'ㄹㅇㅈㅇㅂ', namesKo)).toBe(false);
  });
});

describe('matchesGroupSearch', () => {
  const riize = { groupName: 'RIIZE', groupNameKo: '라이즈' };
  it.each([
    ['riize', true],
    ['RIIZE', true],
    ['라이즈', true],
    ['라 이즈', true],
    ['ㄹㅇㅈ', true],
    ['ㄹㅇ', true],
    ['', true],
    ['뉴진스', false],
  ])('%s → %s', (q, expected) => {
    expect(matchesGroupSearch(riize, q)).toBe(expected);
  });

  it('works without a Korean name', () => {
    expect(matchesGroupSearch({ groupName: 'LE SSERAFIM' }, 'lesserafim')).toBe(true);
    expect(matchesGroupSearch({ groupName: 'LE SSERAFIM' }, '르세라핌')).toBe(false);
  });
});

describe('foldSearchText', () => {
  it('folds width, case and every blank', () => {
    expect(foldSearchText(' Ｌｅ\u3000SSERAFIM\t')).toBe('lesserafim');
  });
});
