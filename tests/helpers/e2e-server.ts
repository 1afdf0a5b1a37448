/**
 * This worker's PocketBase (see e2e-global.ts): every e2e file reaches the shared server through
 * these, never through a project-wide value, so that files running at the same time in other
 * workers cannot change what it reads.
 */
import { inject } from 'vitest';
import type { E2eServer } from './e2e-global.ts';

function server(): E2eServer {
  const servers = inject('e2eServers');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const s = servers[(Math.max(1, slot) - 1) % servers.length];
  if (!s) throw new Error('no e2e server: run the e2e project (its global setup starts them)');
  return s;
}

/** The URL of this worker's PocketBase serving the built app. */
export const baseUrl = (): string => server().baseUrl;

/** Where this worker's mail sink lists the mail its server sent. */
export const mailSinkUrl = (): string => server().mailSinkUrl;

/**
 * The server-rendered HTML of `path`. The server answers with the plain shell when the renderer
 * takes over 4 s (pb_hooks/lib/ssr.js), which a machine running two copies of the suite can
 * make it: the page is asked again until it comes rendered (with its first-screen payload),
 * within a minute.
 */
export async function renderedPage(path: string): Promise<string> {
  const until = Date.now() + 60_000;
  for (;;) {
    const html = await (await fetch(`${baseUrl()}${path}`)).text();
    if (html.includes('id="first-screen"') || Date.now() > until) return html;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
