/**
 * Accessibility audit with axe-core inside the page under test: returns the violations of
 * WCAG 2.x A/AA rules (contrast, names, alt text, landmarks…) as short strings for assertions.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>;
}

export async function axeViolations(page: Page): Promise<string[]> {
  // Finite animations (an element fading in) first run to their end: contrast measured half-way
  // through a fade is the fade's, not the screen's. Endless ones (spinners) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: AXE_SOURCE });
  }
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => unknown } })
      .axe;
    return (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // only the violations are read: axe then skips gathering the nodes of every passing and
      // inapplicable check (a run on the home screen took about a quarter less CPU)
      resultTypes: ['violations'],
    })) as AxeResult;
  });
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}
