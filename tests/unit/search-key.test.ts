// docs/data-model.md, Search keys: the server's keys (pb_hooks/lib/search-key.js, run here in
// Node as PocketBase's goja runs it) and the device's matcher (src/lib/card-search.ts) agree, and
// the committed es-hangul bundle for the hooks is what the installed es-hangul builds.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchesCardSearch, groupNamesKoOf } from '@/lib/card-search.ts';
import { buildVendorHangul, VENDOR_FILE } from '../../server/build/vendor-hangul.ts';

const HOOKS = fileURLToPath(new URL('../../pb_hooks', import.meta.url));

/**
 * A pb_hooks CommonJS file, evaluated from its source with `require` and `__hooks` as goja gives
 * them (this package is ESM, so Node won't `require` a .js file).
 */
function loadHook(path: string): unknown {
  const source = readFileSync(path, 'utf8');
  const module = { exports: {} as unknown };
  const require = (p: string) => loadHook(p);
  new Function('module', 'exports', 'require', '__hooks', source)(
    module,
    module.exports,
    require,
    HOOKS,
  );
  return module.exports;
}
const keys = loadHook(`${HOOKS}/lib/search-key.js`) as {
  fold(s: string): string;
  cardKey(
    card: Record<string, string>,
    group: { groupName: string; groupNameKo: string } | null,
  ): string;
  groupKey(group: { groupName: string; groupNameKo: string }): string;
  indexText(key: string): string;
  matchQuery(q: string): string;
};

const riize = { groupName: 'RIIZE', groupNameKo: '라이즈' };
const lsf = { groupName: 'LE SSERAFIM', groupNameKo: '르세라핌' };
const CARDS = [
  {
    group: riize,
    card: {
      groupName: 'RIIZE',
      memberName: '원빈',
      memberNameEn: 'WONBIN',
      title: 'Get A Guitar',
      label: '앨범',
    },
  },
  {
    group: lsf,
    card: {
      groupName: 'LE SSERAFIM',
      memberName: '김채원',
      memberNameEn: 'CHAEWON',
      title: 'ＥＡＳＹ 시즌그리팅',
      label: '특전',
    },
  },
];
const QUERIES = [
  '원빈',
  'wonbin',
  'WONBIN',
  '원 빈',
  'ㅇㅂ',
  'ㄹㅇㅈ',
  'riize',
  '라이즈',
  'get a guitar',
  'lesserafim',
  'le sserafim',
  'ㄹㅅㄹㅍ',
  'easy',
  'ㅅㅈ',
  'ㅇ',
  'e',
  '앨범',
  'riize원빈',
  '특전ㄱ',
  '없는말',
];

/** Whether a key holds a folded query within one part, as the index's phrase finds it. */
const serverMatches = (key: string, q: string) =>
  key.split('\n').some((part) => part.includes(keys.fold(q)));

describe('search keys', () => {
  it('fold as the device folds, part by part', () => {
    const key = keys.cardKey(CARDS[0]!.card, riize);
    expect(key.split('\n')).toEqual([
      'riize',
      '라이즈',
      '원빈',
      'wonbin',
      'getaguitar',
      '앨범',
      keys.fold('ㄹㅇㅈ'),
      keys.fold('ㅇㅂ'),
    ]);
    expect(keys.groupKey(riize).split('\n')).toEqual(['riize', '라이즈', keys.fold('ㄹㅇㅈ')]);
  });

  it('match the same queries on the server and on the device', () => {
    const namesKo = groupNamesKoOf([
      { id: 'g0', groupNameKo: riize.groupNameKo },
      { id: 'g1', groupNameKo: lsf.groupNameKo },
    ]);
    CARDS.forEach(({ card, group }, i) => {
      const key = keys.cardKey(card, group);
      for (const q of QUERIES) {
        expect([q, serverMatches(key, q)]).toEqual([
          q,
          matchesCardSearch({ ...card, group: `g${i}` }, q, namesKo),
        ]);
      }
    });
  });

  it('index every character tripled; a query asks for its pairs, tripled', () => {
    expect(keys.indexText('원빈\nab')).toBe('원원원빈빈빈\n\n\naaabbb');
    expect(keys.indexText('😀')).toBe('😀😀😀');
    expect(keys.matchQuery(keys.fold('원 빈'))).toBe('"원원빈"');
    expect(keys.matchQuery('wonbin')).toBe('"wwo" AND "oon" AND "nnb" AND "bbi" AND "iin"');
    expect(keys.matchQuery('ㅋ')).toBe('"ㅋㅋㅋ"');
    expect(keys.matchQuery('ㅋㅋ')).toBe('"ㅋㅋㅋ"');
    expect(keys.matchQuery('a"b')).toBe('"aa""" AND """""b"');
  });
});

describe('the vendored es-hangul', () => {
  it('is what the installed es-hangul builds (npm run vendor:hangul)', async () => {
    expect(readFileSync(VENDOR_FILE, 'utf8')).toBe(await buildVendorHangul());
  });
});
