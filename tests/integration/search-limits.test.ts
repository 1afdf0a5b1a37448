/**
 * The catalogue search's rate limit against the real server (docs/data-model.md, Rate limits and
 * request limits): 30 searches per 10 s per address, then 429, while other reads go on.
 */
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/pocketbase.ts';
import { setupServer } from '../helpers/integration-setup.ts';
import { stretchRateWindows } from '../helpers/pb-fixtures.ts';

let server: TestServer;

setupServer(
  async (env) => {
    ({ server } = env);
    // what this test checks is the count (the 31st refused), not how long a window lasts
    await stretchRateWindows(env.su, [
      { label: '/api/pocamarket/search', duration: 10, maxRequests: 30 },
    ]);
  },
  { rateLimits: 'enforced' },
);

describe('GET /api/pocamarket/search rate limit', () => {
  it('answers 30 searches in a window, then 429, and leaves other reads alone', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${server.url}/api/pocamarket/search?q=${i}`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await fetch(`${server.url}/api/collections/groups/records?perPage=1`);
    expect(other.status).toBe(200);
  });
});
