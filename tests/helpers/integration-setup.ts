/**
 * The setup the integration files share: one real PocketBase per file, started before its tests
 * with a superuser client (and a catalogue to write against), stopped after them; and a fresh
 * browser's sign-up API against it.
 */
import { afterAll, beforeAll } from 'vitest';
import PocketBase, { BaseAuthStore } from 'pocketbase';
import { createSignupApi } from '../../src/data/accounts/signup.ts';
import { startTestServer, type TestServer } from './pocketbase.ts';
import { createCatalogue, type Catalogue } from './pb-fixtures.ts';

type ServerOptions = NonNullable<Parameters<typeof startTestServer>[0]>;

export interface FileServer {
  server: TestServer;
  /** Logged in as the superuser. */
  su: PocketBase;
}

export interface CatalogueServer extends FileServer {
  cat: Catalogue;
}

/**
 * Starts PocketBase (no public dir unless `options` says) before the file's tests and stops it
 * after them. `ready` gets the server and the superuser client: the file keeps them and makes its
 * users there (createUser logs each in).
 */
export function setupServer(
  ready: (env: FileServer) => Promise<void> | void,
  options: ServerOptions = {},
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer({ publicDir: null, ...options });
    await ready({ server, su: await server.admin() });
  });
  afterAll(async () => {
    await server?.stop();
  });
}

/** setupServer with a catalogue (createCatalogue) made before `ready` runs. */
export function setupCatalogueServer(
  ready: (env: CatalogueServer) => Promise<void> | void,
  options: ServerOptions = {},
): void {
  setupServer(async (env) => ready({ ...env, cat: await createCatalogue(env.su) }), options);
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
