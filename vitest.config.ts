import { defineConfig } from 'vitest/config';
import { fileURLToPath, URL } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/** Unit files without JSX that still need a DOM; every other *.test.ts runs in plain Node. */
const UNIT_DOM = ['tests/unit/install-update-checks.test.ts'];
/**
 * DOM files that replace modules (vi.mock): each runs in a fresh environment of its own, as a
 * module they mock stays mocked for every later file of a shared one.
 */
const UNIT_DOM_MOCKS = [
  'tests/unit/exchange-server-search.test.tsx',
  'tests/unit/file-token.test.tsx',
  'tests/unit/have-scan.test.tsx',
  'tests/unit/install-update-toast.test.tsx',
  'tests/unit/rear-camera.test.tsx',
  'tests/unit/trade-hooks.test.tsx',
  'tests/unit/trade-list-book.test.tsx',
  'tests/unit/trade-list-marks.test.tsx',
  'tests/unit/trade-screen-matching.test.tsx',
  'tests/unit/trade-screen-proposal.test.tsx',
  'tests/unit/trade-screen-trades.test.tsx',
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: UNIT_DOM,
          environment: 'node',
          setupFiles: ['tests/helpers/unit-setup.ts'],
          isolate: false,
          // `npm test` runs this lane beside the e2e lane on two cores: a test that takes
          // milliseconds alone has taken over 5 s (the default) there, and over 30 s with a second
          // copy of the suite running beside it (load average above 20). The bound is for a test
          // that hangs; its waits are bounded by tests/helpers/wait.ts
          testTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-dom',
          include: ['tests/unit/**/*.test.tsx', ...UNIT_DOM],
          exclude: UNIT_DOM_MOCKS,
          environment: 'jsdom',
          setupFiles: ['tests/helpers/unit-setup.ts'],
          // one jsdom and one module graph per worker: a fresh environment and imports per file
          // cost more CPU than the tests themselves (62 s against 44 s alone, a quarter of the
          // CPU); unit-setup.ts starts each file as a fresh page would
          isolate: false,
          testTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-dom-mocks',
          include: UNIT_DOM_MOCKS,
          environment: 'jsdom',
          setupFiles: ['tests/helpers/unit-setup.ts'],
          testTimeout: 90_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/helpers/integration-global.ts'],
          environment: 'node',
          // bounds that catch a hang: beside a second copy of the suite a batching test took 61 s
          testTimeout: 180_000,
          hookTimeout: 120_000,
          // every file starts its own PocketBase (free port, temp dir): files share nothing. Two:
          // three took as long beside the e2e lane (497 s against 481–504 s) and the S3 seed test
          // then ran out of its 120 s
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/helpers/e2e-global.ts'],
          // a retried test's first failure is printed (the reporter drops it)
          setupFiles: ['tests/helpers/attempt-log.ts'],
          environment: 'node',
          // one module graph per worker: importing playwright-core, the helpers and the app's
          // strings again for every file cost 92 s of the layer's 762 (vitest's "import" figure)
          // on two cores. The files mock nothing; what they keep in module variables is their own
          isolate: false,
          // The longest journeys take 85 s on a quiet 2-core machine and three times that on a
          // loaded one (a CI machine running the other lane beside): the bound is for a test that
          // hangs, each step waits for its outcome
          testTimeout: 300_000,
          hookTimeout: 240_000,
          // A failed e2e test runs once more (it still fails the run if it fails again): a few
          // journeys still time out now and then on a loaded machine. The stress rounds that
          // measure the suite's robustness set E2E_RETRY=0.
          retry: Number(process.env.E2E_RETRY ?? 1),
          // three files at a time: each worker has a PocketBase of its own (e2e-global.ts), so
          // files in different workers share no data; all share one Chromium. On the 2-core
          // machine `npm test` took 475 s with two and 458 s with three (the pages wait on
          // timers and the network often enough to leave room for a third)
          maxWorkers: Number(process.env.E2E_WORKERS) || 3,
          // A poll waits for an outcome, as long as tests/helpers/app.ts's other waits
          // (OUTCOME_WAIT_MS, 120 s) and well inside the test's bound: on two cores running a
          // second copy of the suite beside this one (load average above 20), a realtime event
          // reached the other device's page after more than 10 s, and outbox flushes that had 30 s
          // failed a clean clone's CI once the machine was loaded
          expect: { poll: { timeout: 120_000 } },
        },
      },
      {
        resolve: { alias },
        test: {
          // journeys on a catalogue of real shape (20,000 cards), each file with a server of its
          // own on the catalogue benchmark's data dir; `npm test` runs them after the e2e project,
          // in its lane, on its build
          name: 'catalogue',
          include: ['tests/catalogue/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 300_000,
          maxWorkers: 1,
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
