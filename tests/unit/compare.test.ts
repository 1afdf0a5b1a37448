/**
 * The string orders lists sort by: stored keys by code point (as the server's SQLite sorts them),
 * names through a Korean collator.
 */
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../bench/catalogue/generate.ts';
import { GROUPS } from '../../server/seed/groups.ts';
import { compareKeys, compareNames } from '../../src/lib/compare.ts';

describe('compareKeys', () => {
  it('orders ids and dates as the server does', () => {
    const ids = ['b2', 'a10', 'a9', '0z', 'Z1', '2026-11-20 00:00:00.000Z', '2026-01-05'];
    expect([...ids].sort(compareKeys)).toEqual([
      '0z',
      '2026-01-05',
      '2026-11-20 00:00:00.000Z',
      'Z1',
      'a10',
      'a9',
      'b2',
    ]);
    expect(compareKeys('abc', 'abc')).toBe(0);
    expect(compareKeys('abc', 'abd')).toBeLessThan(0);
    expect(compareKeys('abd', 'abc')).toBeGreaterThan(0);
  });
});

describe('compareNames', () => {
  it('orders Korean names in 가나다 order', () => {
    expect(['하이라이트', '라이즈', '가나', '뉴진스', '에스파'].sort(compareNames)).toEqual([
      '가나',
      '뉴진스',
      '라이즈',
      '에스파',
      '하이라이트',
    ]);
  });
});

describe('compareNames against the Korean collator', () => {
  const collator = new Intl.Collator('ko');
  it('puts punctuation, digits, Hangul, Hanja and Latin in the collation’s order', () => {
    const names = [
      'RIIZE',
      '라이즈',
      'aespa',
      'NewJeans',
      '세븐틴',
      '123',
      '(G)I-DLE',
      'ive',
      'IVE',
      '아이브',
      'ㄱ',
      'Stray Kids',
      'STAYC',
      '가나',
      '가',
      '漢字',
      'Ünder',
      'uber',
      'NCT WISH',
      'NCT 127',
      'BOYNEXTDOOR',
      'LE SSERAFIM',
      '르세라핌',
      '원빈',
      'WONBIN',
      'wonbin',
      'Wonbin',
      '쇼타로',
      '앤톤',
      'Anton',
      'IVE 1st',
      'IVE 10th',
      'IVE 2nd',
      '에스파 Supernova',
      '에스파 2',
      'Kep1er',
      'kep1er',
      'B.I',
      'BI',
      'b.i',
      'Zerobaseone',
      'ZEROBASEONE',
      'zerobaseone',
    ];
    expect([...names].sort(compareNames)).toEqual([...names].sort(collator.compare));
  });

  it('orders the demo seed’s and a generated catalogue’s names as the collator does', () => {
    const { groups } = generateCatalogue({ cards: 2_000, groups: 60, now: Date.UTC(2026, 0, 1) });
    const names = [
      ...GROUPS.flatMap((g) => [
        g.groupName,
        g.groupNameKo,
        ...g.members.flatMap((m) => [m.ko, m.latin]),
        ...g.releases,
      ]),
      ...groups.flatMap((g) => [
        g.groupName,
        g.groupNameKo,
        ...g.members.flatMap((m) => [m.ko, m.latin]),
      ]),
    ];
    expect(names.length).toBeGreaterThan(500);
    expect([...names].sort(compareNames)).toEqual([...names].sort(collator.compare));
  });
});
