/**
 * With replication on, PocketBase's midnight job no longer TRUNCATE-checkpoints data.db under
 * Litestream's read transaction (docs/scaling.md, Checkpoints): pb_hooks/replication.pb.js swaps
 * `__pbDBOptimize__` for a job that checkpoints only the auxiliary database and runs
 * `PRAGMA optimize`. Without replication PocketBase's own job stays.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { startTestServer, type TestServer } from '../helpers/pocketbase.ts';

const servers: TestServer[] = [];
const replicaDir = mkdtempSync(join(tmpdir(), 'replica-'));

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(replicaDir, { recursive: true, force: true });
});

async function cronIds(su: PocketBase): Promise<string[]> {
  return (await su.crons.getFullList()).map((c) => c.id);
}

describe("PocketBase's midnight job", () => {
  it('keeps its checkpoint without replication', async () => {
    const server = await startTestServer({ publicDir: null });
    servers.push(server);
    const ids = await cronIds(await server.admin());
    expect(ids).toContain('__pbDBOptimize__');
    expect(ids).not.toContain('pocamarketDBOptimize');
  });

  it('runs without the checkpoint of data.db when replication is on', async () => {
    const server = await startTestServer({ publicDir: null, env: { REPLICA_DIR: replicaDir } });
    servers.push(server);
    const su = await server.admin();
    const ids = await cronIds(su);
    expect(ids).not.toContain('__pbDBOptimize__');
    expect(ids).toContain('pocamarketDBOptimize');
    // it can be started by hand, as the dashboard's run button does
    await su.crons.run('pocamarketDBOptimize');
  });
});
