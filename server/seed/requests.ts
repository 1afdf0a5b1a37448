/**
 * Request helpers for the seed: retry on rate limiting or a dropped connection, bounded
 * parallelism, and PNG bytes as an uploadable File.
 */
import { ClientResponseError } from 'pocketbase';

// Auto-cancellation would drop concurrent requests to the same endpoint.
export const Q = { requestKey: null } as const;

export function png(bytes: Buffer, name: string): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const status = err instanceof ClientResponseError ? err.status : -1;
      // 429 (rate limited) and 0 (connection reset) are worth another try; the rest is a bug.
      if ((status !== 429 && status !== 0) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }
}

export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
