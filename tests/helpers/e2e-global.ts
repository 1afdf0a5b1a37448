/**
 * Global setup of the e2e project: one real PocketBase serving the built app (dist/) with the
 * project's migrations, hooks and the demo seed, shared by every e2e file. Tests get its URL with
 * `inject('baseUrl')`. Stopped by process id at the end.
 *
 * PocketBase sends its mail (verification, password reset) to a local SMTP sink started here;
 * tests read it over loopback HTTP at `inject('mailSinkUrl')` (tests/helpers/mail.ts waitForMail).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR } from '../../server/pocketbase.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { startTestServer, SUPERUSER } from './pocketbase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    superuser: { email: string; password: string };
    /** GET {mailSinkUrl}/messages?to=… lists the mail the sink received (JSON). */
    mailSinkUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error('dist/ is missing: run `vite build` first (npm run test:e2e does).');
  }
  const server = await startTestServer({ publicDir: DIST_DIR, mailSink: true });
  await seedDemo(await server.admin());
  project.provide('baseUrl', server.url);
  project.provide('superuser', SUPERUSER);
  project.provide('mailSinkUrl', await server.mail!.serveMessages());
  return async () => {
    await server.stop();
  };
}
