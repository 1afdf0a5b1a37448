// src/lib/card-search.ts: a card's searchable text is made once, also when a live query reads the
// same card again as a new object (offline search over a fan's 1,200 cards recomputed every text
// on every keystroke before), and made again when the card's fields change.
import { describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ n: 0 }));
vi.mock('es-hangul', async (load) => {
  const real = await load<typeof import('es-hangul')>();
  return {
    ...real,
    getChoseong: (s: string) => {
      calls.n += 1;
      return real.getChoseong(s);
    },
  };
});

// a fresh copy of the module, with the counting es-hangul (other files may have loaded it already)
vi.resetModules();
const { filterCards } = await import('@/lib/card-search.ts');

const card = (title: string) => ({
  group: 'riize',
  groupName: 'RIIZE',
  memberName: '원빈',
  memberNameEn: 'WONBIN',
  title,
  label: '앨범',
});

describe('searchable texts', () => {
  it('are made once per card, whatever object the card comes in', () => {
    const names = new Map([['riize', '라이즈']]);
    const first = [card('겟 어 기타'), card('Boom Boom Bass')];
    expect(filterCards(first, 'ㅇㅂ', names)).toHaveLength(2);
    const made = calls.n;
    expect(made).toBeGreaterThan(0);
    // the same cards read again: new objects, same fields
    const again = first.map((c) => ({ ...c }));
    expect(filterCards(again, 'ㄱㅇㄱㅌ', names)).toEqual([again[0]]);
    expect(filterCards(again, '라이즈', names)).toHaveLength(2);
    expect(calls.n).toBe(made);
    // a changed title is a new text, and matches by it
    const edited = [{ ...again[0]!, title: '사이렌' }];
    expect(filterCards(edited, 'ㅅㅇㄹ', names)).toEqual(edited);
    expect(calls.n).toBeGreaterThan(made);
  });
});
