// @vitest-environment node
/**
 * pb_hooks/zz-owner-events.pb.js ends the after-create and after-update success chains of the
 * collections whose realtime events go to their owner only (lib/owner-events.js). PocketBase loads
 * hook files in no fixed order, so any other handler bound to those events might never run: this
 * keeps them the only ones.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const HOOKS = join(import.meta.dirname, '../../pb_hooks');
const OWNER_FILE = 'zz-owner-events.pb.js';

/** The collections named in lib/owner-events.js's OWNER_FIELDS. */
function ownerCollections(): string[] {
  const src = readFileSync(join(HOOKS, 'lib/owner-events.js'), 'utf8');
  const block = /const OWNER_FIELDS = \{([^}]*)\}/.exec(src)?.[1] ?? '';
  return [...block.matchAll(/(\w+):/g)].map((m) => m[1]!);
}

/** Each after-create/update success binding of a hook file's text, with the tags it names. */
function afterSuccessBindings(text: string): { event: string; tags: string[] }[] {
  const out: { event: string; tags: string[] }[] = [];
  const re = /onRecordAfter(Create|Update)Success\(/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // the call's text up to its closing parenthesis
    let depth = 1;
    let i = re.lastIndex;
    while (i < text.length && depth > 0) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
      i++;
    }
    const call = text.slice(re.lastIndex, i - 1);
    // the tags after the handler: the string arguments following its last closing brace
    const tail = call.slice(call.lastIndexOf('}') + 1);
    out.push({ event: m[1]!, tags: [...tail.matchAll(/'(\w+)'/g)].map((t) => t[1]!) });
  }
  return out;
}

describe('the owner-only realtime hooks', () => {
  it('the reader finds bindings and their tags', () => {
    const text = `onRecordAfterCreateSuccess((e) => { f(g('x')); e.next(); }, 'likes', 'blocks');`;
    expect(afterSuccessBindings(text)).toEqual([{ event: 'Create', tags: ['likes', 'blocks'] }]);
    // a binding with no tags is every collection's
    expect(afterSuccessBindings(`onRecordAfterUpdateSuccess((e) => { e.next(); });`)).toEqual([
      { event: 'Update', tags: [] },
    ]);
  });

  it('are the only after-create/update success handlers of their collections', () => {
    const owned = ownerCollections();
    expect(owned).toContain('likes');
    const clashes: string[] = [];
    for (const file of readdirSync(HOOKS).filter((f) => f.endsWith('.pb.js'))) {
      if (file === OWNER_FILE) continue;
      for (const b of afterSuccessBindings(readFileSync(join(HOOKS, file), 'utf8'))) {
        const hit = b.tags.length ? b.tags.filter((t) => owned.includes(t)) : ['(all)'];
        if (hit.length) clashes.push(`${file}: after ${b.event} success of ${hit.join(', ')}`);
      }
    }
    expect(clashes).toEqual([]);
  });
});
