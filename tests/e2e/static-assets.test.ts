/**
 * The built app as PocketBase sends it: the build writes brotli and gzip copies of its text files
 * (server/build/precompress.ts) and pb_hooks/lib/static.js serves the one the request accepts,
 * with the original Content-Type, `Vary: Accept-Encoding` and cache headers (a year, immutable,
 * for hashed /assets/; revalidation for the HTML shell, the manifest and the worker).
 *
 * Requests go through node:http, which neither asks for nor decodes any encoding by itself, so
 * the bytes on the wire are what is checked (fetch would decompress them silently).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { baseUrl } from '../helpers/e2e-server.ts';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function raw(
  path: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, baseUrl()), { method, headers, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.end();
  });
}

const file = (name: string) => readFileSync(join(DIST_DIR, name));
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The entry script and stylesheet index.html loads, e.g. `assets/index-XXXX.js`. */
let entryJs: string;
let entryCss: string;

beforeAll(() => {
  const html = file('index.html').toString('utf8');
  entryJs = /<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
  entryCss = /<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)"/.exec(html)?.[1] ?? '';
  expect(entryJs, 'the entry script in dist/index.html').not.toBe('');
  expect(entryCss, 'the stylesheet in dist/index.html').not.toBe('');
});

describe('the build', () => {
  it('has a smaller .br and .gz beside every text file worth compressing, the worker included', () => {
    for (const name of [entryJs, entryCss, 'index.html', 'sw.js', 'manifest.webmanifest']) {
      const size = statSync(join(DIST_DIR, name)).size;
      expect(brotliDecompressSync(file(`${name}.br`)).equals(file(name)), name).toBe(true);
      expect(gunzipSync(file(`${name}.gz`)).equals(file(name)), name).toBe(true);
      expect(statSync(join(DIST_DIR, `${name}.br`)).size, name).toBeLessThan(size);
      expect(statSync(join(DIST_DIR, `${name}.gz`)).size, name).toBeLessThan(size);
    }
    // images are compressed formats already
    expect(existsSync(join(DIST_DIR, 'icons', 'apple-touch-icon.png.br'))).toBe(false);
  });

  it('keeps the compressed copies out of the service worker precache list', () => {
    const sw = file('sw.js').toString('utf8');
    expect(sw).toContain(`"${entryJs}"`);
    expect(sw).not.toMatch(/\.(?:br|gz)"/);
  });
});

describe('a hashed asset', () => {
  it('comes brotli-encoded for Accept-Encoding: br, cached for a year', async () => {
    const res = await raw(`/${entryJs}`, { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body.length).toBeLessThan(file(entryJs).length / 2);
    expect(brotliDecompressSync(res.body).equals(file(entryJs))).toBe(true);
  });

  it('comes gzip-encoded for Accept-Encoding: gzip, and for br;q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'deflate, gzip;q=0.8, br;q=0']) {
      const res = await raw(`/${entryJs}`, { 'Accept-Encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type'], accept).toMatch(/^text\/javascript/);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe(IMMUTABLE);
      expect(gunzipSync(res.body).equals(file(entryJs)), accept).toBe(true);
    }
  });

  it('prefers brotli among equals and follows the q-values otherwise', async () => {
    const pick = async (accept: string) =>
      (await raw(`/${entryCss}`, { 'Accept-Encoding': accept })).headers['content-encoding'];
    expect(await pick('gzip, deflate, br, zstd')).toBe('br');
    expect(await pick('*')).toBe('br');
    expect(await pick('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(await pick('br;q=0, gzip;q=0')).toBeUndefined();
  });

  it('is the plain file without an accepted encoding, still with Vary and the cache header', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'zstd' },
    ];
    for (const headers of variants) {
      const res = await raw(`/${entryJs}`, headers);
      const what = JSON.stringify(headers);
      expect(res.status, what).toBe(200);
      expect(res.headers['content-encoding'], what).toBeUndefined();
      expect(res.headers['content-type'], what).toMatch(/^text\/javascript/);
      expect(res.headers.vary, what).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], what).toBe(IMMUTABLE);
      expect(res.body.equals(file(entryJs)), what).toBe(true);
    }
  });

  it('answers HEAD with the headers and no body, and revalidates with its ETag', async () => {
    const head = await raw(`/${entryJs}`, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-type']).toMatch(/^text\/javascript/);
    expect(head.body.length).toBe(0);
    const etag = head.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await raw(`/${entryJs}`, { 'Accept-Encoding': 'br', 'If-None-Match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // another encoding is another representation
    const gz = await raw(`/${entryJs}`, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag! });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');

    // the plain file keeps Last-Modified revalidation
    const plain = await raw(`/${entryJs}`);
    const lastModified = plain.headers['last-modified'];
    expect(lastModified).toBeTruthy();
    const notModified = await raw(`/${entryJs}`, { 'If-Modified-Since': lastModified! });
    expect(notModified.status).toBe(304);
  });

  it('is a 404 when it is not in the build, never the shell', async () => {
    const res = await raw('/assets/index-00000000.js', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(res.body.toString('utf8')).not.toContain('<!doctype html>');
    // a path without an extension is a navigation: the shell, revalidated, never immutable
    const nav = await raw('/assets/unknown', { 'Accept-Encoding': 'br' });
    expect(nav.status).toBe(200);
    expect(nav.headers['cache-control']).toBe('no-cache');
  });
});

describe('files that revalidate', () => {
  const cases = [
    { path: '/sw.js', name: 'sw.js', type: /^text\/javascript/ },
    {
      path: '/manifest.webmanifest',
      name: 'manifest.webmanifest',
      type: /^application\/manifest\+json$/,
    },
    // a navigation: the shell, from the index.html fallback
    { path: '/profile', name: 'index.html', type: /^text\/html/ },
    // the URL the service worker precaches as the shell: the file itself, never a redirect to
    // the server-rendered `/` (the worker would keep the home screen's markup as every route's)
    { path: '/index.html', name: 'index.html', type: /^text\/html/ },
    // (`/` and the other main routes are server-rendered: tests/e2e/first-screen.test.ts)
  ];

  it.each(cases)('$path comes compressed with no-cache', async ({ path, name, type }) => {
    const br = await raw(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(type);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(file(name))).toBe(true);

    const gz = await raw(path, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(gz.body).equals(file(name))).toBe(true);

    const plain = await raw(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(type);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.equals(file(name))).toBe(true);

    const head = await raw(path, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body.length).toBe(0);
  });
});

describe('what is not a build file', () => {
  it('leaves the API alone', async () => {
    const res = await raw('/api/health', { 'Accept-Encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBeUndefined();
    expect(JSON.parse(res.body.toString('utf8'))).toMatchObject({ code: 200 });
  });

  it('sends images as they are', async () => {
    const res = await raw('/icons/apple-touch-icon.png', { 'Accept-Encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.body.equals(file('icons/apple-touch-icon.png'))).toBe(true);
  });
});
