/**
 * `npm run dev`: PocketBase (API only, with the demo data) on PORT (default 8090) and Vite's
 * dev server on 5173 proxying /api and /_ to it, so the app still sees one origin. The push
 * dispatcher runs as in `npm start` (app-server.ts) and stops when PocketBase does.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './pocketbase.ts';
import { forwardSignals, startAppServer } from './app-server.ts';

const { url, proc } = await startAppServer({ publicDir: null, dev: true });
const vite = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, PB_URL: url },
});
forwardSignals([proc, vite]);
