/**
 * Runs the launcher (`npm start`: server/start.ts) as a child process from a checkout-like temp
 * dir, for the tests of its logs and restarts (tests/integration/quiet-start.test.ts,
 * safe-restart.test.ts). The PocketBase binary is linked under the system temp dir, which is what a
 * checkout under /tmp does to it (PocketBase then takes itself for `go run` and turns dev mode
 * on). The served build is a one-file stand-in (POCAMARKET_DIST: never built, and the project's
 * dist/ may be rebuilt by the e2e lane meanwhile); the data dir starts from the run's migrated
 * template when there is one. Every line printed is kept with its time. Stopped by process id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPocketBase, ROOT } from '../../server/pocketbase.ts';
import { TEMPLATE_ENV } from './pocketbase.ts';

export interface Checkout {
  dir: string;
  /** The PocketBase binary, linked under the temp dir. */
  bin: string;
  dataDir: string;
  remove(): void;
}

/** A temp dir laid out like a checkout under /tmp, with a data dir the launcher may reuse. */
export function tempCheckout(): Checkout {
  const dir = mkdtempSync(join(tmpdir(), 'launcher-'));
  const bin = join(dir, 'pocketbase');
  symlinkSync(findPocketBase(), bin);
  const dist = join(dir, 'dist');
  mkdirSync(dist);
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="ko"><head><title>포카마켓</title></head><body><div id="root"></div></body></html>\n',
  );
  const dataDir = join(dir, 'pb_data');
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(join(template, 'data.db'))) {
    cpSync(template, dataDir, { recursive: true });
  }
  return { dir, bin, dataDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Line {
  at: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface Launcher {
  url: string;
  proc: ChildProcess;
  lines: Line[];
  /** When the ready banner's last line was printed. */
  readyAt: number;
  /** The launcher's children (PocketBase, the render server, tsx's esbuild), read when ready. */
  childPids: number[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /**
   * SIGTERM and the exit; past `timeoutMs` SIGKILL, to the launcher and its children (they have
   * process groups of their own and would outlive it).
   */
  stop(timeoutMs?: number): Promise<{ code: number | null }>;
  /** The launcher's superuser (made on first start in the data dir). */
  superuser(): { email: string; password: string };
}

/** The banner's last line (server/start.ts). */
const BANNER_END = /^ {2}logs: LOG_LEVEL=/;

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** Starts `npm start`'s entry on `port` and waits for its ready banner (at most `readyMs`). */
export async function launch(
  checkout: Checkout,
  opts: { port: number; env?: Record<string, string>; readyMs?: number },
): Promise<Launcher> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    PB_DATA: checkout.dataDir,
    DEMO: '0',
    POCAMARKET_DIST: join(checkout.dir, 'dist'),
    VAPID_DIR: join(checkout.dir, '.vapid'),
    POCKETBASE_BIN: checkout.bin,
    HOOKS_POOL: '32',
    ...opts.env,
  };
  if (!opts.env?.['LOG_LEVEL']) delete env['LOG_LEVEL'];
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/start.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Line[] = [];
  let readyAt = 0;
  for (const stream of ['stdout', 'stderr'] as const) {
    let rest = '';
    proc[stream].setEncoding('utf8');
    proc[stream].on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) {
        lines.push({ at: Date.now(), stream, text });
        if (!readyAt && BANNER_END.test(text)) readyAt = Date.now();
      }
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const until = Date.now() + (opts.readyMs ?? 90_000);
  let gone = false;
  void exited.then(() => (gone = true));
  while (!readyAt && !gone && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  const printed = () => lines.map((l) => l.text).join('\n');
  if (!readyAt) {
    if (!gone) proc.kill('SIGKILL');
    throw new Error(`the launcher did not get ready:\n${printed()}`);
  }
  const launcher: Launcher = {
    url: `http://127.0.0.1:${opts.port}`,
    proc,
    lines,
    readyAt,
    childPids: childrenOf(proc.pid!),
    exited,
    async stop(timeoutMs = 60_000) {
      if (!gone) proc.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const pid of [proc.pid!, ...launcher.childPids]) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone already
          }
        }
      }, timeoutMs);
      const { code } = await exited;
      clearTimeout(timer);
      return { code };
    },
    superuser: () =>
      JSON.parse(readFileSync(join(checkout.dataDir, '.seed-superuser.json'), 'utf8')) as {
        email: string;
        password: string;
      },
  };
  running.add(launcher);
  void exited.then(() => running.delete(launcher));
  return launcher;
}

const running = new Set<Launcher>();

/** Stops every launcher this file started that is still running (an afterAll). */
export async function stopLaunchers(): Promise<void> {
  await Promise.all([...running].map((l) => l.stop(20_000)));
}

/** Whether a process is still there (a zombie reaped by init counts as gone). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
