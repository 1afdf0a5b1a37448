/**
 * What every seed step writes with: the superuser client, the parallelism, and the counts of
 * records created and image bytes uploaded by this run.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { png, Q, withRetry } from './requests.ts';

export class SeedWriter {
  /** Records created by this run. */
  created = 0;
  /** Bytes of the images uploaded by this run. */
  imageBytes = 0;

  constructor(
    readonly pb: PocketBase,
    /** Parallel requests. */
    readonly limit: number,
  ) {}

  /** An image to upload, counted in imageBytes. */
  file(bytes: Buffer, name: string): File {
    this.imageBytes += bytes.length;
    return png(bytes, name);
  }

  async create(collection: string, body: Record<string, unknown>): Promise<RecordModel> {
    const rec = await withRetry(() => this.pb.collection(collection).create(body, Q));
    this.created++;
    return rec;
  }

  /**
   * The id of the first record matching `filter`, or of one created from `body` when none does:
   * a seed run again finds what an earlier run wrote instead of writing it twice.
   */
  async findOrCreate(
    collection: string,
    filter: string,
    body: Record<string, unknown>,
  ): Promise<{ id: string; created: boolean }> {
    const found = await withRetry(() =>
      this.pb.collection(collection).getList(1, 1, { filter, fields: 'id', skipTotal: true, ...Q }),
    );
    if (found.items[0]) return { id: found.items[0].id, created: false };
    return { id: (await this.create(collection, body)).id, created: true };
  }

  all(collection: string, options: { filter?: string; fields?: string } = {}) {
    return withRetry(() =>
      this.pb.collection(collection).getFullList({ batch: 1000, ...options, ...Q }),
    );
  }
}

export async function exists(pb: PocketBase, collection: string, filter: string): Promise<boolean> {
  const res = await pb.collection(collection).getList(1, 1, { filter, skipTotal: true, ...Q });
  return res.items.length > 0;
}
