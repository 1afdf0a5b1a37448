/**
 * The chunk graph of a build, and what a first load and each route cost in it. Pure functions, no
 * I/O (unit-tested in tests/unit/bench-bundle.test.ts).
 */

export interface ChunkNode {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module the chunk stands for (a route's screen), absolute path; null for shared chunks. */
  facadeModuleId: string | null;
  /** Chunks this one imports statically (file names). */
  imports: string[];
  /** Chunks this one imports with `import()` (file names). */
  dynamicImports: string[];
  /** Module ids bundled into the chunk. */
  modules: string[];
  /** CSS files Vite links for this chunk (`viteMetadata.importedCss`). */
  css: string[];
}

/** `roots` and every chunk reachable from them through static imports, in visiting order. */
export function staticClosure(chunks: readonly ChunkNode[], roots: readonly string[]): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const stack = [...roots].reverse();
  while (stack.length) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const chunk = byName.get(name);
    if (!chunk) throw new Error(`chunk ${name} is not in the graph`);
    for (const dep of [...chunk.imports].reverse()) if (!seen.has(dep)) stack.push(dep);
  }
  return [...seen];
}

export interface RouteSplit {
  fileName: string;
  facadeModuleId: string | null;
  /** The route chunk and the chunks it pulls statically that the first load did not bring. */
  extra: string[];
  /** CSS of those chunks that the first load did not bring. */
  extraCss: string[];
}

export interface GraphSplit {
  /**
   * The entry and every chunk it imports statically (transitively), with the chunks index.html
   * preloads beside it and theirs: the first load's JS.
   */
  initial: string[];
  /** CSS linked by the entry's chunks (plus `extraInitialCss`, e.g. index.html's own links). */
  initialCss: string[];
  /** Every dynamic entry not already in the initial set, with what navigating there adds. */
  routes: RouteSplit[];
}

/**
 * Splits the graph into the first load (the `entry` chunk, the `preloaded` ones, and their static
 * closure) and, for every dynamic entry outside it, what loading it costs on top of the first load.
 */
export function splitGraph(
  chunks: readonly ChunkNode[],
  entry: string,
  extraInitialCss: readonly string[] = [],
  preloaded: readonly string[] = [],
): GraphSplit {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const cssOf = (names: readonly string[]) => names.flatMap((n) => byName.get(n)?.css ?? []);
  const initial = staticClosure(chunks, [entry, ...preloaded]);
  const inInitial = new Set(initial);
  const initialCss = [...new Set([...extraInitialCss, ...cssOf(initial)])];
  const cssInInitial = new Set(initialCss);
  const routes: RouteSplit[] = chunks
    .filter((c) => c.isDynamicEntry && !inInitial.has(c.fileName))
    .map((c) => {
      const extra = staticClosure(chunks, [c.fileName]).filter((n) => !inInitial.has(n));
      const extraCss = [...new Set(cssOf(extra))].filter((n) => !cssInInitial.has(n));
      return { fileName: c.fileName, facadeModuleId: c.facadeModuleId, extra, extraCss };
    });
  return { initial, initialCss, routes };
}

/** The chunks (file names) holding a module whose id matches `test`; empty if none. */
export function chunkHolding(
  chunks: readonly ChunkNode[],
  test: (moduleId: string) => boolean,
): string[] {
  return chunks.filter((c) => c.modules.some(test)).map((c) => c.fileName);
}
