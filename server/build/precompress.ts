/**
 * Vite build plugin: writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to
 * every text file of the client build (js, css, html, svg, webmanifest, json, txt), each only when
 * it is smaller than the file itself. PocketBase sends them to browsers that accept the encoding
 * (pb_hooks/lib/static.js); images and fonts are compressed formats already and are left alone.
 *
 * It runs in `closeBundle`, ordered `post` and `sequential`: vite-plugin-pwa builds the service
 * worker (`sw.js`, `workbox-*.js`) in its own sequential `closeBundle`, so the worker is on disk
 * by then and gets its copies too. The worker's precache list was made before this runs, from glob
 * patterns that match no `.br`/`.gz`. Server (SSR) builds are skipped.
 * Plugin hook ordering: https://vite.dev/guide/api-plugin#plugin-ordering and
 * https://rollupjs.org/plugin-development/#build-hooks (`sequential`).
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; everything else (png, webp, woff2...) is compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt)$/;

export interface PrecompressResult {
  file: string;
  raw: number;
  gzip: number | null;
  brotli: number | null;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `file.br` and `file.gz` when they save bytes, removes a stale one when they don't. */
async function compressFile(file: string): Promise<PrecompressResult> {
  const raw = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gz(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const keep = async (suffix: string, data: Buffer): Promise<number | null> => {
    if (data.length < raw.length) {
      await writeFile(file + suffix, data);
      return data.length;
    }
    await rm(file + suffix, { force: true });
    return null;
  };
  return {
    file,
    raw: raw.length,
    brotli: await keep('.br', br),
    gzip: await keep('.gz', gzipped),
  };
}

/** Compresses every text file under `dir` (a few at a time: brotli 11 is CPU-heavy). */
export async function precompressDir(dir: string, parallel = 4): Promise<PrecompressResult[]> {
  const files: string[] = [];
  for await (const file of walk(dir)) if (COMPRESSIBLE.test(file)) files.push(file);
  const results: PrecompressResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++]!;
      results.push(await compressFile(file));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, files.length) }, worker));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export function precompress(): Plugin {
  return {
    name: 'pocamarket:precompress',
    apply: 'build',
    enforce: 'post',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error) return;
        const { config } = this.environment;
        if (config.build.ssr || config.consumer !== 'client') return;
        const outDir = resolve(config.root, config.build.outDir);
        const results = await precompressDir(outDir);
        const sum = (pick: (r: PrecompressResult) => number) =>
          results.reduce((total, r) => total + pick(r), 0);
        config.logger.info(
          `precompress: ${results.length} files in ${relative(config.root, outDir) || '.'}, ` +
            `${kb(sum((r) => r.raw))} -> gzip ${kb(sum((r) => r.gzip ?? r.raw))}, ` +
            `brotli ${kb(sum((r) => r.brotli ?? r.raw))}`,
        );
      },
    },
  };
}
