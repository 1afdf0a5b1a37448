/**
 * Setup for the layer that runs a failed test again (e2e): each failed attempt prints its errors
 * (their stacks without vitest's own frames). Vitest's reporter shows a test that passed on its
 * second attempt as passed, "(retry x1)", and drops the first attempt's error, so without this a
 * journey that fails now and then on a loaded machine leaves no trace of why.
 */
import { beforeEach } from 'vitest';

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    const attempt = (task.result?.retryCount ?? 0) + 1;
    const errors = (task.result?.errors ?? [])
      .map((e) =>
        (e.stack ?? e.message)
          .split('\n')
          .filter((l) => !l.includes('/node_modules/') && !l.includes('new Promise')),
      )
      .map((lines) => lines.join('\n'))
      .join('\n');
    console.error(`[failed attempt ${attempt}] ${task.file.name} > ${task.name}\n${errors}`);
  });
});
