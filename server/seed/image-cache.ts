/**
 * A disk cache of the seed's drawn images, so that test suites which seed many fresh servers draw
 * them once. The images are pure functions of their inputs and of the drawing code, so the cache
 * key is a hash of both: editing any file that draws (CODE) starts a new cache folder (older folders
 * are removed). Kept in node_modules/.cache (git-ignored); any error just means drawing again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../node_modules/.cache/seed-images/', import.meta.url));
const CODE = ['./canvas.ts', './images.ts', './motifs.ts', './idol.ts', './card-art.ts'];

let dir: string | null | undefined;

function cacheDir(): string | null {
  if (dir !== undefined) return dir;
  try {
    const h = createHash('sha256');
    for (const f of CODE) h.update(readFileSync(fileURLToPath(new URL(f, import.meta.url))));
    const version = h.digest('hex').slice(0, 16);
    mkdirSync(join(ROOT, version), { recursive: true });
    for (const old of readdirSync(ROOT)) {
      if (old !== version) rmSync(join(ROOT, old), { recursive: true, force: true });
    }
    dir = join(ROOT, version);
  } catch {
    dir = null;
  }
  return dir;
}

/** The image drawn by `draw` for `input`, from the cache when an identical one was drawn before. */
export function cachedImage(kind: string, input: unknown, draw: () => Buffer): Buffer {
  const base = process.env.SEED_IMAGE_CACHE === 'off' ? null : cacheDir();
  if (!base) return draw();
  const key = createHash('sha256')
    .update(kind)
    .update(JSON.stringify(input))
    .digest('hex')
    .slice(0, 32);
  const path = join(base, `${key}.png`);
  try {
    return readFileSync(path);
  } catch {
    const bytes = draw();
    try {
      // write to a temp name first so a concurrent reader never sees half a file
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, path);
    } catch {
      // a read-only checkout: draw every time
    }
    return bytes;
  }
}
