/**
 * The bundle benchmark: what a first visit downloads, against the 120 KB budget, and what each
 * route adds. One production build of the app (vite.config.ts, into a temp dir) with a plugin that
 * records the chunk graph (`generateBundle`); sizes are the written files gzip-compressed here at
 * level 9 (node:zlib). The build is deterministic, so one build is enough: single values, no
 * medians. KB = 1000 bytes (as Vite prints its own sizes); the result also holds exact bytes.
 *
 * Figures:
 * - initial JS (gzip): the entry chunk that dist/index.html loads plus every chunk it reaches
 *   through static imports, transitively (modulepreloads included): what runs before first paint;
 * - initial CSS (gzip): the stylesheets index.html links plus the CSS Vite attaches to those chunks;
 * - initial total vs budget: JS + CSS against 120 KB, and the headroom left;
 * - route <module>: for every dynamic entry (a lazily loaded screen or feature, named by its
 *   module relative to the repository), its own chunk plus the chunks it imports statically that
 *   the first load did not bring, and their CSS: what navigating there costs on top of the first
 *   load (chunks shared with other routes are counted for each route that needs them);
 * - leaflet / react-leaflet / react-leaflet-cluster / leaflet.markercluster / swiper: whether any of
 *   the library's modules is in the initial set (expected: no), and which chunks hold it;
 * - precache: entries in the service worker's injected manifest (sw.js) and their size on disk
 *   (uncompressed, as Cache Storage holds them);
 * - build time: the whole `vite build` (app + service worker), wall clock, on a shared machine.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { machineInfo, type MachineInfo } from '../lib/machine.ts';
import type { Row } from '../lib/report.ts';
import { chunkHolding, splitGraph, type ChunkNode } from './graph.ts';

export interface BundleBenchOptions {
  log: (line: string) => void;
}

export const DEFAULTS: BundleBenchOptions = { log: (line) => console.log(line) };

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const APP_CONFIG = join(ROOT, 'vite.config.ts');
/** Initial JS + CSS, gzip, in bytes (KB = 1000 bytes). */
export const BUDGET_BYTES = 120_000;
const KB = 1000;
/** Routes listed in the table (all are in the result). */
const TABLE_ROUTES = 15;

/** Libraries that must stay out of the first load: the map (meetups) and the carousel. */
export const LAZY_LIBRARIES = [
  'leaflet',
  'react-leaflet',
  'react-leaflet-cluster',
  'leaflet.markercluster',
  'swiper',
] as const;

export interface Sized {
  file: string;
  bytes: number;
  gzip: number;
}

export interface RouteFigure {
  /**
   * The route's module relative to the repository, e.g.
   * src/features/meetups/components/meetup-map-screen.tsx
   */
  module: string;
  chunk: string;
  /** The route's own chunk, gzip. */
  ownJsGzip: number;
  /** Its chunk + the static imports the first load did not bring, gzip. */
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
  chunks: string[];
  css: string[];
}

export interface BundleBenchResult {
  name: 'bundle';
  machine: MachineInfo;
  config: { viteConfig: string; gzipLevel: 9; kb: 1000; budgetBytes: number; vite: string };
  initial: {
    entry: string;
    js: Sized[];
    css: Sized[];
    jsGzip: number;
    cssGzip: number;
    totalGzip: number;
    jsBytes: number;
    cssBytes: number;
    budgetBytes: number;
    headroomBytes: number;
    withinBudget: boolean;
  };
  routes: RouteFigure[];
  /** Per library: in the initial set or not, and the chunks holding its modules. */
  libraries: Record<string, { inInitial: boolean; chunks: string[] }>;
  precache: { entries: number; bytes: number; missing: string[] };
  chunks: { count: number; jsGzip: number; cssGzip: number };
  graph: ChunkNode[];
  buildMs: number;
  totalMs: number;
  problems: string[];
}

/** Records every chunk of each `generateBundle` call (the app's build; the worker may add one). */
function graphRecorder(into: ChunkNode[][]): Plugin {
  return {
    name: 'bench-bundle-graph',
    enforce: 'post',
    generateBundle(_, bundle) {
      const chunks: ChunkNode[] = [];
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const meta = (item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata;
        const ids = (item as { moduleIds?: string[] }).moduleIds ?? Object.keys(item.modules);
        chunks.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          facadeModuleId: item.facadeModuleId,
          imports: [...item.imports],
          dynamicImports: [...item.dynamicImports],
          modules: [...ids],
          css: [...(meta?.importedCss ?? [])],
        });
      }
      into.push(chunks);
    },
  };
}

