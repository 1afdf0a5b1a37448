import { describe, expect, it } from 'vitest';
import { relativeTime } from '@/lib/relative-time';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime (product rules, Limits and messages)', () => {
  it.each([
    [0, '방금 전'],
    [59 * SECOND, '방금 전'],
    [MINUTE, '1분 전'],
    [59 * MINUTE + 59 * SECOND, '59분 전'],
    [HOUR, '1시간 전'],
    [23 * HOUR + 59 * MINUTE, '23시간 전'],
    [DAY, '1일 전'],
    [29 * DAY, '29일 전'],
    [30 * DAY, '1개월 전'],
    [59 * DAY, '1개월 전'],
    [60 * DAY, '2개월 전'],
    [11 * 30 * DAY + 29 * DAY, '11개월 전'],
    [360 * DAY, '1년 전'],
    [365 * DAY, '1년 전'],
    [2 * 360 * DAY, '2년 전'],
  ])('%d ms ago reads %s', (elapsed, label) => {
    expect(relativeTime(ago(elapsed), NOW)).toBe(label);
  });

  it('uses 30-day months, not calendar months', () => {
    // Jan 31 → Mar 1 is one calendar month but 29 days.
    expect(relativeTime('2025-01-31T00:00:00Z', '2025-03-01T00:00:00Z')).toBe('29일 전');
  });

  it('accepts ISO strings (PocketBase dates) and epoch numbers', () => {
    expect(relativeTime('2025-06-15 09:00:00.000Z', NOW)).toBe('3시간 전');
    expect(relativeTime(NOW.getTime() - 5 * MINUTE, NOW.getTime())).toBe('5분 전');
  });

  it('reads a date in the future (clock skew) as just now', () => {
    expect(relativeTime(new Date(NOW.getTime() + 10 * MINUTE), NOW)).toBe('방금 전');
  });

  it('gives an empty label for an unparsable date instead of NaN text', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });

  it('defaults now to the current time', () => {
    expect(relativeTime(new Date(Date.now() - 2 * HOUR))).toBe('2시간 전');
  });
});
