/**
 * `npm start`: builds the app if dist/ is missing or older than its sources, then serves app, API,
 * files and realtime from one PocketBase on http://127.0.0.1:$PORT (default 8090) with the demo
 * data. PB_DATA moves the data dir; DEMO=0 skips the demo seed. Without SMTP_HOST, verification and
 * reset mail goes to a local sink that prints it (see app-server.ts). The push dispatcher runs
 * alongside with the VAPID keys made on first start (.vapid/, see server/vapid.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, ROOT } from './pocketbase.ts';
import { forwardSignals, startAppServer } from './app-server.ts';
import { vapidDir } from './vapid.ts';
import { SSR_DIR } from './ssr/renderer.ts';

const SOURCES = [
  'src',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'package.json',
  'server/build',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, f) => Math.max(m, newestMtime(join(path, f))), st.mtimeMs);
}

function buildIfStale(): void {
  const built = join(DIST_DIR, 'index.html');
  const rendererBuilt = existsSync(join(SSR_DIR, 'entry-server.js'));
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  if (builtAt >= sourcesAt && rendererBuilt) return;
  console.log('[start] building the app (vite build, and the first-screen renderer)…');
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  for (const args of [
    ['build', '--outDir', DIST_DIR, '--emptyOutDir'],
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', SSR_DIR, '--emptyOutDir'],
  ]) {
    const res = spawnSync(process.execPath, [vite, ...args], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

buildIfStale();
const { url, proc, mail } = await startAppServer({ publicDir: DIST_DIR });
forwardSignals([proc]);
console.log(`
  포카마켓 is running: ${url}
  demo accounts: fan1@example.com, fan2@example.com, admin@example.com — password photocard1234
  PocketBase dashboard: ${url}/_/
  mail: ${mail ? `local sink on port ${mail.port}, each mail and its links are printed here ([mail])` : `SMTP ${process.env.SMTP_HOST}`}
  push: dispatcher running ([push]); VAPID keys ${process.env.VAPID_PRIVATE_KEY ? 'from the environment' : `in ${vapidDir()}`}
`);
