/**
 * Runs the Litestream binary (docs/scaling.md, Replication): finds it, writes its configuration
 * for a data dir into a private temp dir, starts `litestream replicate` as a child process and
 * stops it (SIGTERM: Litestream uploads what is left, then exits; past a bounded wait, SIGKILL).
 * Also runs `litestream restore` for server/replication/restore.ts.
 *
 * The binary comes from the npm package `@flydotio/litestream-linux-x64` (Litestream v0.3.13);
 * `LITESTREAM_BIN`, then a `litestream` on PATH, take over where that package is missing.
 *
 * Litestream logs at info level into a pipe read here: its "wal segment written" lines tell when
 * an upload finished (`lastUploadAt`, for the drill and the bench); only its warnings and errors
 * reach `log`, so a server that is idle prints nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { litestreamConfig, type ReplicaSettings } from './config.ts';

export function findLitestream(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.LITESTREAM_BIN;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`LITESTREAM_BIN points to a missing file: ${fromEnv}`);
    return fromEnv;
  }
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('@flydotio/litestream-linux-x64/package.json');
    const bin = join(dirname(pkg), 'litestream');
    if (existsSync(bin)) return bin;
  } catch {
    // not installed on this platform: fall through to PATH
  }
  const which = spawnSync('sh', ['-c', 'command -v litestream'], { encoding: 'utf8' });
  const onPath = which.stdout.trim();
  if (which.status === 0 && onPath) return onPath;
  throw new Error(
    'Litestream binary not found: run `npm install` (linux-x64), or set LITESTREAM_BIN to a Litestream v0.3.13 binary.',
  );
}

/** `litestream version`, e.g. "v0.3.13". */
export function litestreamVersion(env: NodeJS.ProcessEnv = process.env): string {
  const res = spawnSync(findLitestream(env), ['version'], { encoding: 'utf8' });
  return res.stdout.trim();
}

/** A private temp dir holding the configuration; removed with `dispose`. */
export function writeConfigFile(
  settings: ReplicaSettings,
  dataDir: string,
  opts: Parameters<typeof litestreamConfig>[2] = {},
): { path: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'pocamarket-litestream-'));
  const path = join(dir, 'litestream.yml');
  writeFileSync(path, litestreamConfig(settings, dataDir, opts), { mode: 0o600 });
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One line of Litestream's text log, read. */
export interface LogLine {
  level: string;
  msg: string;
  /** The line without its time and level. */
  text: string;
}

export function parseLogLine(line: string): LogLine {
  const level = /(?:^|\s)level=(\w+)/.exec(line)?.[1] ?? '';
  const msg = /(?:^|\s)msg=("(?:[^"\\]|\\.)*"|\S+)/.exec(line)?.[1] ?? '';
  const text = line
    .replace(/(?:^|\s)time=\S+/, '')
    .replace(/(?:^|\s)level=\w+/, '')
    .trim();
  return { level, msg: msg.startsWith('"') ? (JSON.parse(msg) as string) : msg, text };
}

export interface LitestreamProcess {
  /** Where the replica is, in words. */
  target: string;
  pid: number | undefined;
  proc: ChildProcess;
  /** When Litestream last finished an upload (a WAL segment or a snapshot), ms since the epoch. */
  lastUploadAt: number | null;
  /** Uploads finished since the start. */
  uploads: number;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string | null>;
  /** SIGTERM (Litestream's final sync), then SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
  /** SIGKILL: gone at once, nothing more uploaded (a crash, for the drill). */
  kill(): Promise<void>;
}

/**
 * Starts `litestream replicate` for `dataDir` and resolves once it has opened the databases;
 * rejects with its output if it exits first (a bad configuration) or is not ready in time.
 */
