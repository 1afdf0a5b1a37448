/**
 * Brings up the whole backend for `npm start` and `npm run dev`: migrates the data dir, makes sure
 * a local superuser exists for seeding (its random password stays in the ignored data dir), starts
 * PocketBase on 127.0.0.1 and seeds the demo data unless DEMO=0.
 *
 * Mail: when SMTP_HOST is not set, a local mail sink (server/mail-sink.ts) receives PocketBase's
 * verification and reset mail and prints each one with its links; otherwise the SMTP_* variables
 * go to PocketBase as they are (pb_hooks/mail-settings.pb.js applies them). APP_URL (the origin in
 * mail links) defaults to this server's URL.
 *
 * Push: the VAPID key pair is loaded or made on first start (server/vapid.ts); PocketBase gets the
 * public half in VAPID_PUBLIC_KEY (GET /api/push/public-key) and the push dispatcher
 * (server/push-dispatcher.ts) runs here as that local superuser until PocketBase exits.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import PocketBase from 'pocketbase';
import { ROOT, runPocketBaseCommand, startPocketBase, waitForHealth } from './pocketbase.ts';
import { sinkEnv, startMailSink, type MailSink } from './mail-sink.ts';
import { startPushDispatcher, type PushDispatcher } from './push-dispatcher.ts';
import { loadVapidKeys } from './vapid.ts';
import { hasRenderer, startRenderer, type Renderer } from './ssr/renderer.ts';

export interface AppServer {
  url: string;
  proc: ChildProcess;
  /** The local mail sink, when SMTP_HOST is not set. */
  mail?: MailSink;
  push: PushDispatcher;
  /** The first-screen render server (server/ssr/), when the served build has its bundle. */
  renderer?: Renderer;
}

export function config() {
  return {
    port: Number(process.env.PORT ?? 8090),
    dataDir: resolve(process.env.PB_DATA ?? join(ROOT, 'pb_data')),
    demo: process.env.DEMO !== '0',
  };
}

/** A superuser only this machine knows, used to seed; created on first start. */
function ensureSeedSuperuser(dataDir: string): { email: string; password: string } {
  const file = join(dataDir, '.seed-superuser.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as { email: string; password: string };
  }
  const cred = { email: 'seed@localhost.local', password: randomBytes(18).toString('base64url') };
  runPocketBaseCommand(dataDir, ['superuser', 'upsert', cred.email, cred.password]);
  writeFileSync(file, JSON.stringify(cred), { mode: 0o600 });
  return cred;
}

export async function startAppServer(opts: {
  publicDir: string | null;
  dev?: boolean;
}): Promise<AppServer> {
  const { port, dataDir, demo } = config();
  mkdirSync(dataDir, { recursive: true });
  runPocketBaseCommand(dataDir, ['migrate', 'up']);
  const cred = ensureSeedSuperuser(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const appUrl = process.env.APP_URL || url;
  const vapid = loadVapidKeys();
  const mail = process.env.SMTP_HOST ? undefined : await startMailSink();
  if (mail) console.log(`[mail] local mail sink on 127.0.0.1:${mail.port} (SMTP_HOST not set)`);
  // The renderer first: PocketBase is told its address and asks it for the main routes' HTML.
  const renderer =
    opts.publicDir && hasRenderer()
      ? await startRenderer({ pbUrl: url, distDir: opts.publicDir, appUrl })
      : undefined;
  const proc = startPocketBase({
    dataDir,
    port,
    publicDir: opts.publicDir,
    dev: opts.dev,
    stdio: 'inherit',
    env: {
      ...(mail ? sinkEnv(mail.port, appUrl) : { APP_URL: appUrl }),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      ...(renderer ? { SSR_URL: renderer.url } : {}),
    },
  });
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) =>
      reject(new Error(`PocketBase exited (${code}) — is port ${port} free?`)),
    ),
  );
  await Promise.race([waitForHealth(url), exited]);
  if (demo) {
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    await pb.collection('_superusers').authWithPassword(cred.email, cred.password);
    const { seedDemo } = await import('./seed/index.ts');
    await seedDemo(pb, { log: (m) => console.log(`[seed] ${m}`) });
  }
  const pushClient = new PocketBase(url);
  pushClient.autoCancellation(false);
  const push = startPushDispatcher({
    pb: pushClient,
    vapid,
    // a push opens its alert on the app's public origin (docs/push.md, The payload)
    appUrl,
    login: async (pb) => {
      await pb.collection('_superusers').authWithPassword(cred.email, cred.password);
    },
  });
  proc.once('exit', () => {
    void mail?.stop();
    void push.stop();
    void renderer?.stop();
  });
  return { url, proc, mail, push, renderer };
}

/** Stops the child on Ctrl-C / SIGTERM and exits with it. */
export function forwardSignals(children: ChildProcess[]): void {
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const c of children) c.once('exit', (code) => process.exit(code ?? 0));
}
