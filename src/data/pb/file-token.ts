/**
 * PocketBase file tokens for the protected files (reports' images, collect books' covers; see
 * PROTECTED_FILE_COLLECTIONS in ./files.ts and docs/files.md). A token is asked for
 * (`POST /api/files/token`) while some screen shows a protected file, kept while it is valid
 * (PocketBase's file tokens last a few minutes) and asked for again shortly before it expires,
 * when the network comes back and when the signed-in user changes.
 *
 * Offline, or when no token can be had, a screen still shows the file: it asks for the URL
 * without a token, which the service worker answers from its cache, where protected files are
 * kept under their token-less URL (sw/sw.ts).
 *
 * The SDK and the session come in with a dynamic import, so a first screen that imports this
 * module does not load the data layer for it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { isProtectedFile, withFileToken } from './files.ts';

export interface FileTokenState {
  /** The current token, '' when there is none. */
  token: string;
  /** True once a token was had or could not be (offline, signed out, refused). */
  settled: boolean;
  /** Settled without a token because the device was offline (see `fileUrlWithToken`). */
  offline?: boolean;
}

/** Asked for again this long before it expires. */
const REFRESH_BEFORE_MS = 30_000;
/** After a failed request (a flaky network), tried again after this long. */
const RETRY_MS = 30_000;
/** When a token's expiry can't be read: PocketBase's default lifetime is 3 minutes. */
const ASSUMED_LIFETIME_MS = 120_000;

const INITIAL: FileTokenState = { token: '', settled: false };

let state: FileTokenState = INITIAL;
let expiresAt = 0;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<void> | null = null;
let watchingAuth = false;
/**
 * Moves when the network comes back or the user changes: a request started before that answers
 * for a world that is gone (a token request that failed while offline ends after the page is back
 * online), so its outcome is dropped and a new request made.
 */
let generation = 0;

function set(next: FileTokenState): void {
  if (
    next.token === state.token &&
    next.settled === state.settled &&
    !!next.offline === !!state.offline
  )
    return;
  state = next;
  for (const l of listeners) l();
}

/** When a JWT expires (ms), from its `exp` claim; a guess when it can't be read. */
export function tokenExpiry(token: string, now = Date.now()): number {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    if (typeof exp === 'number' && exp > 0) return exp * 1000;
  } catch {
    // not a JWT we can read: fall through
  }
  return now + ASSUMED_LIFETIME_MS;
}

function schedule(delay: number): void {
  clearTimeout(timer);
  if (!listeners.size) return;
  timer = setTimeout(() => void refresh(), Math.max(1000, delay));
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Asks for a new token (one request at a time) and tells the screens. */
export function refreshFileToken(): Promise<void> {
  return refresh();
}

function refresh(): Promise<void> {
  inflight ??= (async () => {
    const started = generation;
    try {
      await ask(() => generation === started);
    } finally {
      inflight = null;
    }
    // the network came back (or the user changed) while this one was out: ask again, now
    if (generation !== started) await refresh();
  })();
  return inflight;
}

/** One token request; `current()` says whether its outcome still answers for the page. */
async function ask(current: () => boolean): Promise<void> {
  try {
    if (offline()) return set({ token: validToken(), settled: true, offline: true });
    const { getClient } = await import('./client.ts');
    const { pb } = await getClient();
    if (!watchingAuth) {
      watchingAuth = true;
      // another user (or none) from now on: the old token must not be used for them
      pb.authStore.onChange(() => {
        generation++;
        expiresAt = 0;
        set(INITIAL);
        if (listeners.size) void refresh();
      });
    }
    if (!pb.authStore.isValid) return set({ token: '', settled: true });
    const token = await pb.files.getToken({ requestKey: null });
    if (!current()) return;
    expiresAt = tokenExpiry(token);
    set({ token, settled: true });
    schedule(expiresAt - REFRESH_BEFORE_MS - Date.now());
  } catch {
    // Offline: a token-less address lets the worker's cached copy answer. Otherwise (a server
    // that refused, or a network error while the device says it is online, as when a connection
    // is reset just after the network came back) a token-less request could reach the server and
    // be refused (404), so a protected file waits for the retry to bring a token.
    if (!current()) return;
    set({ token: validToken(), settled: offline(), offline: offline() });
    if (!offline()) schedule(RETRY_MS);
  }
}

/** A token valid now (asked for when needed), or '' when none can be had. */
export async function getFileToken(): Promise<string> {
  if (!validToken() || expiresAt - REFRESH_BEFORE_MS <= Date.now()) await refresh();
  return validToken();
}

/** The current token while it is still valid, else ''. */
function validToken(): string {
  return state.token && expiresAt > Date.now() ? state.token : '';
}

function onOnline(): void {
  generation++;
  // until a token comes, a protected file waits: a token-less request now would be refused
  if (!validToken()) set(INITIAL);
  void refresh();
}

function onOffline(): void {
  set({ token: validToken(), settled: true, offline: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    if (!state.settled || expiresAt - REFRESH_BEFORE_MS <= Date.now()) void refresh();
    else schedule(expiresAt - REFRESH_BEFORE_MS - Date.now());
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    clearTimeout(timer);
  };
}

const snapshot = () => state;
const serverSnapshot = () => INITIAL;

/** The file token as it is now, following its refreshes. */
export function useFileToken(): FileTokenState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/**
 * The URL a screen shows a record's file with: a public file's as it is; a protected file's with
 * the current token, or without one once none can be had (offline: the service worker's cached
 * copy answers). '' while the first token is on its way, so no request goes out bound to fail.
 */
export function fileUrlWithToken(collection: string, url: string, t: FileTokenState): string {
  if (!url || !isProtectedFile(collection)) return url;
  if (t.token) return withFileToken(url, t.token);
  // settled while offline, but the device is online again and no 'online' event said so (a
  // page can miss it): a token-less request would now reach the server and be refused
  if (t.offline && backOnline()) return '';
  return t.settled ? url : '';
}

const backOnline = () => typeof navigator !== 'undefined' && navigator.onLine !== false;

/** `fileUrlWithToken` for one URL, following the token (see there). */
export function useFileUrl(collection: string, url: string): string {
  const t = useFileToken();
  const waiting = !!url && isProtectedFile(collection) && !t.token && !!t.offline;
  useEffect(() => {
    // the network came back without an 'online' event: ask for a token now
    if (waiting && backOnline()) onOnline();
  });
  return fileUrlWithToken(collection, url, t);
}
