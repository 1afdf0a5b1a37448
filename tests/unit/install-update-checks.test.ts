// How often a long-open tab asks for a new service worker (app/update-checks.ts), the check behind
// the '새 버전이 준비되었어요' toast.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  scheduleUpdateChecks,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_CHECK_MIN_GAP_MS,
} from '@/app/update-checks';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const becomeVisible = () => {
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('scheduleUpdateChecks', () => {
  it('checks every hour', () => {
    const check = vi.fn();
    const stop = scheduleUpdateChecks(check);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS - 1);
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_INTERVAL_MS);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('checks when the tab comes back or the network returns, at most once per gap', () => {
    const check = vi.fn();
    const stop = scheduleUpdateChecks(check);
    // just registered: the browser has checked already
    becomeVisible();
    expect(check).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_CHECK_MIN_GAP_MS);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(check).not.toHaveBeenCalled();
    becomeVisible();
    expect(check).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    becomeVisible();
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_CHECK_MIN_GAP_MS);
    window.dispatchEvent(new Event('online'));
    expect(check).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(UPDATE_CHECK_MIN_GAP_MS);
    becomeVisible();
    expect(check).toHaveBeenCalledTimes(2);
  });
});
