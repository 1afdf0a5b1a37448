/**
 * Caddy for tests: Debian's `caddy` serving the production site (deploy/pocamarket.caddy, the
 * same file deploy/Caddyfile imports) on https://pocamarket.test:<free port>, bound to 127.0.0.1,
 * with a certificate from its own internal CA (`tls internal`), proxying to a test PocketBase.
 * Its storage (the CA, the certificates) and config live in a temp dir (XDG_DATA_HOME,
 * XDG_CONFIG_HOME), nothing is installed in the system's trust store (`skip_install_trust`), no
 * admin endpoint is opened, and it is stopped by process id.
 *
 * Chromium trusts it through `chromiumArgs`: `--ignore-certificate-errors-spki-list` with the
 * public key of the intermediate certificate Caddy signs with (it sends the leaf and that
 * intermediate, never its root, and the flag matches the keys of the chain sent), and
 * `--host-resolver-rules` mapping the name to 127.0.0.1. `pocamarket.test` is no localhost name:
 * the page is a secure context (service worker, push) only because its HTTPS is trusted. Node
 * requests go through `request`, which trusts the root and may pick its local address
 * (127.0.0.0/8 is all loopback), so several clients with their own addresses reach the proxy.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../server/pocketbase.ts';
import { freePort } from './pocketbase.ts';

export const CADDY_HOST = 'pocamarket.test';

/** Caddy's binary (CADDY_BIN, else `caddy` on PATH), or null when it is not installed. */
export function caddyBin(): string | null {
  const fromEnv = process.env.CADDY_BIN;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const which = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export interface CaddyResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address (any of 127.0.0.0/8); default the system's choice, 127.0.0.1. */
  localAddress?: string;
}

export interface TestCaddy {
  /** https://pocamarket.test:<port> */
  origin: string;
  port: number;
  /** Flags that make Chromium trust this Caddy's certificate and find its name. */
  chromiumArgs: string[];
  /** A request through the proxy, as a client at `localAddress`; the body is not decoded. */
  request(path: string, opts?: RequestOptions): Promise<CaddyResponse>;
  /** What Caddy printed (for a failure's message). */
  output(): string;
  stop(): Promise<void>;
}

/** base64 of the SHA-256 of a certificate's SubjectPublicKeyInfo, as Chromium's flag takes it. */
export function spkiHash(pem: string): string {
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
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
 * Starts Caddy on 127.0.0.1:`port` (a free one when not given) in front of `upstream`
 * (`127.0.0.1:<PocketBase's port>`), and waits until PocketBase answers through it.
 */
export async function startCaddy(opts: { upstream: string; port?: number }): Promise<TestCaddy> {
  const bin = caddyBin();
  if (!bin) throw new Error("Caddy is not installed: apt-get install caddy (Debian's package)");
  const dir = mkdtempSync(join(tmpdir(), 'caddy-test-'));
  const port = opts.port ?? (await freePort());
  const origin = `https://${CADDY_HOST}:${port}`;
  const config = join(dir, 'Caddyfile');
  writeFileSync(
    config,
    [
      '{',
      '\tadmin off',
      '\tskip_install_trust',
      '\tauto_https disable_redirects',
      `\thttp_port ${await freePort()}`,
      `\thttps_port ${port}`,
      '\tservers {',
      '\t\tprotocols h1 h2',
      // as deploy/Caddyfile's global options
      '\t\ttimeouts {',
      '\t\t\tread_header 10s',
      '\t\t\tidle 2m',
      '\t\t}',
      '\t}',
      '}',
      '',
      `${origin} {`,
      '\tbind 127.0.0.1',
      '\ttls internal',
      `\timport ${join(ROOT, 'deploy/pocamarket.caddy')}`,
      '}',
      '',
    ].join('\n'),
  );
  const proc = spawn(bin, ['run', '--config', config, '--adapter', 'caddyfile'], {
    cwd: dir,
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'data'),
      XDG_CONFIG_HOME: join(dir, 'config'),
      POCAMARKET_UPSTREAM: opts.upstream,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (output += d.toString()));

  const pki = join(dir, 'data/caddy/pki/authorities/local');
  let root = '';
  const request = (path: string, o: RequestOptions = {}) =>
    new Promise<CaddyResponse>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: o.method ?? 'GET',
          servername: CADDY_HOST,
          ca: root,
          localAddress: o.localAddress,
          headers: { host: `${CADDY_HOST}:${port}`, ...o.headers },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(o.body);
    });

  const stop = async () => {
    await stopProcess(proc);
    rmSync(dir, { recursive: true, force: true });
  };
  // ready: the CA made, and PocketBase answering through the proxy
  const until = Date.now() + 60_000;
  let last: unknown = null;
  for (;;) {
    if (proc.exitCode !== null) {
      await stop();
      throw new Error(`Caddy exited (${proc.exitCode}):\n${output}`);
    }
    try {
      if (!root && existsSync(join(pki, 'root.crt')))
        root = readFileSync(join(pki, 'root.crt'), 'utf8');
      if (root && (await request('/api/health')).status === 200) break;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`Caddy did not serve ${origin}: ${String(last)}\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const intermediate = readFileSync(join(pki, 'intermediate.crt'), 'utf8');
  return {
    origin,
    port,
    chromiumArgs: [
      `--ignore-certificate-errors-spki-list=${spkiHash(intermediate)}`,
      `--host-resolver-rules=MAP ${CADDY_HOST} 127.0.0.1`,
    ],
    request,
    output: () => output,
    stop,
  };
}
