/**
 * A real S3-compatible server on loopback for the tests (s3rver: the S3 REST API over a temp
 * dir), and the environment that points PocketBase's file storage at it (pb_hooks/storage.pb.js).
 * Its listing is read over the S3 API itself (ListObjectsV2), so a test sees what a bucket holds
 * the way any S3 client would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** PocketBase's environment for files on this bucket (and backups, with `backups`). */
  env(opts?: { backups?: boolean }): Record<string, string>;
  /** Every key in the bucket (or under `prefix`). */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes, or null when missing. */
  get(key: string): Promise<Uint8Array | null>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'pocamarket'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: ({ backups = false } = {}) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      ...(backups ? { BACKUP_S3: '1' } : {}),
    }),
    async keys(prefix = '') {
      const keys: string[] = [];
      let token = '';
      for (;;) {
        const query = new URLSearchParams({ 'list-type': '2', prefix });
        if (token) query.set('continuation-token', token);
        const xml = await (await fetch(`${endpoint}/${bucket}?${query}`)).text();
        for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(decodeXml(m[1]!));
        const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml);
        if (!next) return keys;
        token = decodeXml(next[1]!);
      }
    },
    async get(key) {
      const res = await fetch(
        `${endpoint}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      );
      return res.ok ? new Uint8Array(await res.arrayBuffer()) : null;
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
