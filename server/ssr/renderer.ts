/**
 * Starts the first-screen render server (main.ts) as a child process for a PocketBase that will
 * listen on `pbUrl`, and returns its address, to give PocketBase as SSR_URL. Used by `npm start`,
 * the tests and the benchmarks alike. See docs/first-visit.md. Its `[ssr] listening on <port>` line
 * is how the port is learnt; the launcher prints it at LOG_LEVEL=debug only, and the render
 * server's failures (stderr) as warnings (docs/operators.md, Logs).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../pocketbase.ts';
import { logAt } from '../log.ts';

export const SSR_DIR = join(ROOT, 'dist-ssr');

export interface Renderer {
  /** http://127.0.0.1:<port> */
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Whether a build has the renderer's bundle (`npm run build` makes both). */
export function hasRenderer(ssrDir = SSR_DIR): boolean {
  return existsSync(join(ssrDir, 'entry-server.js'));
}

export async function startRenderer(opts: {
  pbUrl: string;
  distDir: string;
  ssrDir?: string;
  appUrl?: string;
  /** Where its output goes, line by line: by default the launcher's log; tests collect it. */
  log?: (line: string) => void;
  /** In a process group of its own (the launcher's children: docs/operators.md, Restarts). */
  detached?: boolean;
}): Promise<Renderer> {
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/ssr/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PB_URL: opts.pbUrl,
      DIST_DIR: opts.distDir,
      SSR_DIR: opts.ssrDir ?? SSR_DIR,
      ...(opts.appUrl ? { APP_URL: opts.appUrl } : {}),
      // the event lists' "today" and dates in previews are Korea's, as for the fans
      TZ: process.env.TZ ?? 'Asia/Seoul',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  const log: (line: string, stream: 'stdout' | 'stderr') => void =
    opts.log ??
    ((line, stream) =>
      logAt(
        stream === 'stderr' ? 'warn' : /^\[ssr\] listening on \d+/.test(line) ? 'debug' : 'info',
        line,
      ));
  let output = '';
  let listening = false;
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (stream: 'stdout' | 'stderr') => (d: Buffer) => {
      const text = d.toString();
      for (const line of text.split('\n')) if (line.trim()) log(line, stream);
      // kept until the port is known (the error's text if it exits before), then no more
      if (listening) return;
      output += text;
      const m = /\[ssr\] listening on (\d+)/.exec(output);
      if (m) {
        listening = true;
        output = '';
        resolve(Number(m[1]));
      }
    };
    proc.stdout.on('data', onData('stdout'));
    proc.stderr.on('data', onData('stderr'));
    proc.once('exit', (code) => reject(new Error(`the renderer exited (${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
      }),
  };
}
