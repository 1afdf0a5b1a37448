/**
 * The import's rules as the server has them: pb_hooks/lib/catalogue-rules.js
 * (the CSV reading with Papa Parse, the row checks and their Korean reasons, the content hash),
 * loaded from its CommonJS source, so the command line reports a row exactly as the server would
 * and computes the hash the server stores (docs/operators.md, Bulk import). Plus the same digests
 * done with Node's crypto, which the tests check against the hooks' own.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HOOKS_DIR } from '../pocketbase.ts';

/** A CSV data row: its line, each column's trimmed value, and what the reading found wrong. */
export interface CsvRow {
  line: number;
  problems: string[];
  key: string;
  group: string;
  group_latin: string;
  member: string;
  member_latin: string;
  release: string;
  label: string;
  title: string;
  image: string;
  back_image: string;
}

/** A bad row as the reports list it. */
export interface BadRow {
  line: number;
  key: string;
  reasons: string[];
}

/** What the server answers for a request's rows (and the command line adds up). */
export interface ImportReport {
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  bad: BadRow[];
  groupsCreated: string[];
  cards: { line: number; key: string; id: string; action: 'created' | 'updated' }[];
  /** Rows of cards merged into another (counted unchanged, nothing written). */
  merged?: { line: number; key: string; id: string; into: string }[];
}

type Sha256 = (text: string) => string;

export interface ImportRules {
  COLUMNS: readonly string[];
  LABELS: readonly string[];
  MAX_IMAGE_BYTES: number;
  ADMIN_MAX_ROWS: number;
  CHUNK_MAX_ROWS: number;
  CHECK_MAX_KEYS: number;
  MSG: {
    noFile(path: string): string;
    unreadable(path: string): string;
    empty(path: string): string;
    tooBig(path: string): string;
  };
  parseCsv(text: string, papa: unknown): { problem: string; rows: CsvRow[] };
  checkRow(row: CsvRow): string[];
  duplicateOf(row: CsvRow, seen: Map<string, number>): string;
  rowHash(row: CsvRow, front: string, back: string, sha256: Sha256): string;
  imageDigest(bytes: ArrayLike<number>, sha256: Sha256): string;
}

let loaded: ImportRules | undefined;

/** The hooks' import module (its pure part: nothing of it touches PocketBase when loaded). */
export function importRules(): ImportRules {
  if (loaded) return loaded;
  const source = readFileSync(join(HOOKS_DIR, 'lib/catalogue-rules.js'), 'utf8');
  const mod = { exports: {} as unknown };
  // the hooks' CommonJS source, evaluated as the unit tests load the hooks' modules
  new Function('module', 'exports', source)(mod, mod.exports);
  loaded = mod.exports as ImportRules;
  return loaded;
}

/** Papa Parse as installed (the hooks load their vendored copy of the same version). */
export function papa(): unknown {
  return createRequire(import.meta.url)('papaparse');
}

/** SHA-256 of a string's UTF-8 bytes, hex ($security.sha256 in the hooks). */
export const sha256: Sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** rules.imageDigest, done natively: SHA-256 of the bytes read as Latin-1, encoded as UTF-8. */
export function imageDigest(bytes: Uint8Array): string {
  return createHash('sha256')
    .update(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
      'utf8',
    )
    .digest('hex')
    .slice(0, 32);
}
