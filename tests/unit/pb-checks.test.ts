// @vitest-environment node
// The server's JavaScript is checked like the client's (docs/architecture.md, Checks of the server
// JavaScript): `npm run typecheck` type-checks pb_hooks/ and pb_migrations/ against PocketBase's
// declarations, and `npm run lint` lints them. Made-up files at real paths of those folders go
// through both checks, so a change to tsconfig.json, tsconfig.pb.json or eslint.config.js that
// stops covering them fails here. The probes are handed to the checks in memory rather than
// written into pb_hooks/: any file written there restarts every PocketBase running these hooks
// (hooks watch), the e2e servers of `npm test` included.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensurePbTypes, TYPES_FILE } from '../../server/build/pb-types.ts';

// vitest runs from the repository's root
const ROOT = process.cwd();

/** Every file of the server's JavaScript (the vendored bundle is generated, and left out). */
function serverFiles(): string[] {
  const hooks = readdirSync(join(ROOT, 'pb_hooks'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js') && !f.startsWith('lib/vendor/'))
    .map((f) => join(ROOT, 'pb_hooks', f));
  const migrations = readdirSync(join(ROOT, 'pb_migrations'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(ROOT, 'pb_migrations', f));
  return [...hooks, ...migrations];
}

const HOOK = join(ROOT, 'pb_hooks/zz-check-probe.pb.js');
const LIB = join(ROOT, 'pb_hooks/lib/zz-check-probe.js');
const MIGRATION = join(ROOT, 'pb_migrations/1999999999_check_probe.js');

/** Clean uses of the VM: PocketBase's globals, a typed lib module, goja's console, CommonJS. */
const CLEAN = {
  [HOOK]: [
    'onRecordCreateRequest((e) => {',
    '  const records = require(`${__hooks}/lib/records.js`);',
    "  console.log(records.toArray(e.record.get('likes')).length);",
    '  e.next();',
    "}, 'likes');",
    '',
  ].join('\n'),
  [LIB]: [
    'function tombstoneCount(app) {',
    "  return app.countRecords('tombstones');",
    '}',
    'module.exports = { tombstoneCount };',
    '',
  ].join('\n'),
  [MIGRATION]: [
    'migrate((app) => {',
    "  const c = app.findCollectionByNameOrId('likes');",
    '  app.save(c);',
    '});',
    '',
  ].join('\n'),
};

/** The tsconfig of `npm run typecheck` (tsconfig.json's references) that holds every server file. */
function serverProject(): ts.ParsedCommandLine {
  const solution = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const references = (solution.config?.references ?? []) as { path: string }[];
  const files = serverFiles();
  for (const ref of references) {
    const path = resolve(ROOT, ref.path);
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.endsWith('.json') ? path : join(path, 'tsconfig.json'),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
        },
      },
    );
    if (parsed && files.every((f) => parsed.fileNames.includes(f))) return parsed;
  }
  throw new Error(
    'no project of tsconfig.json type-checks every file of pb_hooks/ and pb_migrations/',
  );
}

