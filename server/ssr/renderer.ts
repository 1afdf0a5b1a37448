/**
 * Starts the first-screen render server (main.ts) as a child process for a PocketBase that will
 * listen on `pbUrl`, and returns its address, to give PocketBase as SSR_URL. Used by `npm start`,
 * the tests and the benchmarks alike. See docs/first-visit.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../pocketbase.ts';

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
  /** Where its output goes: 'inherit' for `npm start`; tests collect it. */
  log?: (line: string) => void;
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
  });
  const log = opts.log ?? ((line: string) => console.log(line));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      const text = d.toString();
      output += text;
      for (const line of text.split('\n')) if (line.trim()) log(line);
      const m = /\[ssr\] listening on (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
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
