/**
 * The test API (`window.__pocamarket`, src/app/test-api.ts) is built only with
 * POCAMARKET_TEST_API=1: a plain production build holds no trace of it, not even the localStorage
 * gate. A build with the flag on is the control, so this test can fail.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Builds the client (no SSR bundle) into a temp dir; returns the dir. */
async function build(testApi: boolean): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'pocamarket-build-'));
  dirs.push(outDir);
  const env = { ...process.env, POCAMARKET_TEST_API: testApi ? '1' : '' };
  await promisify(execFile)(
    process.execPath,
    [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: ROOT, env, maxBuffer: 16 * 1024 * 1024 },
  );
  return outDir;
}

/** The built text files that mention `needle`. */
function filesWith(outDir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz|png|webp|woff2)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (readFileSync(path, 'utf8').includes(needle)) hits.push(path.slice(outDir.length + 1));
  }
  return hits;
}

describe('production build', () => {
  it('holds no trace of the test API; a build with POCAMARKET_TEST_API=1 does', async () => {
    const plain = await build(false);
    expect(filesWith(plain, '__pocamarket')).toEqual([]);
    expect(filesWith(plain, 'pocamarket:test-api')).toEqual([]);
    const withApi = await build(true);
    expect(filesWith(withApi, '__pocamarket').length).toBeGreaterThan(0);
    expect(filesWith(withApi, 'pocamarket:test-api').length).toBeGreaterThan(0);
  }, 300_000);
});
