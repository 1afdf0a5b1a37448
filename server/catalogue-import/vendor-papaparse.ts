/**
 * Vendors Papa Parse, the CSV reader of the bulk catalogue import (docs/operators.md, Bulk import),
 * into pb_hooks/lib/vendor/papaparse.js: the console's import route reads the CSV in PocketBase's
 * JS hooks (goja), which load CommonJS files by path and have no node_modules in production. The
 * command line reads with the installed package, so both read a file the same way.
 * The copy is the installed `papaparse.js` (one file, no dependencies, UMD) as it is, formatted as
 * the repository's files are, under a header naming its version; tests/integration/
 * catalogue-import.test.ts fails when the committed copy is not what the installed version makes.
 *
 *   npx tsx server/catalogue-import/vendor-papaparse.ts            writes the copy
 *   npx tsx server/catalogue-import/vendor-papaparse.ts --check    exits 1 when it is not current
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const VENDOR_FILE = join(ROOT, 'pb_hooks/lib/vendor/papaparse.js');

/** The vendored file the installed papaparse makes, header included, formatted. */
export async function buildVendorPapaparse(): Promise<string> {
  const dir = join(ROOT, 'node_modules/papaparse');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
  };
  const source = readFileSync(join(dir, 'papaparse.js'), 'utf8');
  const header = [
    `// Papa Parse ${pkg.version} (${pkg.license} license, https://github.com/mholt/PapaParse),`,
    '// its papaparse.js for the PocketBase hooks (goja, CommonJS): the catalogue import reads CSV',
    '// with it. Copied by server/catalogue-import/vendor-papaparse.ts: do not edit.',
    '',
  ].join('\n');
  const options = (await resolveConfig(VENDOR_FILE)) ?? {};
  return format(header + source, { ...options, filepath: VENDOR_FILE });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await buildVendorPapaparse();
  if (process.argv.includes('--check')) {
    const same = readFileSync(VENDOR_FILE, 'utf8') === text;
    console.log(
      same
        ? 'Papa Parse copy is up to date'
        : 'Papa Parse copy differs: npx tsx server/catalogue-import/vendor-papaparse.ts',
    );
    process.exit(same ? 0 : 1);
  }
  writeFileSync(VENDOR_FILE, text);
  console.log(`wrote ${VENDOR_FILE} (${text.length} bytes)`);
}
