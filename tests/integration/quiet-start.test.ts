/**
 * `npm start` from a checkout under the system temp dir is quiet (docs/operators.md, Logs): there
 * PocketBase takes itself for `go run` and defaults to dev mode, which printed every SQL statement
 * and request (about 70 lines a minute while idle, from the push dispatcher's polling alone) and
 * scrolled the ready banner away. The launcher runs here as `npm start` does, from such a
 * location; after its banner it serves a few requests and idles through several of the
 * dispatcher's polls: no SQL, no request lines, nothing after the banner. SIGTERM then stops it
 * with exit code 0 and leaves none of its processes behind.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/pocketbase.ts';
import {
  isAlive,
  launch,
  stopLaunchers,
  tempCheckout,
  type Checkout,
} from '../helpers/launcher.ts';

/** Five polls of the push dispatcher (every 3 s), each of them two SQL lines in dev mode. */
const IDLE_MS = 15_000;
const SQL = /\b(SELECT|INSERT INTO|UPDATE [`"\w]+ SET|DELETE FROM|PRAGMA|CREATE (TABLE|INDEX))\b/;

let checkout: Checkout;

beforeAll(() => {
  checkout = tempCheckout();
});

afterAll(async () => {
  await stopLaunchers();
  checkout?.remove();
});

describe('the launcher started from under the temp dir', () => {
  it('prints no SQL and nothing after its ready banner while idle, and stops cleanly', async () => {
    // the setup has the problem: left to itself, this binary would run in dev mode
    const help = spawnSync(checkout.bin, ['--help'], { encoding: 'utf8' });
    expect(help.stdout).toMatch(/--dev\b.*\(default true\)/);

    const app = await launch(checkout, { port: await freePort() });
    const { url, lines } = app;
    const bannerAt = lines.findIndex((l) => /포카마켓 is running/.test(l.text));
    expect(bannerAt).toBeGreaterThanOrEqual(0);
    // the start-up chatter is folded into the banner: the render server's and the mail sink's
    // addresses, PocketBase's own banner, are not printed at info
    const beforeBanner = lines.slice(0, bannerAt).map((l) => l.text);
    expect(
      beforeBanner.filter((t) => /\[ssr\] listening|Server started at|mail sink on/.test(t)),
    ).toEqual([]);

    // a few requests, one with a token in its query, a page: none is printed at info
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect((await fetch(`${url}/api/collections/photoCards/records?token=secret-1`)).status).toBe(
      200,
    );
    await (await fetch(`${url}/exchange?utm=nothing-here`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, IDLE_MS));

    const after = lines.filter((l) => l.at > app.readyAt && l.text.trim()).map((l) => l.text);
    const all = lines.map((l) => l.text);
    expect(all.filter((t) => SQL.test(t))).toEqual([]);
    expect(all.filter((t) => /secret-1|\/api\/health|nothing-here/.test(t))).toEqual([]);
    expect(after, `printed after the banner:\n${after.join('\n')}`).toEqual([]);

    const pids = app.childPids;
    expect(pids.length).toBeGreaterThanOrEqual(1);
    const { code } = await app.stop();
    expect(code).toBe(0);
    const stopping = lines.filter((l) => l.at > app.readyAt).map((l) => l.text);
    expect(stopping.filter((t) => t.trim())).toEqual([
      '[launcher] stopping (SIGTERM)',
      expect.stringMatching(/^\[launcher\] stopped in \d+\.\d s$/),
    ]);
    // every child is gone (PocketBase and the render server have process groups of their own)
    const until = Date.now() + 10_000;
    while (pids.some(isAlive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(pids.filter(isAlive)).toEqual([]);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  }, 150_000);
});
