/**
 * Seeding helpers for benchmarks: records created through PocketBase's batch API as the superuser
 * (one transaction per 50 writes, the server's `batch.maxRequests`), with ids chosen here so the
 * caller knows them without reading responses back. Hooks run as for any write.
 */
import { randomInt } from 'node:crypto';
import type PocketBase from 'pocketbase';

export const BATCH_SIZE = 50;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A PocketBase-style record id: 15 characters of [a-z0-9]. */
export function recordId(): string {
  let id = '';
  for (let i = 0; i < 15; i++) id += ALPHABET[randomInt(36)];
  return id;
}

/** A deterministic PRNG (mulberry32), so every run seeds the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A minimal valid PNG (1×1): a real file for image fields, 70 bytes. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function tinyPng(name: string): File {
  return new File([new Uint8Array(TINY_PNG)], name, { type: 'image/png' });
}

/**
 * Sends a write again while the server answers 503 (the database busy, or a batch past its
 * timeout on a loaded machine): that answer wrote nothing, and the app's outbox sends it again too.
 */
export async function sendAgainOn503<T>(write: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if ((err as { status?: number }).status !== 503 || attempt >= tries) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

/**
 * Creates `rows` in `collection` with batch requests of up to 50 writes, `concurrency` batches in
 * flight. Returns the number of batch requests made.
 */
export async function batchCreate(
  su: PocketBase,
  collection: string,
  rows: readonly Record<string, unknown>[],
  concurrency = 2,
): Promise<number> {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < rows.length; i += BATCH_SIZE) chunks.push(rows.slice(i, i + BATCH_SIZE));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      await sendAgainOn503(() => {
        const batch = su.createBatch();
        for (const row of chunk) batch.collection(collection).create(row);
        return batch.send({ requestKey: null });
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  return chunks.length;
}