/** Type errors (code and line) of each probe, checked within the server project. */
function typeErrors(probes: Record<string, string>): Record<string, string[]> {
  const project = serverProject();
  const host = ts.createCompilerHost(project.options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  host.getSourceFile = (name, language, onError, create) =>
    name in probes
      ? ts.createSourceFile(name, probes[name]!, language)
      : getSourceFile(name, language, onError, create);
  host.fileExists = (name) => name in probes || fileExists(name);
  host.readFile = (name) => probes[name] ?? readFile(name);
  const program = ts.createProgram({
    rootNames: [...project.fileNames, ...Object.keys(probes)],
    options: project.options,
    host,
  });
  const out: Record<string, string[]> = {};
  for (const name of Object.keys(probes)) {
    const file = program.getSourceFile(name);
    if (!file) throw new Error(`${name} is not in the program`);
    out[name] = [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ].map((d) => `TS${d.code} line ${file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`);
  }
  return out;
}

describe('type check of the server JavaScript', () => {
  beforeAll(async () => {
    await ensurePbTypes();
  }, 60_000);

  it('passes clean hooks, lib modules and migrations, and refuses a type error in each', () => {
    const errors = typeErrors({
      ...CLEAN,
      // no such method on PocketBase's Record; no such export of lib/records.js
      [HOOK.replace('zz-check-probe', 'zz-check-probe-bad')]: [
        'onRecordCreateRequest((e) => {',
        '  e.record.nope();',
        '  require(`${__hooks}/lib/records.js`).noSuchHelper();',
        '  e.next();',
        "}, 'likes');",
        '',
      ].join('\n'),
      // a record is found by its collection and its id
      [LIB.replace('zz-check-probe', 'zz-check-probe-bad')]: [
        'function user() {',
        "  return $app.findRecordById('users');",
        '}',
        'module.exports = { user };',
        '',
      ].join('\n'),
      // a collection is found by its name or id, a string
      [MIGRATION.replace('check_probe', 'check_probe_bad')]: [
        'migrate((app) => {',
        '  app.findCollectionByNameOrId();',
        '});',
        '',
      ].join('\n'),
    });
    expect(errors[HOOK]).toEqual([]);
    expect(errors[LIB]).toEqual([]);
    expect(errors[MIGRATION]).toEqual([]);
    expect(errors[HOOK.replace('zz-check-probe', 'zz-check-probe-bad')]).toEqual([
      'TS2339 line 2',
      'TS2339 line 3',
    ]);
    expect(errors[LIB.replace('zz-check-probe', 'zz-check-probe-bad')]).toEqual(['TS2555 line 2']);
    expect(errors[MIGRATION.replace('check_probe', 'check_probe_bad')]).toEqual(['TS2554 line 2']);
  }, 60_000);

  it("takes PocketBase's declarations from the binary before npm run typecheck checks", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['typecheck']).toMatch(/^tsx server\/build\/pb-types\.ts && tsc -b /);
    expect(readFileSync(TYPES_FILE, 'utf8')).toMatch(/^\/\/ \d+\n\/\/ GENERATED CODE/);
  });
});

describe('lint of the server JavaScript', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  /** The rules that fired on `code` as if it were the file at `filePath`. */
  async function rulesFor(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    if (!result) throw new Error(`no lint result for ${filePath}`);
    return result.messages.map((m) => m.ruleId ?? m.message);
  }

  it('passes clean hooks, lib modules and migrations', async () => {
    for (const [file, code] of Object.entries(CLEAN)) {
      expect(await rulesFor(file, code), file).toEqual([]);
    }
  });

  it('refuses an unused variable in each', async () => {
    for (const [file, code] of Object.entries(CLEAN)) {
      const unused = `const leftOver = 1;\n${code}`;
      expect(await rulesFor(file, unused), file).toContain('@typescript-eslint/no-unused-vars');
    }
  });

  it("knows every global PocketBase's declarations give a value, and no other", async () => {
    const source = ts.createSourceFile(
      TYPES_FILE,
      ts.sys.readFile(TYPES_FILE) ?? '',
      ts.ScriptTarget.Latest,
    );
    const declared = new Set<string>();
    for (const s of source.statements) {
      const ambient = ts.canHaveModifiers(s)
        ? ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)
        : false;
      if (!ambient) continue;
      if (ts.isVariableStatement(s)) {
        for (const d of s.declarationList.declarations) declared.add(d.name.getText(source));
      } else if (
        (ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isModuleDeclaration(s)) &&
        s.name
      ) {
        declared.add(s.name.text);
      }
    }
    expect(declared.size).toBeGreaterThan(100);
    const config = (await eslint.calculateConfigForFile(HOOK)) as {
      languageOptions: { globals: Record<string, unknown> };
    };
    const goja = ['console', 'require', 'module', 'exports'];
    const listed = Object.keys(config.languageOptions.globals).filter((g) => !goja.includes(g));
    expect(listed.sort()).toEqual([...declared].sort());
  });
});
