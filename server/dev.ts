/**
 * `npm run dev`: PocketBase (API only, with the demo data) on PORT (default 8090) and Vite's
 * dev server on 5173 proxying /api and /_ to it, so the app still sees one origin. The push
 * dispatcher runs as in `npm start` (app-server.ts). PocketBase runs in dev mode here only: it
 * prints every request and SQL statement (docs/operators.md, Logs). Ctrl-C stops Vite, then the
 * rest in order (docs/operators.md, Restarts).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './pocketbase.ts';
import { runUntilStopped, startAppServer } from './app-server.ts';
import { log } from './log.ts';

const app = await startAppServer({ publicDir: null, dev: true }).catch((err: unknown) => {
  log.error(`[launcher] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
const vite = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PB_URL: app.url },
});
runUntilStopped(app, [{ name: 'Vite', proc: vite }]);
log.info(`  API: ${app.url} (PocketBase in dev mode); the app: Vite's address below`);
