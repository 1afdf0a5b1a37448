/**
 * Builds a bench page with Vite into a fresh temp dir (outside the repository, so lint and
 * formatting never see generated files). The caller serves it (PocketBase `--publicDir`) and
 * removes the dir when done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';

export interface BuiltPage {
  dir: string;
  ms: number;
  remove(): void;
}

/**
 * `ssrEntry`: a server-side build of that module instead (`vite build --ssr <entry>`, with the same
 * config file), e.g. the app's first-screen renderer.
 */
export async function buildBenchPage(
  configFile: string,
  name: string,
  opts: { ssrEntry?: string } = {},
): Promise<BuiltPage> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const started = performance.now();
  await build({
    configFile,
    logLevel: 'warn',
    build: {
      outDir: dir,
      emptyOutDir: true,
      ...(opts.ssrEntry ? { ssr: opts.ssrEntry } : {}),
    },
  });
  return {
    dir,
    ms: performance.now() - started,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
