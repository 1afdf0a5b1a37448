/**
 * Every pointer from the code to the docs resolves: comments say where a rule or a design is
 * written down (`docs/sync.md, Pull by scope`, `docs/files.md#image-size`), and a pointer to a
 * file or section that is not there sends a reader nowhere. Checked in the project's own source
 * (src, sw, server, pb_hooks, pb_migrations, tests, bench) and in the docs themselves.
 *
 * A pointer is `docs/<file>.md` (the file must exist), optionally followed by
 * - `, <Section>`: the text after the comma must begin with one of the file's headings (a
 *   subsection may follow: `Content pages, Notices`); a comment's line breaks and `*` / `//`
 *   prefixes are joined first, so a section name may wrap;
 * - `#<anchor>`: one of the file's headings, as GitHub makes anchors of them;
 * - ` "<Section>"`: a heading, exactly.
 * In the docs, a link to a sibling doc (`[sync.md](sync.md#the-cache), The cache`) is read the
 * same way.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
/** This file, whose made-up pointers must not resolve. */
const SELF = 'tests/unit/doc-pointers.test.ts';
const SCANNED = /^(src|sw|server|pb_hooks|pb_migrations|tests|bench|docs)\/.*\.(ts|tsx|js|css|md)$/;

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => SCANNED.test(f) && f !== SELF && existsSync(join(ROOT, f)));
}

const headingsCache = new Map<string, string[]>();
function headingsOf(doc: string): string[] {
  let h = headingsCache.get(doc);
  if (!h) {
    h = readFileSync(join(ROOT, 'docs', doc), 'utf8')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => l.replace(/^#+ /, '').replaceAll('`', '').trim());
    headingsCache.set(doc, h);
  }
  return h;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The text with comment prefixes and line breaks joined, so a wrapped pointer reads whole. */
function joined(text: string): string {
  return text
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\/+|\*+(?!\/)|\/\*+|<!--)?\s?/, '').trimEnd())
    .join(' ')
    .replaceAll('`', '')
    .replace(/\s+/g, ' ');
}

export interface Pointer {
  file: string;
  text: string;
  problem: string;
}

export function checkPointers(file: string, source: string): Pointer[] {
  const problems: Pointer[] = [];
  let text = joined(source);
  // in the docs, a link to a sibling (`[sync.md](sync.md#the-cache)`) is a pointer too
  if (file.startsWith('docs/') || file.endsWith('.md'))
    text = text.replace(/\[[^\]]*\]\(([a-z0-9-]+\.md)(#[^)\s]*)?\)/g, 'docs/$1$2');
  const re = /docs\/([a-z0-9-]+\.md)(#[\p{L}\p{N}_-]+|, [^;()`|<>[\]{}]+| "[^"]+")?/gu;
  for (const m of text.matchAll(re)) {
    const doc = m[1]!;
    const rest = m[2];
    const at = (problem: string) => problems.push({ file, text: m[0], problem });
    if (!existsSync(join(ROOT, 'docs', doc))) {
      at('no such doc');
      continue;
    }
    if (!rest) continue;
    const heads = headingsOf(doc);
    if (rest.startsWith('#')) {
      const anchor = rest.slice(1);
      if (!heads.some((h) => anchorOf(h) === anchor)) at('no heading with that anchor');
    } else if (rest.startsWith(' "')) {
      const name = rest.slice(2, -1);
      if (!heads.includes(name)) at('no such section');
    } else {
      const after = rest.slice(2).trim();
      // a pointer ends a sentence or a clause: only a capitalised name is a section
      if (!/^[A-Z]/.test(after)) continue;
      // the heading, maybe followed by more (a subsection, a note), or the heading's first words
      // ending where the pointer's parenthesis or clause ends (`Local tables` for `Local tables
      // (Dexie)`)
      const found = heads.some(
        (h) =>
          after.startsWith(h) || (h.startsWith(after) && /^[\s:(]/.test(h.slice(after.length))),
      );
      if (!found) at('no such section');
    }
  }
  return problems;
}

describe('pointers from the code to docs/', () => {
  it('find the checker working on made-up pointers', () => {
    const src = [
      '// the rule: docs/sync.md, Pull by',
      '// scope (and docs/sync.md, No Such Section Here)',
      '/* docs/nothing-here.md and docs/sync.md#pull-by-scope and docs/sync.md#nowhere */',
      '// docs/sync.md "Pull by scope" docs/sync.md "Pending things"',
    ].join('\n');
    const found = checkPointers('probe.ts', src).map((p) => `${p.text}: ${p.problem}`);
    expect(found).toEqual([
      'docs/sync.md, No Such Section Here: no such section',
      'docs/nothing-here.md: no such doc',
      'docs/sync.md#nowhere: no heading with that anchor',
      'docs/sync.md "Pending things": no such section',
    ]);
  });

  it('all resolve', () => {
    const problems = trackedFiles().flatMap((f) =>
      checkPointers(f, readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(problems.map((p) => `${p.file}: ${p.text} (${p.problem})`)).toEqual([]);
  });
});
