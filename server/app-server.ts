/**
 * Brings up the whole backend for `npm start` and `npm run dev`, and takes it down in order:
 * migrates the data dir, makes sure a local superuser exists for seeding (its random password
 * stays in the ignored data dir), starts the render server and PocketBase on 127.0.0.1, then
 * replication, the demo seed unless DEMO=0, and the push dispatcher.
 *
 * Mail: when SMTP_HOST is not set, a local mail sink (server/mail-sink.ts) receives PocketBase's
 * verification and reset mail and prints each one with its links; otherwise the SMTP_* variables
 * go to PocketBase as they are (pb_hooks/mail-settings.pb.js applies them). APP_URL (the origin in
 * mail links) defaults to this server's URL.
 *
 * Push: the VAPID key pair is loaded or made on first start (server/vapid.ts); PocketBase gets the
 * public half in VAPID_PUBLIC_KEY (GET /api/push/public-key) and the push dispatcher
 * (server/push-dispatcher.ts) runs here as that local superuser.
 *
 * Replication (server/replication/): started once PocketBase answers, when REPLICA_DIR or
 * REPLICA_S3 is set (server/replication/index.ts).
 *
 * Logs: PocketBase runs out of dev mode (unless `npm run dev`) and its output is read line by line
 * and printed at its level, as every part's is (server/log.ts; docs/operators.md, Logs).
 *
 * Stopping (docs/operators.md, Restarts): `stop()` stops the push dispatcher first (the pass under
 * way may finish), then PocketBase (SIGTERM: it lets the requests in flight finish), the render
 * server, the mail sink and replication last, so the last writes are replicated. `runUntilStopped`
 * does it on SIGTERM or SIGINT and exits 0, or when a child dies unexpectedly and exits 1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import PocketBase from 'pocketbase';
import {
  pocketBaseLineLevel,
  ROOT,
  runPocketBaseCommand,
  startPocketBase,
  waitForHealth,
} from './pocketbase.ts';
import { sinkEnv, startMailSink, type MailSink } from './mail-sink.ts';
import { startPushDispatcher, type PushDispatcher } from './push-dispatcher.ts';
import { loadVapidKeys } from './vapid.ts';
import { hasRenderer, startRenderer, type Renderer } from './ssr/renderer.ts';
import { startReplication, type Replication } from './replication/index.ts';
import { eachLine, enabled, levelProblem, log, logAt } from './log.ts';
import { markAsLauncher, startRequestTail, type RequestTail } from './request-log.ts';

export interface AppServer {
  url: string;
  /** PocketBase. */
  proc: ChildProcess;
  /** The local mail sink, when SMTP_HOST is not set. */
  mail?: MailSink;
  push: PushDispatcher;
  /** The first-screen render server (server/ssr/), when the served build has its bundle. */
  renderer?: Renderer;
  /** Continuous replication of the database, when configured; null when off. */
  replication: Replication | null;
  /** Stops every part in order (docs/operators.md, Restarts); later calls get the same promise. */
  stop(): Promise<void>;
}

/** How long the push dispatcher's passes under way may take to finish at a stop. */
export const PUSH_STOP_MS = 10_000;
/** How long PocketBase has to exit after SIGTERM before it is killed. */
export const POCKETBASE_STOP_MS = 10_000;
/** How long the replication's final sync may take before the launcher goes on without it. */
export const REPLICATION_STOP_MS = 60_000;

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
  // hex, not base64url: a password starting with '-' was read by the CLI as a flag (1 start in 64)
  const cred = { email: 'seed@localhost.local', password: randomBytes(24).toString('hex') };
  runPocketBaseCommand(dataDir, ['superuser', 'upsert', cred.email, cred.password]);
  writeFileSync(file, JSON.stringify(cred), { mode: 0o600 });
  return cred;
}

const alive = (proc: ChildProcess) => proc.exitCode === null && proc.signalCode === null;

/**
 * The children started here. They have process groups of their own (a Ctrl-C reaches only the
 * launcher, which stops them in order), so whatever ends this process must end them too.
 */
const children = new Set<ChildProcess>();
function track(proc: ChildProcess): ChildProcess {
  if (!children.size) {
    process.once('exit', () => {
      for (const c of children) if (alive(c)) c.kill('SIGKILL');
    });
  }
  children.add(proc);
  return proc;
}

