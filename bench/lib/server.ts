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
 * The daily caps on posts and comments are lifted (LIFTED_DAILY_CAPS).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { findPocketBase, startPocketBase, waitForHealth } from '../../server/pocketbase.ts';
import { startRenderer } from '../../server/ssr/renderer.ts';
import {
  exemptLoopbackFromRateLimits,
  freePort,
  startTestServer,
  SUPERUSER,
  type TestServer,
} from '../../tests/helpers/pocketbase.ts';

export type RateLimitMode = 'loopback-exempt' | 'enforced';

/**
 * A benchmark's fans write far more in a run than a fan's day allows (30 exchange posts, 100
 * comments: pb_hooks/lib/daily-caps.js), so benchmarks lift the caps through their environment
 * variables; what is measured is the server's pace, not the caps.
 */
const LIFTED_DAILY_CAPS = { DAILY_POST_CAP: '1000000000', DAILY_COMMENT_CAP: '1000000000' };

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
    // the launcher's hook VM pool (server/pocketbase.ts), not the tests' smaller one
    env: { HOOKS_POOL: '320', ...LIFTED_DAILY_CAPS, ...opts.env },
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stopChild(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * A PocketBase (and, with `ssrDir`, the first-screen renderer) on an existing data dir, e.g. the
 * catalogue's (bench/catalogue/data-dir.ts). The dir stays as it is: its databases (`data.db`,
 * `auxiliary.db` and their WAL files) are copied into a temp dir the server runs on, and its
 * `storage/` is linked (files are read from it; thumbs PocketBase makes on demand land in it, as
 * they would on the dir itself). The dir must have the bench superuser (`SUPERUSER`), as
 * `startBenchServer`'s have. `bootMs` is the time from the spawn to a healthy `/api/health`.
 */
export async function startBenchServerOnDataDir(
  source: string,
  opts: {
    publicDir?: string | null;
    ssrDir?: string;
    rateLimits?: RateLimitMode;
    env?: Record<string, string>;
    /** How long PocketBase may take to answer /api/health (ms). */
    bootTimeoutMs?: number;
  } = {},
): Promise<BenchServer & { bootMs: number }> {
  const rateLimits = opts.rateLimits ?? 'loopback-exempt';
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-bench-dir-'));
  for (const f of readdirSync(source)) {
    if (/^(data|auxiliary)\.db(-wal|-shm)?$/.test(f))
      copyFileSync(join(source, f), join(dataDir, f));
  }
  if (existsSync(join(source, 'storage'))) {
    symlinkSync(join(source, 'storage'), join(dataDir, 'storage'), 'dir');
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const renderer =
    opts.publicDir && opts.ssrDir
      ? await startRenderer({
          pbUrl: url,
          distDir: opts.publicDir,
          ssrDir: opts.ssrDir,
          log: () => {},
        })
      : undefined;
  const env = {
    ...LIFTED_DAILY_CAPS,
    ...(renderer ? { SSR_URL: renderer.url } : {}),
    ...opts.env,
  };
  let output = '';
  let bootMs = 0;
  const launch = async () => {
    const started = performance.now();
    const proc = startPocketBase({ dataDir, port, publicDir: opts.publicDir ?? null, env });
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await waitForHealth(url, opts.bootTimeoutMs ?? 300_000);
    } catch (err) {
      proc.kill('SIGKILL');
      throw new Error(`${String(err)}\n${output}`, { cause: err });
    }
    bootMs = performance.now() - started;
    return proc;
  };
  let proc: ChildProcess;
  try {
    proc = await launch();
  } catch (err) {
    await renderer?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const server: BenchServer & { bootMs: number } = {
    url,
    port,
    dataDir,
    proc,
    renderer,
    rateLimits,
    rateLimitNote:
      rateLimits === 'enforced'
        ? "rate limiter on with the app's rules, loopback NOT exempt (429s back off as in the field)"
        : "rate limiter on with the app's rules, loopback (127.0.0.1, ::1) in excludedIPs",
    bootMs,
    client() {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      return pb;
    },
    async admin() {
      const pb = server.client();
      await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
      return pb;
    },
    async stop() {
      await stopChild(server.proc);
      await renderer?.stop();
      // the temp dir's storage is a link: removing the dir removes the link, never its target
      for (let i = 0; i < 3; i++) {
        try {
          rmSync(dataDir, { recursive: true, force: true });
          break;
        } catch {
          await sleep(200);
        }
      }
    },
    async restart() {
      await stopChild(server.proc);
      server.proc = await launch();
      server.bootMs = bootMs;
    },
  };
  try {
    if (rateLimits !== 'enforced') await exemptLoopbackFromRateLimits(await server.admin());
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}