/** `/node_modules/<name>/` anywhere in a module id (also under .pnpm or nested installs). */
export function isFromPackage(moduleId: string, name: string): boolean {
  return moduleId.replace(/\\/g, '/').includes(`/node_modules/${name}/`);
}

const gzip = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

function sizeOf(dir: string, file: string): Sized {
  const buf = readFileSync(join(dir, file));
  return { file, bytes: buf.length, gzip: gzip(buf) };
}

const sum = (list: readonly Sized[], key: 'bytes' | 'gzip') => list.reduce((s, x) => s + x[key], 0);

/** The entry script and stylesheets index.html loads (paths relative to the build dir). */
export function htmlAssets(html: string): { entry: string; css: string[]; preload: string[] } {
  const strip = (u: string) => u.replace(/^\//, '');
  const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module script in index.html');
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) =>
    strip(m[1]!),
  );
  // Chunks index.html preloads load with the entry, whether it imports them statically or not
  // (react-dom, a step of its own: server/build/entry-steps.ts).
  const preload = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) =>
    strip(m[1]!),
  );
  return { entry: strip(entry), css, preload };
}

/** The precache manifest injected into sw.js: `{"revision":...,"url":"..."}` entries. */
export function precacheUrls(sw: string): string[] {
  const urls = [...sw.matchAll(/\{"revision":(?:"[^"]*"|null),"url":"([^"]+)"\}/g)].map(
    (m) => m[1]!,
  );
  const alt = [...sw.matchAll(/\{"url":"([^"]+)","revision":(?:"[^"]*"|null)\}/g)].map(
    (m) => m[1]!,
  );
  return [...urls, ...alt];
}

const kb = (bytes: number) => Number((bytes / KB).toFixed(1));

