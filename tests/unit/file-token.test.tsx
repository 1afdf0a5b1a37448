/**
 * The file token's life in a page (src/data/pb/file-token.ts) around the network coming back: a
 * token request that was out while the page went offline and fails after it is back online must
 * not leave the page settled with no token (protected images would then be asked for without one
 * and refused with a 404); a new request is made and its token used. Nor when the page missed the
 * 'online' event altogether (it happens). The SDK client is a stand-in
 * whose token requests the test answers by hand: what is tested is the module's bookkeeping.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

interface Pending {
  resolve: (token: string) => void;
  reject: (err: unknown) => void;
}
const requests: Pending[] = [];
vi.mock('../../src/data/pb/client.ts', () => ({
  getClient: async () => ({
    pb: {
      authStore: { isValid: true, onChange: () => () => {} },
      files: {
        getToken: () =>
          new Promise<string>((resolve, reject) => requests.push({ resolve, reject })),
      },
    },
  }),
}));

type Module = typeof import('../../src/data/pb/file-token.ts');
let mod: Module;

/** A JWT-shaped token whose exp is an hour away. */
const tokens = new Map<string, string>();
const token = (name: string) => {
  // one token per name: made twice a second apart, its exp (and so its text) would differ
  if (!tokens.has(name)) {
    tokens.set(
      name,
      `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, name }))}.s`,
    );
  }
  return tokens.get(name)!;
};

let online = true;
let root: Root | undefined;
const seen: string[] = [];
const URL = '/api/files/informUs/r1/report.png';

function Probe() {
  seen.push(mod.useFileUrl('informUs', URL));
  return null;
}

beforeEach(async () => {
  tokens.clear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  // a fresh module (its token state is module-wide), as on a page load
  vi.resetModules();
  mod = await import('../../src/data/pb/file-token.ts');
  requests.length = 0;
  seen.length = 0;
  online = true;
});
afterEach(() => {
  act(() => root?.unmount());
});

const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

it('a request that fails after the network came back is dropped, and a new one brings the token', async () => {
  root = createRoot(document.createElement('div'));
  await act(async () => root!.render(<Probe />));
  await flush();
  // the first request is out; the page goes offline and comes back before it fails
  expect(requests).toHaveLength(1);
  online = false;
  window.dispatchEvent(new Event('offline'));
  online = true;
  window.dispatchEvent(new Event('online'));
  await act(async () => requests[0]!.reject(Object.assign(new Error('net'), { status: 0 })));
  await flush();
  // the failure answered for a network that is gone: not a token-less URL, but a second request
  expect(seen.at(-1)).toBe('');
  expect(requests).toHaveLength(2);
  await act(async () => requests[1]!.resolve(token('b')));
  await flush();
  expect(seen.at(-1)).toBe(`${URL}?token=${encodeURIComponent(token('b'))}`);
  // never a token-less address on the way
  expect(seen.filter((u) => u === URL)).toEqual([]);
});

it('back online with no online event: no token-less address, and a token is asked for', async () => {
  // the page starts offline: the token-less address, which the worker's cache answers
  online = false;
  root = createRoot(document.createElement('div'));
  await act(async () => root!.render(<Probe />));
  await flush();
  expect(requests).toHaveLength(0);
  expect(seen.at(-1)).toBe(URL);
  // the network comes back and the page hears nothing of it; its next render (a server copy
  // arriving) must not ask the server for the file without a token
  online = true;
  await act(async () => root!.render(<Probe />));
  await flush();
  expect(seen.at(-1)).toBe('');
  expect(requests).toHaveLength(1);
  await act(async () => requests[0]!.resolve(token('c')));
  await flush();
  expect(seen.at(-1)).toBe(`${URL}?token=${encodeURIComponent(token('c'))}`);
});

it('a token request that fails while the device says it is online leaves the file waiting, never token-less', async () => {
  // a connection reset just after the network came back: the next request would reach the server
  root = createRoot(document.createElement('div'));
  await act(async () => root!.render(<Probe />));
  await flush();
  expect(requests).toHaveLength(1);
  await act(async () => requests[0]!.reject(Object.assign(new Error('net'), { status: 0 })));
  await flush();
  expect(seen.at(-1)).toBe('');
  expect(seen.filter((u) => u === URL)).toEqual([]);
});
