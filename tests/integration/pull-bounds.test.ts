/**
 * The pull route's bounds against the real server (pb_hooks/lib/pull.js): an answer carries about
 * MAX_BYTES of records at most, so a fan whose own rows are large gets them over several requests,
 * each once; and an account makes PULLS_PER_MINUTE pulls a minute at most (a Korean 429), from an
 * address the operator has not exempted.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { setupCatalogueServer } from '../helpers/integration-setup.ts';
import { failure, newId, type Actor } from '../helpers/pb-fixtures.ts';
import { trustProxyHeader, type TestServer } from '../helpers/pocketbase.ts';
import { sendAgainOn503 } from '../../bench/lib/seed.ts';

// lib/pull.js is CommonJS for PocketBase's JS VM: its bounds are read from the source
function pullBounds(): { MAX_BYTES: number; PULLS_PER_MINUTE: number } {
  const source = readFileSync(resolve(__dirname, '../../pb_hooks/lib/pull.js'), 'utf8');
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', '__hooks', source)(
    module,
    module.exports,
    () => ({}),
    '',
  );
  return module.exports as ReturnType<typeof pullBounds>;
}
const { MAX_BYTES, PULLS_PER_MINUTE } = pullBounds();

const IP_HEADER = 'X-Test-Client-IP';

let server: TestServer;
let su: PocketBase;
const { fan, cards } = setupCatalogueServer((env) => {
  ({ server, su } = env);
});

interface Answer {
  collections: Record<
    string,
    { items: { id: string }[]; more: boolean; cursor: { updated: string; id: string } | null }
  >;
}

function pullOnce(
  who: Actor,
  after?: { updated: string; id: string } | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return who.pb.send('/api/pocamarket/pull', {
    method: 'POST',
    headers,
    body: {
      collections: [
        { name: 'encounters', ...(after ? { updated: after.updated, id: after.id } : {}) },
      ],
    },
  });
}

describe('bytes per answer', () => {
  let me: Actor;
  let saved: string[];

  beforeAll(async () => {
    me = await fan();
    const them = await fan();
    const many = (await cards(200)).map((c) => c.id);
    saved = [];
    // 300 encounters of 100 + 100 cards: about 1.9 MB of records
    for (let b = 0; b < 6; b++) {
      const batch = me.pb.createBatch();
      for (let i = 0; i < 50; i++) {
        const id = newId();
        saved.push(id);
        batch.collection('encounters').create({
          id,
          user: me.id,
          fan: them.id,
          fanName: 'x',
          metAt: new Date().toISOString().replace('T', ' '),
          theyHave: many.slice(0, 100),
          theyWant: many.slice(100, 200),
        });
      }
      await sendAgainOn503(() => batch.send());
    }
  }, 120_000);

  it(`carries about ${MAX_BYTES / 1024 / 1024} MB at most; the rest comes after, each row once`, async () => {
    const seen: string[] = [];
    let after: { updated: string; id: string } | null = null;
    let requests = 0;
    for (;;) {
      const res: Response = await fetch(`${server.url}/api/pocamarket/pull`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: me.pb.authStore.token },
        body: JSON.stringify({
          collections: [
            { name: 'encounters', ...(after ? { updated: after.updated, id: after.id } : {}) },
          ],
        }),
      });
      expect(res.status).toBe(200);
      const text: string = await res.text();
      // the records' JSON within the budget, give or take one row and the envelope
      expect(text.length).toBeLessThan(MAX_BYTES + 64 * 1024);
      const page: Answer['collections'][string] = (JSON.parse(text) as Answer).collections[
        'encounters'
      ]!;
      requests++;
      seen.push(...page.items.map((r) => r.id));
      if (!page.more) break;
      after = page.cursor;
      expect(requests).toBeLessThan(20);
    }
    expect(requests).toBeGreaterThan(1);
    expect(seen.sort()).toEqual([...saved].sort());
  });
});

describe('pulls per account', () => {
  it(`takes ${PULLS_PER_MINUTE} a minute from an address that is not exempt, then a Korean 429`, async () => {
    await trustProxyHeader(su, IP_HEADER);
    const busy = await fan();
    const address = { [IP_HEADER]: '203.0.113.40' };
    for (let i = 0; i < PULLS_PER_MINUTE; i++) await pullOnce(busy, null, address);
    const err = await failure(pullOnce(busy, null, address));
    expect(err.status).toBe(429);
    expect(err.response['message']).toBe('동기화 요청이 너무 잦습니다. 잠시 후 다시 시도해주세요.');
    // another account from the same address is not held back
    await pullOnce(await fan(), null, address);
  });
});