export async function startLitestream(opts: {
  dataDir: string;
  settings: ReplicaSettings;
  /** Gets Litestream's warnings and errors (and anything it prints that is not a log line). */
  log?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
  /** Settings of the configuration file beyond the environment's (the bench's comparison). */
  config?: Parameters<typeof litestreamConfig>[2];
}): Promise<LitestreamProcess> {
  const env = opts.env ?? process.env;
  const config = writeConfigFile(opts.settings, opts.dataDir, opts.config);
  const proc = spawn(
    findLitestream(env),
    // the configuration holds paths as they are: no $VAR in it is Litestream's to expand
    ['replicate', '-config', config.path, '-no-expand-env'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...env, ...opts.settings.childEnv } },
  );
  const early: string[] = [];
  let ready = false;
  let uploading = 0;
  let stopping = false;
  let markReady: () => void = () => {};
  const readyNow = new Promise<void>((resolve) => (markReady = resolve));
  const handle: LitestreamProcess = {
    target: opts.settings.target,
    pid: proc.pid,
    proc,
    lastUploadAt: null,
    uploads: 0,
    exited: new Promise((resolve) => {
      proc.once('exit', (code, signal) => {
        config.dispose();
        resolve(code ?? signal);
      });
      proc.once('error', (err) => {
        early.push(String(err));
        config.dispose();
        resolve(null);
      });
    }),
    stop: async (timeoutMs = 15_000) => {
      // Litestream 0.3.13's final sync does not wait for an upload already under way: the two
      // write the same segment at once (a file replica's work file is then lost and the stop
      // fails). So the stop waits for one under way to finish, a few seconds at most.
      stopping = true;
      const until = Date.now() + 5_000;
      while (uploading > 0 && Date.now() < until && proc.exitCode === null) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await stopProcess(proc, handle.exited, timeoutMs);
    },
    kill: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await handle.exited;
    },
  };
  const onLine = (line: string) => {
    if (!line.trim()) return;
    const parsed = parseLogLine(line);
    if (!ready) early.push(line);
    if (parsed.msg === 'initialized db') {
      ready = true;
      markReady();
    } else if (parsed.msg === 'write wal segment' || parsed.msg === 'write snapshot') {
      uploading += 1;
    } else if (parsed.msg === 'wal segment written' || parsed.msg === 'snapshot written') {
      uploading = Math.max(0, uploading - 1);
      handle.lastUploadAt = Date.now();
      handle.uploads += 1;
    } else if (parsed.msg === 'monitor error') {
      // a failed upload logs this instead of "written"
      uploading = 0;
    }
    // on SIGTERM Litestream 0.3.13 cancels its context before its final sync, whose checkpoint
    // then fails with "context canceled" after the WAL was copied and before it is uploaded;
    // the upload still happens and the error says nothing more
    const shutdownNoise = stopping && /context canceled/.test(line);
    if ((!parsed.level || parsed.level === 'ERROR' || parsed.level === 'WARN') && !shutdownNoise) {
      say(parsed.text || line);
    }
  };
  // the same message (a checkpoint that found the database busy, an unreachable bucket) is
  // printed once a minute, with how often it came meanwhile
  const said = new Map<string, { at: number; more: number }>();
  const say = (text: string) => {
    const key = text.replace(/(?:^|\s)db=\S+/, '');
    const last = said.get(key);
    const now = Date.now();
    if (last && now - last.at < 60_000) {
      last.more += 1;
      return;
    }
    said.set(key, { at: now, more: 0 });
    opts.log?.(last?.more ? `${text} (${last.more} more like it since it was last printed)` : text);
  };
  for (const stream of [proc.stdout!, proc.stderr!]) {
    createInterface({ input: stream }).on('line', onLine);
  }
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    readyNow.then(() => 'ready' as const),
    handle.exited.then(() => 'exited' as const),
    new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), opts.readyTimeoutMs ?? 30_000);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === 'ready') return handle;
  if (outcome === 'late') await handle.stop(2_000);
  throw new Error(
    `litestream ${outcome === 'late' ? 'did not open the database in time' : 'exited at start'}:\n${early.join('\n')}`,
  );
}

async function stopProcess(
  proc: ChildProcess,
  exited: Promise<unknown>,
  timeoutMs: number,
): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return void (await exited);
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/**
 * `litestream restore` of every replicated database into `dataDir` (which must hold none of
 * them), to the latest state or to `at`. Returns Litestream's output.
 */
export async function runRestore(opts: {
  settings: ReplicaSettings;
  dataDir: string;
  database: string;
  at?: Date;
  env?: NodeJS.ProcessEnv;
}): Promise<{ code: number | null; output: string }> {
  const env = opts.env ?? process.env;
  const config = writeConfigFile(opts.settings, opts.dataDir);
  const args = ['restore', '-config', config.path, '-no-expand-env'];
  if (opts.at) args.push('-timestamp', opts.at.toISOString());
  args.push(join(opts.dataDir, opts.database));
  try {
    const proc = spawn(findLitestream(env), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, ...opts.settings.childEnv },
    });
    let output = '';
    proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      proc.once('error', reject);
      proc.once('exit', (c) => resolve(c));
    });
    return { code, output };
  } finally {
    config.dispose();
  }
}
