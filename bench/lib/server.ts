/**
 * A real PocketBase for benchmarks: the project's migrations and hooks, a fresh temp data dir, a
 * free port on 127.0.0.1 and a superuser (the test fixture, so tests and benchmarks run the
 * server the same way). Optionally serves a built bench page from the same origin (`publicDir`),
 * and with `ssrDir` (the app's SSR bundle) the first-screen renderer answers the main routes'
 * navigations, as `npm start` runs it.
 *
 * Rate limits: the app's limiter stays on with its own rules. By default loopback (127.0.0.1,
 * ::1) is added to `rateLimits.excludedIPs`, because the benchmark's one browser would otherwise
 * be throttled like a single abusive client; 'enforced' keeps loopback subject to the rules.
 */
import { spawnSync } from 'node:child_process';
import { findPocketBase } from '../../server/pocketbase.ts';
import { startTestServer, type TestServer } from '../../tests/helpers/pocketbase.ts';

export type RateLimitMode = 'loopback-exempt' | 'enforced';

export interface BenchServer extends TestServer {
  rateLimits: RateLimitMode;
  /** What the rate limiter does for this run, in words, for the printed output. */
  rateLimitNote: string;
}

export async function startBenchServer(opts: {
  publicDir?: string | null;
  /** The first-screen renderer's build for `publicDir`; without it, the plain shell only. */
  ssrDir?: string;
  rateLimits?: RateLimitMode;
  /** Extra environment for PocketBase (S3_* for files on object storage). */
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const rateLimits = opts.rateLimits ?? 'loopback-exempt';
  const server = await startTestServer({
    publicDir: opts.publicDir ?? null,
    rateLimits,
    ssrDir: opts.ssrDir ?? false,
    ...(opts.env ? { env: opts.env } : {}),
  });
  const rateLimitNote =
    rateLimits === 'enforced'
      ? "rate limiter on with the app's rules, loopback NOT exempt (429s back off as in the field)"
      : "rate limiter on with the app's rules, loopback (127.0.0.1, ::1) in excludedIPs";
  return Object.assign(server, { rateLimits, rateLimitNote });
}

/** `pocketbase --version`, e.g. "0.40.4". */
export function pocketBaseVersion(): string | null {
  const res = spawnSync(findPocketBase(), ['--version'], { encoding: 'utf8' });
  const match = /(\d+\.\d+\.\d+)/.exec(res.stdout ?? '');
  return match ? match[1]! : null;
}
