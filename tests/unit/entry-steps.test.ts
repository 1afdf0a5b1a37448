import { describe, expect, it } from 'vitest';
import { entryStepFiles } from '../../server/build/entry-steps.ts';

function chunk(fileName: string, over: Record<string, unknown> = {}) {
  return {
    type: 'chunk' as const,
    fileName,
    imports: [] as string[],
    dynamicImports: [] as string[],
    moduleIds: [] as string[],
    viteMetadata: { importedCss: new Set<string>() },
    ...over,
  };
}

// entry → shared (static); entry ⇢ client (react-dom, a step) → shared, dom; entry ⇢ data (Dexie,
// loaded later); client's CSS
const entry = chunk('entry.js', {
  imports: ['shared.js'],
  dynamicImports: ['client.js', 'data.js'],
});
const bundle = {
  'entry.js': entry,
  'shared.js': chunk('shared.js', { moduleIds: ['/app/node_modules/react/index.js'] }),
  'client.js': chunk('client.js', {
    imports: ['shared.js', 'dom.js'],
    moduleIds: ['/app/node_modules/react-dom/cjs/react-dom-client.production.js'],
    viteMetadata: { importedCss: new Set(['client.css']) },
  }),
  'dom.js': chunk('dom.js', { moduleIds: ['/app/node_modules/react-dom/index.js'] }),
  'data.js': chunk('data.js', { moduleIds: ['/app/node_modules/dexie/dist/dexie.mjs'] }),
  'style.css': { type: 'asset' },
};

describe('entry steps: what index.html preloads beside the entry', () => {
  it('preloads the step named and its static imports, not what the entry already loads', () => {
    const files = entryStepFiles(entry, bundle, [/react-dom-client/]);
    expect(files.js).toEqual(['client.js', 'dom.js']);
    expect(files.css).toEqual(['client.css']);
  });

  it('leaves the other dynamic imports to load when they are asked for', () => {
    expect(entryStepFiles(entry, bundle, [/no-such-module/])).toEqual({ js: [], css: [] });
    expect(entryStepFiles(entry, bundle, [/react-dom-client/]).js).not.toContain('data.js');
  });
});
