/**
 * The setup the integration files share: one real PocketBase per file, started before its tests
 * with a superuser client (and a catalogue to write against), stopped after them, with factories
 * of fans and cards there; and a fresh browser's sign-up API against it.
 */
import { afterAll, beforeAll } from 'vitest';
import PocketBase, { BaseAuthStore, type RecordModel } from 'pocketbase';
import { createSignupApi } from '../../src/domains/accounts/signup.ts';
import { startTestServer, type TestServer } from './pocketbase.ts';
import {
  createCard,
  createCatalogue,
  createUser,
  type Actor,
  type Catalogue,
} from './pb-fixtures.ts';

type ServerOptions = NonNullable<Parameters<typeof startTestServer>[0]>;

export interface FileServer {
  server: TestServer;
  /** Logged in as the superuser. */
  su: PocketBase;
}

export interface CatalogueServer extends FileServer {
  cat: Catalogue;
}

/** `n` values of T as a tuple type, so that destructured fixtures are never `undefined`. */
export type Tuple<N extends number, T, R extends T[] = []> = R['length'] extends N
  ? R
  : Tuple<N, T, [...R, T]>;

/** Makers of the file server's records, for use inside its tests. */
export interface ServerFixtures {
  /** A new verified fan, logged in (createUser, with `extra` fields). */
  fan(extra?: Record<string, unknown>): Promise<Actor>;
  /** `n` new fans at once. */
  fans<N extends number>(n: N): Promise<Tuple<N, Actor>>;
}

export interface CatalogueFixtures extends ServerFixtures {
  /** `n` new cards of the catalogue's group. */
  cards<N extends number>(n: N): Promise<Tuple<N, RecordModel>>;
}

/**
 * Runs `make` `n` times, at most 8 at once: hundreds of creates at once hold PocketBase's one
 * writer long enough, on a loaded machine, for a request's auth lookup to time out (answered as a
 * guest: 403).
 */
async function times<N extends number, T>(n: N, make: () => Promise<T>): Promise<Tuple<N, T>> {
  const out: T[] = [];
  for (let i = 0; i < n; i += 8) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(8, n - i) }, make))));
  }
  return out as Tuple<N, T>;
}

/** The file's server, for the fixtures: there once beforeAll has run. */
function started<E>(env: E | undefined): E {
  if (!env) throw new Error('integration fixtures are made inside tests, after the server starts');
  return env;
}

/**
 * Starts PocketBase (no public dir unless `options` says) before the file's tests and stops it
 * after them. `ready` gets the server and the superuser client: the file keeps them and makes its
 * users there (createUser logs each in, as the returned `fan` does).
 */
export function setupServer(
  ready: (env: FileServer) => Promise<void> | void,
  options: ServerOptions = {},
): ServerFixtures {
  let server: TestServer | undefined;
  let env: FileServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ publicDir: null, ...options });
    env = { server, su: await server.admin() };
    await ready(env);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const fan = (extra?: Record<string, unknown>) =>
    createUser(started(env).server, started(env).su, extra);
  return { fan, fans: (n) => times(n, () => fan()) };
}

/** setupServer with a catalogue (createCatalogue) made before `ready` runs, and cards of it. */
export function setupCatalogueServer(
  ready: (env: CatalogueServer) => Promise<void> | void,
  options: ServerOptions = {},
): CatalogueFixtures {
  let env: CatalogueServer | undefined;
  const fixtures = setupServer(async (file) => {
    env = { ...file, cat: await createCatalogue(file.su) };
    await ready(env);
  }, options);
  const card = () => createCard(started(env).su, started(env).cat.group);
  return { ...fixtures, cards: (n) => times(n, card) };
}

/**
 * One browser against `server`: its own storage (where an opened link's token lives) and an
 * unauthenticated client for the sign-up API.
 */
export function signupBrowser(server: TestServer) {
  const store = new Map<string, string>();
  const api = createSignupApi({
    async client() {
      const pb = new PocketBase(server.url, new BaseAuthStore());
      pb.autoCancellation(false);
      return pb;
    },
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
  });
  return { store, api };
}
