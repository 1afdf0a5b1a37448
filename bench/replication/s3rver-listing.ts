/**
 * Makes the loopback S3 server (s3rver 3.7.1, tests/helpers/s3.ts) list with a delimiter as S3
 * does, for Litestream's replica in the restore drill and the replication bench.
 *
 * Asked for `prefix=a/&delimiter=/`, S3 answers every key under `a/` that has no further `/` and,
 * as CommonPrefixes, `a/x/` for each key `a/x/…` at any depth. s3rver stops walking its folders
 * one level below the prefix, so a key two or more levels down (Litestream's
 * `generations/<id>/snapshots/…`) gives no common prefix at all, and `litestream restore` finds
 * no generation. This wraps its store's listing: with a delimiter, it lists everything under the
 * prefix and groups the keys itself. Patching the class once changes every s3rver of the process.
 */
import { createRequire } from 'node:module';

interface ListOptions {
  delimiter?: string;
  prefix?: string;
  maxKeys?: number;
  startAfter?: string;
}
interface Listed {
  objects: { key: string }[];
  commonPrefixes: string[];
  isTruncated: boolean;
}
type ListObjects = (this: unknown, bucket: string, options: ListOptions) => Promise<Listed>;

let patched = false;

export function fixS3rverDelimiterListing(): void {
  if (patched) return;
  patched = true;
  const require = createRequire(import.meta.url);
  const Store = require('s3rver/lib/stores/filesystem.js') as {
    prototype: { listObjects: ListObjects };
  };
  const original = Store.prototype.listObjects;
  Store.prototype.listObjects = async function (bucket, options) {
    const delimiter = options.delimiter;
    if (!delimiter) return original.call(this, bucket, options);
    const prefix = options.prefix ?? '';
    const all = await original.call(this, bucket, {
      ...options,
      delimiter: '',
      maxKeys: Infinity,
    });
    const common = new Set<string>();
    const objects: Listed['objects'] = [];
    for (const object of all.objects) {
      const at = object.key.slice(prefix.length).indexOf(delimiter);
      if (at === -1) objects.push(object);
      else common.add(object.key.slice(0, prefix.length + at + delimiter.length));
    }
    const max = options.maxKeys ?? Infinity;
    return {
      objects: objects.slice(0, max),
      commonPrefixes: [...common].sort(),
      isTruncated: objects.length > max,
    };
  };
}
