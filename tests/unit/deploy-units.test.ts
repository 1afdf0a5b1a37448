/**
 * The systemd units of deploy/ (docs/production.md) as systemd itself reads them:
 * `systemd-analyze verify` on copies whose install paths point at this checkout and this Node (it
 * checks that every Exec command exists) says nothing about any of them: no unknown directive, no
 * misspelled section, no missing program, no dependency on a unit that does not exist. No
 * running systemd is needed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const DEPLOY = join(ROOT, 'deploy');
const hasVerify = spawnSync('systemd-analyze', ['--version']).status === 0;
const units = readdirSync(DEPLOY).filter((f) => /\.(service|target)$/.test(f));
const dir = mkdtempSync(join(tmpdir(), 'units-'));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function verify(files: string[]): string {
  const run = spawnSync('systemd-analyze', ['verify', '--man=no', ...files], {
    cwd: dir,
    encoding: 'utf8',
  });
  return `${run.stdout}${run.stderr}`.trim();
}

describe.skipIf(!hasVerify)('the systemd units in deploy/', () => {
  it('has the four processes and their target', () => {
    expect(units.sort()).toEqual([
      'pocamarket-litestream.service',
      'pocamarket-pocketbase.service',
      'pocamarket-push.service',
      'pocamarket-render.service',
      'pocamarket.target',
    ]);
  });

  it('are read by systemd without a complaint', () => {
    for (const unit of units) {
      const text = readFileSync(join(DEPLOY, unit), 'utf8')
        .replaceAll('/opt/pocamarket', ROOT)
        .replaceAll('/usr/bin/node', process.execPath);
      writeFileSync(join(dir, unit), text);
    }
    expect(verify(units.map((u) => `./${u}`))).toBe('');
  });

  it('would say so of a misspelled directive (the check can fail)', () => {
    const unit = 'pocamarket-push.service';
    const text = readFileSync(join(DEPLOY, unit), 'utf8')
      .replaceAll('/opt/pocamarket', ROOT)
      .replaceAll('/usr/bin/node', process.execPath)
      .replace(/^Restart=/m, 'Restartt=');
    writeFileSync(join(dir, unit), text);
    expect(verify([`./${unit}`])).toMatch(/Unknown key 'Restartt'/);
  });
});