/** SIGTERM, then SIGKILL after `timeoutMs`; says whether it had to kill. */
export function stopChild(proc: ChildProcess, timeoutMs: number): Promise<'exited' | 'killed'> {
  return new Promise((resolve) => {
    if (!alive(proc)) return resolve('exited');
    let killed = false;
    const timer = setTimeout(() => {
      killed = true;
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve(killed ? 'killed' : 'exited');
    });
    proc.kill('SIGTERM');
  });
}

/** Runs one stop step, says at debug how long it took; a failing step does not stop the next. */
async function stopStep(name: string, run: () => Promise<unknown> | undefined): Promise<void> {
  const t0 = Date.now();
  try {
    await run();
    log.debug(`[launcher] ${name} stopped (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } catch (err) {
    log.warn(`[launcher] stopping ${name} failed: ${String(err)}`);
  }
}

/** Resolves with `work`, or after `ms` with a warning that it is left behind. */
async function bounded(name: string, work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), ms)));
  const outcome = await Promise.race([work, late]);
  clearTimeout(timer);
  if (outcome === 'late') log.warn(`[launcher] ${name} did not stop within ${ms / 1000} s`);
}

/** Whether something already answers on 127.0.0.1:`port`. */
function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startAppServer(opts: {
  publicDir: string | null;
  dev?: boolean;
}): Promise<AppServer> {
  const { port, dataDir, demo } = config();
  const problem = levelProblem();
  if (problem) log.warn(problem);
  // said now: the new PocketBase would fail to listen, but its health check would be answered by
  // whatever holds the port (a PocketBase left running by a launcher that was killed)
  if (await portTaken(port)) {
    throw new Error(`port ${port} is taken: is another server (an earlier PocketBase) running?`);
  }
  mkdirSync(dataDir, { recursive: true });
  runPocketBaseCommand(dataDir, ['migrate', 'up']);
  const cred = ensureSeedSuperuser(dataDir);
  const login = async (pb: PocketBase) => {
    await pb.collection('_superusers').authWithPassword(cred.email, cred.password);
  };
  const client = () => {
    const pb = markAsLauncher(new PocketBase(url));
    pb.autoCancellation(false);
    return pb;
  };
  const url = `http://127.0.0.1:${port}`;
  const appUrl = process.env.APP_URL || url;
  const vapid = loadVapidKeys();

  // What has been started, stopped in this order by `stop` (and when the start fails half way).
  let mail: MailSink | undefined;
  let renderer: Renderer | undefined;
  let proc: ChildProcess | undefined;
  let replication: Replication | null = null;
  let push: PushDispatcher | undefined;
  let tail: RequestTail | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await stopStep('request log', () => tail?.stop());
      await stopStep('push dispatcher', () => push?.stop({ graceMs: PUSH_STOP_MS }));
      await stopStep(
        'PocketBase',
        () =>
          proc &&
          stopChild(proc, POCKETBASE_STOP_MS).then((how) => {
            if (how === 'killed') {
              log.warn(
                `[launcher] PocketBase did not exit within ${POCKETBASE_STOP_MS / 1000} s: killed`,
              );
            }
          }),
      );
      await stopStep('render server', () => renderer?.stop());
      await stopStep('mail sink', () => mail?.stop());
      await stopStep('replication', () =>
        replication ? bounded('replication', replication.stop(), REPLICATION_STOP_MS) : undefined,
      );
    })());

  // a signal before the app is up stops what has started (runUntilStopped takes over after)
  const early = (signal: NodeJS.Signals) => {
    log.info(`[launcher] stopping (${signal}) before the app was up`);
    void stop().then(() => process.exit(0));
  };
  process.once('SIGINT', early);
  process.once('SIGTERM', early);
  try {
    if (!process.env.SMTP_HOST) {
      mail = await startMailSink();
      log.debug(`[mail] local mail sink on 127.0.0.1:${mail.port} (SMTP_HOST not set)`);
    }
    // The renderer first: PocketBase is told its address and asks it for the main routes' HTML.
    if (opts.publicDir && hasRenderer()) {
      renderer = await startRenderer({
        pbUrl: url,
        distDir: opts.publicDir,
        appUrl,
        detached: true,
      });
      track(renderer.proc);
    }
    const pb = startPocketBase({
      dataDir,
      port,
      publicDir: opts.publicDir,
      dev: opts.dev,
      stdio: 'pipe',
      detached: true,
      env: {
        ...(mail ? sinkEnv(mail.port, appUrl) : { APP_URL: appUrl }),
        VAPID_PUBLIC_KEY: vapid.publicKey,
        ...(renderer ? { SSR_URL: renderer.url } : {}),
      },
    });
    proc = track(pb);
    const lastErrors: string[] = [];
    eachLine(pb.stdout, (line) => logAt(pocketBaseLineLevel(line, 'stdout'), line));
    eachLine(pb.stderr, (line) => {
      lastErrors.push(line);
      if (lastErrors.length > 20) lastErrors.shift();
      logAt(pocketBaseLineLevel(line, 'stderr'), line);
    });
    const exited = new Promise<never>((_, reject) =>
      pb.once('exit', (code) =>
        reject(
          new Error(
            `PocketBase exited (${code}) — is port ${port} free?\n${lastErrors.join('\n')}`.trim(),
          ),
        ),
      ),
    );
    exited.catch(() => {}); // once healthy, runUntilStopped watches the exit
    await Promise.race([waitForHealth(url), exited]);
    // from here on every change to data.db is replicated, the demo seed's included
    replication = await startReplication({ dataDir, env: process.env, log: log.warn });
    if (demo) {
      const seedClient = client();
      await login(seedClient);
      const { seedDemo } = await import('./seed/index.ts');
      await seedDemo(seedClient, { log: (m) => log.info(`[seed] ${m}`) });
    }
    push = startPushDispatcher({
      pb: client(),
      vapid,
      // a push opens its alert on the app's public origin (docs/push.md, The payload)
      appUrl,
      login,
    });
    if (enabled('debug')) tail = startRequestTail({ pb: client(), login, log: log.debug });
    return { url, proc: pb, mail, push, renderer, replication, stop };
  } catch (err) {
    await stop();
    throw err;
  } finally {
    process.off('SIGINT', early);
    process.off('SIGTERM', early);
  }
}

