/**
 * Test fixture: a real PocketBase on a free loopback port with a fresh temp data dir, the
 * project's migrations and hooks, and a superuser for setup. Stopped by process id.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import PocketBase from 'pocketbase';
import {
  DIST_DIR,
  runPocketBaseCommand,
  startPocketBase,
  waitForHealth,
} from '../../server/pocketbase.ts';
import { hasRenderer, SSR_DIR, startRenderer, type Renderer } from '../../server/ssr/renderer.ts';
import { sinkEnv, startMailSink, type MailSink } from '../../server/mail-sink.ts';

export const SUPERUSER = { email: 'root@test.local', password: 'root-password-1234' };

export interface TestServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  /** The local SMTP sink PocketBase sends its mail to (with `mailSink: true`). */
  mail?: MailSink;
  /** The first-screen render server, when the served build has one (see `ssrDir`). */
  renderer?: Renderer;
  /** A new SDK client (no auth, auto-cancellation off). */
  client(): PocketBase;
  /** A new SDK client authenticated as the superuser. */
  admin(): Promise<PocketBase>;
  stop(): Promise<void>;
  /**
   * Kills the process (data kept) and starts it again on the same port; `whileStopped` runs in
   * between (a CLI command on the data dir).
   */
  restart(whileStopped?: () => void): Promise<void>;
}

/**
 * Ports handed out are taken below the kernel's ephemeral range (32768 and up on Linux): a port
 * the kernel picked for `listen(0)` and that we then closed can be given to the next outgoing
 * connection (Chromium and the other lane open hundreds) before the server binds it, and the
 * server then fails to start with "address in use".
 */
const PORT_RANGE = { from: 20_000, to: 32_000 };
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port on 127.0.0.1 nothing listens on, not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port)) continue;
    if (await canListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port');
}

function stopProcess(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * Every test client connects from 127.0.0.1, so the app's per-IP rate limits (see
 * pb_migrations/1763700100_settings.js) would throttle ordinary test traffic. Unless `rateLimits` is
 * 'enforced', the loopback addresses are added to `rateLimits.excludedIPs`; the limiter itself
 * stays enabled with the app's rules.
 */
export async function exemptLoopbackFromRateLimits(pb: PocketBase): Promise<void> {
  const settings = await pb.settings.getAll();
  const rateLimits = settings.rateLimits as { excludedIPs?: string[] } & Record<string, unknown>;
  const excludedIPs = [...new Set([...(rateLimits.excludedIPs ?? []), '127.0.0.1', '::1'])];
  await pb.settings.update({ rateLimits: { ...rateLimits, excludedIPs } });
}

/**
 * Makes PocketBase take a client's address from `header`, as it would from the production proxy's
 * (tests name a made-up address per visitor with it).
 */
export async function trustProxyHeader(pb: PocketBase, header: string): Promise<void> {
  const settings = await pb.settings.getAll();
  await pb.settings.update({
    trustedProxy: { ...(settings['trustedProxy'] as object), headers: [header] },
  });
}

/** Environment variable naming a data dir made by `makeTemplateDataDir` for this run. */
export const TEMPLATE_ENV = 'POCAMARKET_PB_TEMPLATE';

/**
 * Test servers hash passwords at bcrypt's lowest cost (4) instead of the production default (10):
 * a hash at 10 costs PocketBase about 90 ms of CPU, and the suite creates and signs in thousands
 * of accounts, so at 10 hashing was a large share of PocketBase's CPU in `npm test`. Only the
 * work factor changes: passwords are still hashed and checked by the same code. (Django's docs
 * advise the same for test settings.) Applied to test data dirs only, as a migration of this
 * fixture's own, never in pb_migrations.
 */
const FAST_HASH_MIGRATION = `migrate((app) => {
  for (const name of ['users', '_superusers']) {
    const collection = app.findCollectionByNameOrId(name);
    collection.fields.getByName('password').cost = 4;
    app.save(collection);
  }
});
`;

