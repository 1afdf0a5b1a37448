/**
 * How the flusher reads failures (src/data/sync/errors.ts): which answers are retried, which wait
 * for a login, which are final; the replay and duplicate signals of PocketBase; the backoff.
 */
import { describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import {
  backoffMs,
  classifyFailure,
  describeFailure,
  errorStatus,
  isDuplicate,
  isIdTaken,
} from '@/data/sync/errors.ts';

/** An error shaped exactly like the SDK's for an HTTP answer. */
function answer(status: number, data: Record<string, unknown> = {}, message = 'msg') {
  return new ClientResponseError({ status, response: { status, message, data } });
}

describe('classifyFailure', () => {
  it('retries network failures, aborts, timeouts, rate limits and server errors', () => {
    const network = new ClientResponseError({ originalError: new TypeError('fetch failed') });
    expect(network.status).toBe(0);
    expect(classifyFailure(network)).toBe('retry');
    expect(classifyFailure(new ClientResponseError({ isAbort: true }))).toBe('retry');
    for (const status of [408, 429, 500, 502, 503, 504]) {
      expect(classifyFailure(answer(status)), String(status)).toBe('retry');
    }
    // not even an error object: treated as trouble on the way, never as a refusal
    expect(classifyFailure(undefined)).toBe('retry');
    expect(classifyFailure(new Error('boom'))).toBe('retry');
  });

  it('waits for a login on 401', () => {
    expect(classifyFailure(answer(401))).toBe('auth');
  });

  it('takes any other 4xx as final', () => {
    for (const status of [400, 403, 404, 409, 413, 422]) {
      expect(classifyFailure(answer(status)), String(status)).toBe('final');
    }
  });
});

describe('PocketBase signals', () => {
  const idTaken = answer(400, {
    id: { code: 'validation_not_unique', message: 'Value must be unique.' },
  });
  const likedAlready = answer(400, { photoCard: { code: 'validation_not_unique' } });

  it('recognises a replayed create (the id exists)', () => {
    expect(isIdTaken(idTaken)).toBe(true);
    expect(isDuplicate(idTaken)).toBe(false);
  });

  it('recognises a duplicate of another unique index (a like of a card already liked)', () => {
    expect(isDuplicate(likedAlready)).toBe(true);
    expect(isIdTaken(likedAlready)).toBe(false);
  });

  it('ignores other answers', () => {
    for (const err of [
      answer(400, { description: { code: 'validation_profanity' } }),
      answer(404, { id: { code: 'validation_not_unique' } }),
      answer(400),
      new Error('x'),
      null,
    ]) {
      expect(isIdTaken(err)).toBe(false);
      expect(isDuplicate(err)).toBe(false);
    }
  });

  it('describes a failure with status, message and field codes', () => {
    const err = answer(400, { description: { code: 'validation_profanity' } }, '비속어');
    expect(errorStatus(err)).toBe(400);
    expect(describeFailure(err)).toBe('400 비속어 (description: validation_profanity)');
    expect(describeFailure(null)).toBe('0 error');
  });
});

describe('backoffMs', () => {
  const middle = () => 0.5;

  it('doubles from 1 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, middle))).toEqual([
      1000, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('jitters by ±20% and never goes past 30 s', () => {
    expect(backoffMs(3, () => 0)).toBe(3200);
    expect(backoffMs(3, () => 0.999999)).toBe(4800);
    for (const attempts of [6, 50, 5000, Number.MAX_SAFE_INTEGER]) {
      for (const r of [0, 0.5, 0.999999]) {
        const ms = backoffMs(attempts, () => r);
        expect(Number.isFinite(ms)).toBe(true);
        expect(ms).toBeLessThanOrEqual(30_000);
        expect(ms).toBeGreaterThanOrEqual(24_000);
      }
    }
  });
});
