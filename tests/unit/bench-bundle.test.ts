import { describe, expect, it } from 'vitest';
import {
  chunkHolding,
  splitGraph,
  staticClosure,
  type ChunkNode,
} from '../../bench/bundle/graph.ts';

function chunk(fileName: string, over: Partial<ChunkNode> = {}): ChunkNode {
  return {
    fileName,
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    imports: [],
    dynamicImports: [],
    modules: [],
    css: [],
    ...over,
  };
}

// entry → a → b (static); entry ⇢ c (dynamic); c → b, d (static); c ⇢ e (dynamic, already in the
// initial set through a), d's CSS
const GRAPH: ChunkNode[] = [
  chunk('entry.js', {
    isEntry: true,
    imports: ['a.js'],
    dynamicImports: ['c.js'],
    css: ['entry.css'],
  }),
  chunk('a.js', { imports: ['b.js'], dynamicImports: ['e.js'], modules: ['/app/src/a.ts'] }),
  chunk('b.js', { css: ['b.css'], modules: ['/app/node_modules/react/index.js'] }),
  chunk('c.js', {
    isDynamicEntry: true,
    facadeModuleId: '/app/src/routes/c.tsx',
    imports: ['b.js', 'd.js'],
    css: ['c.css', 'b.css'],
  }),
  chunk('d.js', { css: ['d.css'], modules: ['/app/node_modules/leaflet/dist/leaflet-src.js'] }),
  chunk('e.js', { isDynamicEntry: true, imports: ['b.js'] }),
];

describe('bench bundle: chunk graph', () => {
  it('follows static imports transitively, not dynamic ones', () => {
    expect(staticClosure(GRAPH, ['entry.js'])).toEqual(['entry.js', 'a.js', 'b.js']);
    expect(staticClosure(GRAPH, ['c.js']).sort()).toEqual(['b.js', 'c.js', 'd.js']);
  });

  it('puts the entry and its static closure in the initial set, with their CSS', () => {
    const split = splitGraph(GRAPH, 'entry.js', ['index.css']);
    expect(split.initial.sort()).toEqual(['a.js', 'b.js', 'entry.js']);
    expect(split.initialCss.sort()).toEqual(['b.css', 'entry.css', 'index.css']);
  });

  it('counts the chunks index.html preloads beside the entry as initial', () => {
    const split = splitGraph(GRAPH, 'entry.js', [], ['c.js']);
    expect(split.initial.sort()).toEqual(['a.js', 'b.js', 'c.js', 'd.js', 'entry.js']);
    expect(split.routes.map((r) => r.fileName)).toEqual(['e.js']);
  });

  it('charges a route only for what the initial load did not bring', () => {
    const split = splitGraph(GRAPH, 'entry.js');
    const c = split.routes.find((r) => r.fileName === 'c.js');
    expect(c?.facadeModuleId).toBe('/app/src/routes/c.tsx');
    expect(c?.extra.sort()).toEqual(['c.js', 'd.js']);
    expect(c?.extraCss.sort()).toEqual(['c.css', 'd.css']);
  });

  it('lists dynamic entries outside the initial set only', () => {
    const withE = splitGraph(GRAPH, 'entry.js');
    expect(withE.routes.map((r) => r.fileName).sort()).toEqual(['c.js', 'e.js']);
    expect(withE.routes.find((r) => r.fileName === 'e.js')?.extra).toEqual(['e.js']);
    // a dynamic entry that is also imported statically from the entry costs nothing more
    const eager = GRAPH.map((c) =>
      c.fileName === 'a.js' ? { ...c, imports: ['b.js', 'c.js'] } : c,
    );
    expect(splitGraph(eager, 'entry.js').routes.map((r) => r.fileName)).toEqual(['e.js']);
  });

  it('finds the chunks holding a module', () => {
    expect(chunkHolding(GRAPH, (id) => id.includes('/node_modules/leaflet/'))).toEqual(['d.js']);
    expect(chunkHolding(GRAPH, (id) => id.includes('/node_modules/swiper/'))).toEqual([]);
  });

  it('throws on an import of a chunk that is not in the graph', () => {
    expect(() => staticClosure([chunk('x.js', { imports: ['y.js'] })], ['x.js'])).toThrow(/y\.js/);
  });
});