function migrateWithSuperuser(dataDir: string): void {
  runPocketBaseCommand(dataDir, ['migrate', 'up']);
  const fixtureMigrations = mkdtempSync(join(tmpdir(), 'pb-test-migrations-'));
  try {
    writeFileSync(
      join(fixtureMigrations, '9999999999_test_fast_password_hash.js'),
      FAST_HASH_MIGRATION,
    );
    runPocketBaseCommand(dataDir, ['migrate', 'up'], { migrationsDir: fixtureMigrations });
  } finally {
    rmSync(fixtureMigrations, { recursive: true, force: true });
  }
  // after the cost change, so the superuser's own hash is a cheap one too
  runPocketBaseCommand(dataDir, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password]);
}

/**
 * A data dir with the project's migrations applied and the test superuser, made once per test
 * run by a global setup (integration-global.ts, e2e-global.ts) that sets TEMPLATE_ENV to it: each
 * server then starts from a copy instead of running two PocketBase commands (about 2 s each time
 * on a busy machine). No process ever opens the template itself.
 */
export function makeTemplateDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-template-'));
  migrateWithSuperuser(dir);
  return dir;
}

function prepareDataDir(dataDir: string): void {
  const template = process.env[TEMPLATE_ENV];
  if (template && existsSync(join(template, 'data.db'))) {
    cpSync(template, dataDir, { recursive: true });
  } else {
    migrateWithSuperuser(dataDir);
  }
}

export async function startTestServer(
  opts: {
    publicDir?: string | null;
    rateLimits?: 'loopback-exempt' | 'enforced';
    /** Extra environment for PocketBase (pb_hooks read SMTP_*, APP_URL...). */
    env?: Record<string, string>;
    /** Start a mail sink and point PocketBase's SMTP settings (and APP_URL) at it. */
    mailSink?: boolean;
    /**
     * The first-screen renderer's build (dist-ssr/) for `publicDir`: by default the project's own
     * when serving dist/ and it exists; `false` serves the plain shell only.
     */
    ssrDir?: string | false;
    /**
     * Serve this data dir as it is (one restored from a replica, say) instead of a fresh copy of
     * the template; it must hold the test superuser. `stop` removes it like its own.
     */
    dataDir?: string;
  } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'pb-test-'));
  if (!opts.dataDir) prepareDataDir(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const mail = opts.mailSink ? await startMailSink({ log: () => {} }) : undefined;
  const ssrDir =
    opts.ssrDir ?? (opts.publicDir === DIST_DIR && hasRenderer(SSR_DIR) ? SSR_DIR : false);
  const renderer =
    opts.publicDir && ssrDir
      ? await startRenderer({ pbUrl: url, distDir: opts.publicDir, ssrDir, log: () => {} })
      : undefined;
  const env = {
    // a smaller hook VM pool than the launcher's: each warm VM costs every server start, and a
    // test sends a few requests at once, not hundreds
    HOOKS_POOL: '96',
    ...(mail ? sinkEnv(mail.port, url) : {}),
    // a render is waited for 30 s, not production's 4: two suites on two cores slow renders
    // down, and a shell served for a slow render failed tests that expect the drawn page
    ...(renderer ? { SSR_URL: renderer.url, SSR_TIMEOUT_SECONDS: '30' } : {}),
    ...opts.env,
  };
  const launch = async () => {
    const proc = startPocketBase({ dataDir, port, publicDir: opts.publicDir ?? null, env });
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    try {
      await waitForHealth(url);
    } catch (err) {
      proc.kill('SIGKILL');
      throw new Error(`${String(err)}\n${output}`, { cause: err });
    }
    return proc;
  };
  const server: TestServer = {
    url,
    port,
    dataDir,
    proc: await launch(),
    mail,
    renderer,
    client() {
      const pb = new PocketBase(url);
      pb.autoCancellation(false);
      return pb;
    },
    async admin() {
      const pb = server.client();
      await pb.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
      return pb;
    },
    async stop() {
      await stopProcess(server.proc);
      await mail?.stop();
      await renderer?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart(whileStopped) {
      await stopProcess(server.proc);
      whileStopped?.();
      server.proc = await launch();
    },
  };
  if (opts.rateLimits !== 'enforced') await exemptLoopbackFromRateLimits(await server.admin());
  return server;
}
