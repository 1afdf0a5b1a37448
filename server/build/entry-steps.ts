/**
 * Vite build plugin: index.html preloads the chunks of the entry's dynamic imports that are steps
 * of its start, with their static imports and stylesheets, as if the entry imported them
 * statically.
 *
 * The entry (src/main.tsx) evaluates react-dom in a task of its own, through a dynamic import, so
 * that no single task evaluates all the code a page needs (on a phone that is one long task holding
 * back the first tap). Vite preloads only static imports from index.html; without this plugin the
 * step's chunk would be requested only once the entry has run, a round trip later. Only the steps
 * named by `modules` are preloaded: the entry's other dynamic imports (the data layer, the service
 * worker's registration) are meant to load later.
 *
 * The first-screen renderer (server/ssr/page.ts) turns these tags, like Vite's own, into loads on
 * the page's `load` event.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The files to preload for the entry's dynamic imports whose chunk holds a module matching one of
 * `modules`: JS and CSS, what the entry loads statically left out.
 */
export function entryStepFiles(
  entry: ChunkLike,
  bundle: Record<string, { type: string }>,
  modules: readonly RegExp[],
): { js: string[]; css: string[] } {
  const chunk = (file: string) => {
    const c = bundle[file];
    return c && c.type === 'chunk' ? (c as ChunkLike) : undefined;
  };
  const walkStatic = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const dep of chunk(file)?.imports ?? []) walkStatic(dep, into);
  };
  const already = new Set<string>();
  walkStatic(entry.fileName, already);
  const steps = new Set<string>();
  for (const file of entry.dynamicImports) {
    const ids = chunk(file)?.moduleIds ?? [];
    if (ids.some((id) => modules.some((m) => m.test(id)))) walkStatic(file, steps);
  }
  const js: string[] = [];
  const css = new Set<string>();
  for (const file of steps) {
    if (already.has(file)) continue;
    js.push(file);
    for (const sheet of chunk(file)?.viteMetadata?.importedCss ?? []) css.add(sheet);
  }
  return { js, css: [...css] };
}

export function entrySteps(modules: readonly RegExp[]): Plugin {
  let base = '/';
  let ssr = false;
  return {
    name: 'pocamarket:entry-steps',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      ssr = Boolean(config.build.ssr);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ssr || !ctx.chunk || !ctx.bundle) return;
        const entry = ctx.chunk as unknown as ChunkLike;
        const { js, css } = entryStepFiles(entry, ctx.bundle, modules);
        return [
          ...css.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: base + file },
            injectTo: 'head',
          })),
          ...js.map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}