/** A child process the launcher watches besides PocketBase and the render server (dev's Vite). */
export interface WatchedChild {
  name: string;
  proc: ChildProcess;
}

/**
 * Runs the app until SIGTERM or SIGINT, then stops it in order and exits 0; when a child dies
 * unexpectedly, stops the rest in order and exits 1 so the service manager starts it again
 * (docs/operators.md, Restarts). `others` are stopped first. Another signal while stopping, 2 s or
 * more after the first, kills what is left at once.
 */
export function runUntilStopped(app: AppServer, others: WatchedChild[] = []): void {
  for (const o of others) track(o.proc);
  const watched: WatchedChild[] = [
    ...others,
    { name: 'PocketBase', proc: app.proc },
    ...(app.renderer ? [{ name: 'render server', proc: app.renderer.proc }] : []),
  ];
  let stopping = false;
  let signalledAt = 0;
  const stopAll = async (reason: string, code: number) => {
    stopping = true;
    const t0 = Date.now();
    log.info(`[launcher] stopping (${reason})`);
    for (const other of others) {
      await stopStep(other.name, () => stopChild(other.proc, 5_000));
    }
    await app.stop();
    log.info(`[launcher] stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    process.exit(code);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stopping) {
      signalledAt = Date.now();
      return void stopAll(signal, 0);
    }
    // one Ctrl-C often arrives twice: from the terminal and passed on by npm (and tsx)
    if (!signalledAt || Date.now() - signalledAt < 2_000) return;
    log.warn(`[launcher] ${signal} again: killing what is left`);
    process.exit(1); // the exit kills the children (track)
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  for (const { name, proc } of watched) {
    proc.once('exit', (code, signal) => {
      // a signal sent to the whole group (a service manager stopping every process of the unit)
      // may reach the launcher a moment after the child's exit: then this is no surprise
      setTimeout(() => {
        if (stopping) return;
        log.error(`[launcher] ${name} exited unexpectedly (${signal ?? code}): stopping the rest`);
        void stopAll(`${name} exited`, 1);
      }, 250);
    });
  }
}
