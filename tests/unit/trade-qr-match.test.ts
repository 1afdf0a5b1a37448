// The scan screen's two-way match (docs/trade-qr.md, Screens): their have ∩ my want and their
// want ∩ my have, in their code's order, with the fan as the code names them.
import { describe, expect, it } from 'vitest';
import { matchScan } from '@/features/trade-qr/match';

describe('matchScan', () => {
  it('pairs their lists with mine both ways', () => {
    const decoded = {
      fan: { id: 'fan2', name: '포카요정' },
      have: ['c1', 'c2', 'c3'],
      want: ['c7', 'c5', 'c9'],
      unknown: 2,
    };
    expect(matchScan(decoded, { have: ['c5', 'c7', 'c8'], want: ['c3', 'c1', 'c4'] })).toEqual({
      fan: { id: 'fan2', name: '포카요정' },
      theyHave: ['c1', 'c3'],
      theyWant: ['c7', 'c5'],
    });
  });

  it('is empty both ways when nothing matches', () => {
    const decoded = { fan: { id: 'f', name: 'n' }, have: ['a'], want: ['b'], unknown: 0 };
    expect(matchScan(decoded, { have: ['a'], want: ['b'] })).toEqual({
      fan: { id: 'f', name: 'n' },
      theyHave: [],
      theyWant: [],
    });
  });
});
