import { describe, expect, it } from 'vitest';
import { MAX_VISIBLE_TOASTS, toastsOverLimit } from '@/components/ui/toast-limit';

// react-hot-toast keeps its list newest first.
function toasts(count: number, visible = true) {
  return Array.from({ length: count }, (_, i) => ({
    id: `t${count - i}`,
    visible,
    createdAt: 1000 + (count - i),
  }));
}

describe('toastsOverLimit (product rules, Limits and messages: at most 20 toasts)', () => {
  it('keeps 20', () => {
    expect(MAX_VISIBLE_TOASTS).toBe(20);
    expect(toastsOverLimit(toasts(20))).toEqual([]);
  });

  it('dismisses the oldest beyond 20', () => {
    expect(toastsOverLimit(toasts(23))).toEqual(['t3', 't2', 't1']);
  });

  it('ignores toasts already on their way out', () => {
    const list = [...toasts(20), { id: 'gone', visible: false, createdAt: 1 }];
    expect(toastsOverLimit(list)).toEqual([]);
  });

  it('does not depend on the order it is given', () => {
    expect(toastsOverLimit(toasts(22).reverse())).toEqual(['t2', 't1']);
  });

  it('keeps the store order for toasts created in the same millisecond', () => {
    const same = Array.from({ length: 4 }, (_, i) => ({
      id: `s${i}`,
      visible: true,
      createdAt: 5,
    }));
    expect(toastsOverLimit(same, 2)).toEqual(['s2', 's3']);
  });
});
