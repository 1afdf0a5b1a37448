/**
 * Set at build time by vite.config.ts (`define`): true only when the build ran with
 * POCAMARKET_TEST_API=1 (`npm run test:e2e`, `npm run test:faults`). When false, the test API
 * (app/test-api.ts) and its gate are left out of the bundle entirely.
 */
declare const __TEST_API__: boolean;
