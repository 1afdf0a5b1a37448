/**
 * Global setup of the e2e project. E2E files run two at a time (one per vitest worker); each
 * worker has a real PocketBase of its own serving the built app (dist/) with the project's
 * migrations, hooks and the demo seed, so files in different workers never see each other's
 * users, likes or posts, and files in one worker run one after another as they always did. Tests
 * get their worker's server with `baseUrl()` / `mailSinkUrl()` from tests/helpers/e2e-server.ts.
 *
 * One headless Chromium (the headless shell) is started here as a Playwright browser server; every
 * file connects to it (`launchBrowser()`) instead of starting a browser of its own, and a full
 * Chromium for the files that need it (push: `launchFullBrowser()`). Contexts keep tests apart.
 *
 * PocketBase sends its mail (verification, password reset) to a local SMTP sink per server;
 * tests read it over loopback HTTP (tests/helpers/mail.ts waitForMail).
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { launchBrowserServer } from './browser.ts';
import {
  makeTemplateDataDir,
  startTestServer,
  SUPERUSER,
  TEMPLATE_ENV,
  type TestServer,
} from './pocketbase.ts';

export interface E2eServer {
  baseUrl: string;
  /** GET {mailSinkUrl}/messages?to=… lists the mail the sink received (JSON). */
  mailSinkUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker slot (VITEST_POOL_ID 1..n). */
    e2eServers: E2eServer[];
    superuser: { email: string; password: string };
    /** The shared Chromium's Playwright endpoint (the headless shell, tests/helpers/browser.ts). */
    browserWsEndpoint: string;
    /** The full Chromium's, for push (launchFullBrowser). */
    fullBrowserWsEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/ is missing: run `vite build` first (npm run test:e2e does).');
  }
  const workers = Math.max(1, project.config.maxWorkers || 1);
  // the files that start servers of their own copy this migrated data dir too
  const template = makeTemplateDataDir();
  process.env[TEMPLATE_ENV] = template;
  const servers: TestServer[] = [];
  const browserServer = await launchBrowserServer();
  const fullBrowserServer = await launchBrowserServer(true);
  try {
    const started = await Promise.all(
      Array.from({ length: workers }, async () => {
        const server = await startTestServer({ publicDir: DIST_DIR, mailSink: true });
        servers.push(server);
        await seedDemo(await server.admin());
        return { baseUrl: server.url, mailSinkUrl: await server.mail!.serveMessages() };
      }),
    );
    project.provide('e2eServers', started);
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    await browserServer.close();
    await fullBrowserServer.close();
    rmSync(template, { recursive: true, force: true });
    throw err;
  }
  project.provide('superuser', SUPERUSER);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  project.provide('fullBrowserWsEndpoint', fullBrowserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    await fullBrowserServer.close();
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(template, { recursive: true, force: true });
  };
}
