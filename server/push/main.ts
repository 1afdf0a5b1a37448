/**
 * The push dispatcher as a process of its own, for a service manager that runs it beside
 * PocketBase (deploy/pocamarket-push.service; docs/production.md, Processes). `npm start` runs the
 * same dispatcher inside its launcher instead (server/app-server.ts); this entry is for a server
 * whose parts are separate services. It talks to PocketBase directly on loopback, as a superuser.
 *
 * Environment:
 * - PB_URL: PocketBase (default http://127.0.0.1:$PORT, PORT default 8090).
 * - APP_URL (required): the public origin a push opens (docs/push.md, The payload).
 * - VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (required), VAPID_SUBJECT: the pair PocketBase also
 *   gets the public half of. Never made here: a new pair would orphan every subscription.
 * - POCAMARKET_SUPERUSER_EMAIL + POCAMARKET_SUPERUSER_PASSWORD: the superuser it logs in as;
 *   without them, the launcher's local superuser from `$PB_DATA/.seed-superuser.json` (PB_DATA
 *   default ./pb_data), so a data dir `npm start` made works too.
 * - PUSH_ALLOW_PRIVATE_ENDPOINTS=1: tests only (their push service is on 127.0.0.1), as for
 *   PocketBase's check of a subscription; never in production.
 *
 * Waits for PocketBase (up to a minute), checks the login once (a wrong password exits 1 with a
 * message, and the service manager tries again later), then runs until SIGTERM/SIGINT, when it
 * lets the passes under way finish (at most 5 s) and exits 0.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import PocketBase from 'pocketbase';
import { ROOT, waitForHealth } from '../pocketbase.ts';
import { startPushDispatcher } from './loop.ts';
import { appOrigin } from './pass.ts';
import { loadVapidKeys } from '../vapid.ts';
import { log } from '../log.ts';

function fail(message: string): never {
  log.error(`[push] ${message}`);
  process.exit(1);
}

/** The superuser to log in as: from the environment, else the launcher's file in the data dir. */
function credentials(): { email: string; password: string } {
  const email = process.env.POCAMARKET_SUPERUSER_EMAIL?.trim();
  const password = process.env.POCAMARKET_SUPERUSER_PASSWORD ?? '';
  if (email && password) return { email, password };
  const file = join(resolve(process.env.PB_DATA ?? join(ROOT, 'pb_data')), '.seed-superuser.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
  }
  return fail(
    `no superuser to log in as: set POCAMARKET_SUPERUSER_EMAIL and POCAMARKET_SUPERUSER_PASSWORD (or run beside a data dir with ${file})`,
  );
}

const pbUrl = (process.env.PB_URL || `http://127.0.0.1:${process.env.PORT || 8090}`).replace(
  /\/+$/,
  '',
);
const appUrl = process.env.APP_URL?.trim();
if (!appUrl) fail('APP_URL (the public origin a push opens) is required');
try {
  appOrigin(appUrl);
} catch (err) {
  fail(String(err instanceof Error ? err.message : err));
}
if (!process.env.VAPID_PUBLIC_KEY?.trim() || !process.env.VAPID_PRIVATE_KEY?.trim()) {
  fail('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required (npx web-push generate-vapid-keys)');
}
const vapid = loadVapidKeys();
const cred = credentials();
const login = async (pb: PocketBase) => {
  await pb.collection('_superusers').authWithPassword(cred.email, cred.password);
};

try {
  await waitForHealth(pbUrl, 60_000);
} catch (err) {
  fail(String(err instanceof Error ? err.message : err));
}
const pb = new PocketBase(pbUrl);
pb.autoCancellation(false);
try {
  await login(pb);
} catch (err) {
  fail(`could not log in to ${pbUrl} as ${cred.email}: ${String(err)}`);
}

const push = startPushDispatcher({
  pb,
  vapid,
  appUrl,
  login,
  allowPrivateEndpoints: process.env.PUSH_ALLOW_PRIVATE_ENDPOINTS?.trim() === '1',
});
// start-up chatter is for LOG_LEVEL=debug (server/log.ts): lines are for pushes and failures
log.debug(`[push] dispatching for ${pbUrl}, pushes open ${appOrigin(appUrl)}`);
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void push.stop({ graceMs: 5_000 }).then(() => process.exit(0));
  });
}