export async function runBundleBench(partial: Partial<BundleBenchOptions> = {}): Promise<{
  result: BundleBenchResult;
  rows: Row[];
}> {
  const opts: BundleBenchOptions = { ...DEFAULTS, ...partial };
  const { log } = opts;
  const t0 = performance.now();
  const problems: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    log(`building the app (vite.config.ts) into ${dir} ...`);
    const graphs: ChunkNode[][] = [];
    const started = performance.now();
    await build({
      configFile: APP_CONFIG,
      logLevel: 'warn',
      build: { outDir: dir, emptyOutDir: true },
      plugins: [graphRecorder(graphs)],
    });
    const buildMs = performance.now() - started;
    log(`  built in ${(buildMs / 1000).toFixed(1)} s`);

    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const { entry, css: htmlCss, preload } = htmlAssets(html);
    const graph = graphs.find((g) => g.some((c) => c.fileName === entry && c.isEntry));
    if (!graph) throw new Error(`no recorded bundle has the entry ${entry}`);

    const split = splitGraph(graph, entry, htmlCss, preload);
    const initialJs = split.initial.map((f) => sizeOf(dir, f));
    const initialCss = split.initialCss.map((f) => sizeOf(dir, f));
    const jsGzip = sum(initialJs, 'gzip');
    const cssGzip = sum(initialCss, 'gzip');
    const totalGzip = jsGzip + cssGzip;

    const sized = new Map<string, Sized>();
    const cached = (f: string) => {
      let s = sized.get(f);
      if (!s) sized.set(f, (s = sizeOf(dir, f)));
      return s;
    };
    const routes: RouteFigure[] = split.routes
      .map((r) => {
        const js = r.extra.map(cached);
        const css = r.extraCss.map(cached);
        const module = r.facadeModuleId
          ? relative(ROOT, r.facadeModuleId.replace(/\?.*$/, '')).replace(/\\/g, '/')
          : r.fileName;
        return {
          module,
          chunk: r.fileName,
          ownJsGzip: cached(r.fileName).gzip,
          jsGzip: sum(js, 'gzip'),
          cssGzip: sum(css, 'gzip'),
          totalGzip: sum(js, 'gzip') + sum(css, 'gzip'),
          chunks: r.extra,
          css: r.extraCss,
        };
      })
      .sort((a, b) => b.totalGzip - a.totalGzip);

    const inInitial = new Set(split.initial);
    const libraries: BundleBenchResult['libraries'] = {};
    for (const name of LAZY_LIBRARIES) {
      const chunks = chunkHolding(graph, (id) => isFromPackage(id, name));
      const inInit = chunks.some((c) => inInitial.has(c));
      libraries[name] = { inInitial: inInit, chunks };
      if (inInit) problems.push(`${name} is in the initial set (${chunks.join(', ')})`);
      if (!chunks.length) problems.push(`no chunk holds a module of ${name}`);
    }

    const urls = precacheUrls(readFileSync(join(dir, 'sw.js'), 'utf8'));
    if (!urls.length) problems.push('no precache manifest found in sw.js');
    const missing = urls.filter((u) => {
      try {
        statSync(join(dir, u));
        return false;
      } catch {
        return true;
      }
    });
    if (missing.length) problems.push(`precache entries not in the build: ${missing.join(', ')}`);
    const precacheBytes = urls
      .filter((u) => !missing.includes(u))
      .reduce((s, u) => s + statSync(join(dir, u)).size, 0);

    const allCss = [...new Set(graph.flatMap((c) => c.css))];
    const vite = (
      JSON.parse(readFileSync(join(ROOT, 'node_modules/vite/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    const result: BundleBenchResult = {
      name: 'bundle',
      machine: machineInfo(),
      config: {
        viteConfig: 'vite.config.ts',
        gzipLevel: 9,
        kb: 1000,
        budgetBytes: BUDGET_BYTES,
        vite,
      },
      initial: {
        entry,
        js: initialJs,
        css: initialCss,
        jsGzip,
        cssGzip,
        totalGzip,
        jsBytes: sum(initialJs, 'bytes'),
        cssBytes: sum(initialCss, 'bytes'),
        budgetBytes: BUDGET_BYTES,
        headroomBytes: BUDGET_BYTES - totalGzip,
        withinBudget: totalGzip <= BUDGET_BYTES,
      },
      routes,
      libraries,
      precache: { entries: urls.length, bytes: precacheBytes, missing },
      chunks: {
        count: graph.length,
        jsGzip: graph.reduce((s, c) => s + cached(c.fileName).gzip, 0),
        cssGzip: allCss.reduce((s, f) => s + cached(f).gzip, 0),
      },
      graph,
      buildMs: Math.round(buildMs),
      totalMs: Math.round(performance.now() - t0),
      problems,
    };

    const rows: Row[] = [
      {
        figure: `initial JS (gzip, ${initialJs.length} chunks)`,
        value: kb(jsGzip),
        unit: 'KB',
      },
      { figure: `initial CSS (gzip, ${initialCss.length} files)`, value: kb(cssGzip), unit: 'KB' },
      {
        figure: `initial total vs budget ${BUDGET_BYTES / KB} KB`,
        value: `${kb(totalGzip)} of ${BUDGET_BYTES / KB}`,
        unit: 'KB',
      },
      { figure: 'initial headroom', value: kb(BUDGET_BYTES - totalGzip), unit: 'KB' },
      ...routes.slice(0, TABLE_ROUTES).map((r): Row => ({
        figure: `route ${r.module}${r.chunks.length > 1 ? ` (+${r.chunks.length - 1} chunks)` : ''}`,
        value: kb(r.totalGzip),
        unit: r.cssGzip ? `KB (${kb(r.cssGzip)} CSS)` : 'KB',
      })),
      ...(routes.length > TABLE_ROUTES
        ? [
            {
              figure: `other routes (${routes.length - TABLE_ROUTES}), largest`,
              value: kb(routes[TABLE_ROUTES]!.totalGzip),
              unit: 'KB',
            },
          ]
        : []),
      ...LAZY_LIBRARIES.map((name): Row => ({
        figure: `${name} in initial`,
        value: libraries[name]!.inInitial ? 'YES' : 'no',
        unit:
          libraries[name]!.chunks.map((c) => c.replace(/^assets\//, '')).join(', ') ||
          'not bundled',
      })),
      {
        figure: 'all chunks (gzip JS + CSS)',
        value: kb(result.chunks.jsGzip + result.chunks.cssGzip),
        unit: `KB, ${graph.length} JS chunks`,
      },
      { figure: 'precache entries', value: urls.length },
      { figure: 'precache size (uncompressed)', value: kb(precacheBytes), unit: 'KB' },
      { figure: 'build time', value: Number((buildMs / 1000).toFixed(1)), unit: 's' },
    ];
    return { result, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
