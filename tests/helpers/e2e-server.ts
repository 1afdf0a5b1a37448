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
