/**
 * The string orders lists sort by: stored keys by code point (as the server's SQLite sorts them),
 * names through a Korean collator.
 */
import { describe, expect, it } from 'vitest';
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
