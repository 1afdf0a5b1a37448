/**
 * The outbox's names module (the kind names and key shapes, kept free of valibot and i18n for the
 * entry bundle) names exactly the kinds the registry knows.
 */
import { describe, expect, it } from 'vitest';
import { MUTATION_KINDS } from '@/data/outbox/index.ts';
import {
  blockOrderKey,
  KINDS,
  likeOrderKey,
  messagesOrderKey,
  recordKey,
  tradeItemOrderKey,
} from '@/data/outbox/names.ts';

describe('outbox names', () => {
  it('names every registered kind, and every name has a kind', () => {
    expect(new Set(Object.values(KINDS))).toEqual(new Set(MUTATION_KINDS.keys()));
  });

  it('keeps the stored key shapes', () => {
    expect(recordKey('collectBook', 'b1')).toBe('collectBook/b1');
    expect(likeOrderKey('u1', 'c1')).toBe('likes:u1:c1');
    expect(tradeItemOrderKey('u1', 'c1')).toBe('tradeItems:u1:c1');
    expect(messagesOrderKey('v1')).toBe('messages:v1');
    expect(blockOrderKey('u1', 'u2')).toBe('blocks:u1:u2');
  });
});
