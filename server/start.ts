/**
 * `npm start`: builds the app if dist/ is missing or older than its sources, then serves app, API,
 * files and realtime from one PocketBase on http://127.0.0.1:$PORT (default 8090) with the demo
 * data. PB_DATA moves the data dir; DEMO=0 skips the demo seed. Without SMTP_HOST, verification and
 * reset mail goes to a local sink that prints it (see app-server.ts). The push dispatcher runs
 * alongside with the VAPID keys made on first start (.vapid/, see server/vapid.ts).
 * POCAMARKET_DIST serves a build made elsewhere as it is (never built here).
 *
 * The ready banner is the last thing printed at start: at LOG_LEVEL info (the default) an idle
 * server prints nothing after it (docs/operators.md, Logs). SIGTERM or Ctrl-C stops the parts in
 * order (docs/operators.md, Restarts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, ROOT } from './pocketbase.ts';
import { config, runUntilStopped, startAppServer, type AppServer } from './app-server.ts';
import { vapidDir } from './vapid.ts';
import { SSR_DIR } from './ssr/renderer.ts';
import { log, logLevel } from './log.ts';

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
  // a build made elsewhere (POCAMARKET_DIST: a test build) is served as it is
  if (process.env.POCAMARKET_DIST) return;
  const built = join(DIST_DIR, 'index.html');
  const rendererBuilt = existsSync(join(SSR_DIR, 'entry-server.js'));
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  if (builtAt >= sourcesAt && rendererBuilt) return;
  log.info('[launcher] building the app (vite build, and the first-screen renderer)…');
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  for (const args of [
    ['build', '--outDir', DIST_DIR, '--emptyOutDir'],
    ['build', '--ssr', 'src/entry-server.tsx', '--outDir', SSR_DIR, '--emptyOutDir'],
  ]) {
    const res = spawnSync(process.execPath, [vite, ...args], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
}

/** What is running and where, said once everything has started. */
function banner(app: AppServer): string {
  const { demo } = config();
  const { url, mail, renderer, replication } = app;
  return [
    '',
    `  포카마켓 is running: ${url}`,
    ...(demo
      ? [
          '  demo accounts: fan1@example.com, fan2@example.com, admin@example.com — password photocard1234',
        ]
      : []),
    `  PocketBase dashboard: ${url}/_/`,
    `  first screens: ${renderer ? `render server on ${renderer.url.replace('http://', '')}` : 'off (no dist-ssr/ build): the plain shell'}`,
    `  mail: ${mail ? `local sink on port ${mail.port}, each mail and its links are printed here ([mail])` : `SMTP ${process.env.SMTP_HOST}`}`,
    `  push: dispatcher running ([push] for sends and failures); VAPID keys ${process.env.VAPID_PRIVATE_KEY ? 'from the environment' : `in ${vapidDir()}`}`,
    `  replication: ${replication ? `to ${replication.target}` : 'off (REPLICA_DIR, REPLICA_S3 not set)'}`,
    `  logs: LOG_LEVEL=${logLevel()}; ${logLevel() === 'debug' ? 'each request is printed ([http])' : 'nothing more is printed until something happens'}`,
    '',
  ].join('\n');
}

buildIfStale();
const app = await startAppServer({ publicDir: DIST_DIR }).catch((err: unknown) => {
  log.error(`[launcher] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
runUntilStopped(app);
log.info(banner(app));
