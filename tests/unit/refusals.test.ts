// How the flusher reads a refusal for a dead letter (src/data/sync/errors.ts, docs/sync.md): the
// server's Korean reason when it explains one the fan can act on, and whether a retry of the same
// change could ever succeed (a block, a proposal whose terms changed: it cannot).
import { describe, expect, it } from 'vitest';
import { explainedRefusal, isHopeless } from '@/data/sync/errors';

const refusal = (status: number, code: string, message: string) => ({
  status,
  response: { message, data: { conversation: { code, message } } },
});

describe('a refused change', () => {
  it('a block: the server’s reason, and no retry', () => {
    const err = refusal(400, 'validation_blocked', '이 사용자와는 대화하거나 교환할 수 없어요.');
    expect(explainedRefusal(err)).toBe('이 사용자와는 대화하거나 교환할 수 없어요.');
    expect(isHopeless(err)).toBe(true);
  });

  it('changed terms: the reason, and no retry of the stale accept', () => {
    const err = refusal(400, 'validation_terms_changed', '상대가 교환 제안 내용을 바꿨어요.');
    expect(explainedRefusal(err)).toBe('상대가 교환 제안 내용을 바꿨어요.');
    expect(isHopeless(err)).toBe(true);
  });

  it('a daily cap: the reason, and a retry may succeed another day', () => {
    const err = refusal(400, 'validation_daily_cap', '오늘은 더 올릴 수 없어요.');
    expect(explainedRefusal(err)).toBe('오늘은 더 올릴 수 없어요.');
    expect(isHopeless(err)).toBe(false);
  });

  it('any other refusal: the action’s own message, and a retry offered', () => {
    const err = refusal(400, 'validation_required', 'Cannot be blank.');
    expect(explainedRefusal(err)).toBeNull();
    expect(isHopeless(err)).toBe(false);
    expect(isHopeless(refusal(403, 'validation_blocked', ''))).toBe(false);
  });
});
