import { describe, expect, it } from 'vitest';
import { containsProfanity, normalizeForProfanity } from '@/lib/profanity.ts';

describe('profanity check (same rules as the server hook)', () => {
  it('passes ordinary exchange posts', () => {
    expect(containsProfanity('원빈 포카 구해요! 쇼타로 포카랑 교환 원해요')).toBe(false);
    expect(containsProfanity('Looking for Anton card, DM me')).toBe(false);
  });

  it('catches words hidden by spaces, case, full-width letters and zero-width characters', () => {
    expect(containsProfanity('씨발')).toBe(true);
    expect(containsProfanity('씨 발')).toBe(true);
    expect(containsProfanity('FuCk this')).toBe(true);
    expect(containsProfanity('ｆｕｃｋ')).toBe(true);
    expect(containsProfanity('f\u200Bu\u200Cc\uFEFFk')).toBe(true);
    expect(containsProfanity('시\u200B발')).toBe(true);
  });

  it('normalises the way the server does', () => {
    expect(normalizeForProfanity(' Ａ b\u200B c ')).toBe('abc');
  });
});
