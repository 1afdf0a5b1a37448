/**
 * Waiting for an outcome in a test: retries `check` until it passes. What bounds the wait is the
 * test's own timeout, not vitest's 1 s default for `vi.waitFor`: on a busy machine (a CI run beside
 * another suite) a screen that takes 3 s to settle makes the test slower, never red. A check that
 * can never pass still fails, with its last assertion, after WAIT_MS.
 */
import { vi } from 'vitest';

/**
 * The longest a wait retries: under the unit tests' 90 s timeout. A screen's chunk took over 20 s
 * to load through the transform pipeline beside a second copy of the suite.
 */
export const WAIT_MS = 60_000;

export function waitFor<T>(
  check: () => T | Promise<T>,
  options: { timeout?: number; interval?: number } = {},
): Promise<T> {
  return vi.waitFor(check, {
    interval: options.interval ?? 20,
    // an explicit bound may only lengthen the wait
    timeout: Math.max(options.timeout ?? 0, WAIT_MS),
  });
}
