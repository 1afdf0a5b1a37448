/**
 * The bulk catalogue import from a CSV file on this machine (docs/operators.md, Bulk import), the
 * work of `npm run catalogue:import` (./index.ts), also called by the tests and the benchmark.
 *
 * The file is read whole and checked here as the server would (./rules.ts: the hooks' own rules),
 * so a bad row costs no request; images are read from disk next to the CSV. The good rows go to
 * the server in chunks (at most CHUNK_ROWS rows, CHUNK_FILES images and CHUNK_BYTES of images,
 * within PocketBase's default 32 MB body), two chunks in flight, each chunk in two requests:
 *
 *  1. POST /api/pocamarket/catalogue-import/check with each row's key and content hash: the server
 *     answers which cards have that hash already (unchanged rows: their images never travel);
 *  2. POST /api/pocamarket/catalogue-import/rows, multipart: the other rows (JSON, with their CSV
 *     lines and hashes) and their images, one part per row and image, as a real import of
 *     distinct files would send them. The server checks the images' bytes and writes the chunk in
 *     one transaction (pb_hooks/lib/catalogue-import-rows.js).
 *
 * A run that is not a dry run ends with POST /api/pocamarket/catalogue-import/done: its counts,
 * written as one audit entry.
 *
 * Both routes are for superusers: the launcher's own (PB_DATA/.seed-superuser.json) or one named
 * by the environment (./index.ts). A chunk that fails for the network, a 429 or a 5xx is sent
 * again (writes are by key: a chunk that was written before the failure comes back unchanged).
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import PocketBase, { ClientResponseError } from 'pocketbase';
import {
  imageDigest,
  importRules,
  papa,
  sha256,
  type BadRow,
  type CsvRow,
  type ImportReport,
} from './rules.ts';

/** A chunk's bounds: rows, image parts (Go's multipart reader takes 1,000 parts), image bytes. */
export const CHUNK_ROWS = 200;
export const CHUNK_FILES = 400;
export const CHUNK_BYTES = 24 * 1024 * 1024;
/** Chunks in flight: one being written while the next one's files are read and sent. */
const IN_FLIGHT = 2;
/** Image bytes kept in memory by path, for rows that share a file (the benchmark's). */
const SHARED_CACHE_BYTES = 64 * 1024 * 1024;

/** A problem with the whole import (the file, its header, the server): nothing was written. */
export class ImportError extends Error {}

export interface ImportProgress {
  /** Data rows in the file. */
  total: number;
  /** Rows done so far (bad ones included). */
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  bad: number;
  seconds: number;
}

export interface ImportOptions {
  /** The CSV file. */
  file: string;
  dryRun?: boolean;
  /** The server, e.g. http://127.0.0.1:8090. */
  url: string;
  /** A superuser of that server. */
  email: string;
  password: string;
  /** Called as rows are done (at most every 200 ms) and once at the end. */
  onProgress?: (p: ImportProgress) => void;
}

export interface ImportSummary {
  file: string;
  dryRun: boolean;
  /** Data rows in the file. */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Of the unchanged, rows whose card an admin merged into another: skipped, by line. */
  merged: number[];
  /** Bad rows, by line. */
  bad: BadRow[];
  /** Groups made for the rows (a dry run: that would be made). */
  groupsCreated: string[];
  /** Image bytes sent. */
  uploadedBytes: number;
  /** Requests sent to the import routes. */
  requests: number;
  seconds: number;
}

interface ReadyRow {
  row: CsvRow;
  front: Uint8Array;
  back: Uint8Array | null;
  hash: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads a CSV file as UTF-8 text, or throws an ImportError with a Korean message. */
function decodeCsv(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportError(`CSV 파일은 UTF-8로 저장해주세요: ${file}`);
  }
}

/** Image files next to the CSV: read once each, digests kept, bytes kept while they fit. */
class ImageFiles {
  private digests = new Map<string, string>();
  private bytes = new Map<string, Uint8Array>();
  private cached = 0;

  constructor(
    private dir: string,
    private maxBytes: number,
    private msg: ReturnType<typeof importRules>['MSG'],
  ) {}

  /** The file of a CSV path: its bytes and digest, or the Korean reason it can't be used. */
  async read(path: string): Promise<{ bytes: Uint8Array; digest: string } | { problem: string }> {
    const full = isAbsolute(path) ? path : resolve(this.dir, path);
    const kept = this.bytes.get(full);
    if (kept) return { bytes: kept, digest: this.digests.get(full)! };
    let size: number;
    try {
      const st = await stat(full);
      if (!st.isFile()) return { problem: this.msg.noFile(path) };
      size = st.size;
    } catch {
      return { problem: this.msg.noFile(path) };
    }
    if (size > this.maxBytes) return { problem: this.msg.tooBig(path) };
    if (size === 0) return { problem: this.msg.empty(path) };
    let bytes: Uint8Array;
    try {
      bytes = await readFile(full);
    } catch {
      return { problem: this.msg.unreadable(path) };
    }
    let digest = this.digests.get(full);
    if (!digest) {
      digest = imageDigest(bytes);
      this.digests.set(full, digest);
    }
    if (this.cached + bytes.byteLength <= SHARED_CACHE_BYTES) {
      this.bytes.set(full, bytes);
      this.cached += bytes.byteLength;
    }
    return { bytes, digest };
  }
}

/** Sends a request, again after a network failure, a 429 or a 5xx (up to 5 tries). */
async function send<T>(pb: PocketBase, path: string, body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pb.send<T>(path, { method: 'POST', body });
    } catch (err) {
      const status = err instanceof ClientResponseError ? err.status : 0;
      const again = status === 0 || status === 429 || status >= 500;
      if (!again || attempt >= 5) {
        const message = err instanceof ClientResponseError ? err.message : String(err);
        throw new ImportError(
          `서버가 가져오기를 받지 않았어요 (${status || '연결 실패'}): ${message}`,
        );
      }
      await sleep(500 * 2 ** attempt);
    }
  }
}

/** The row's text fields as the rows route takes them. */
function rowFields(r: ReadyRow): Record<string, unknown> {
  const { problems: _problems, ...fields } = r.row;
  return { ...fields, hash: r.hash };
}

/** Imports `opts.file` into the server; resolves to what happened to every row. */
export async function runCatalogueImport(opts: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const rules = importRules();
  const file = resolve(opts.file);
  let raw: Uint8Array;
  try {
    raw = await readFile(file);
  } catch {
    throw new ImportError(`CSV 파일을 읽을 수 없어요: ${opts.file}`);
  }
  const parsed = rules.parseCsv(decodeCsv(raw, opts.file), papa());
  if (parsed.problem) throw new ImportError(parsed.problem);

  const pb = new PocketBase(opts.url);
  pb.autoCancellation(false);
  try {
    await pb.collection('_superusers').authWithPassword(opts.email, opts.password);
  } catch (err) {
    const why = err instanceof ClientResponseError ? `${err.status} ${err.message}` : String(err);
    throw new ImportError(`${opts.url}에 superuser로 로그인하지 못했어요: ${why}`);
  }

  const dryRun = !!opts.dryRun;
  const summary: ImportSummary = {
    file,
    dryRun,
    rows: parsed.rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    merged: [],
    bad: [],
    groupsCreated: [],
    uploadedBytes: 0,
    requests: 0,
    seconds: 0,
  };
  const groups = new Set<string>();
  const seconds = () => (performance.now() - started) / 1000;
  let lastProgress = 0;
  const progress = (final = false) => {
    if (!opts.onProgress) return;
    const now = performance.now();
    if (!final && now - lastProgress < 200) return;
    lastProgress = now;
    opts.onProgress({
      total: summary.rows,
      done: summary.created + summary.updated + summary.unchanged + summary.bad.length,
      created: summary.created,
      updated: summary.updated,
      unchanged: summary.unchanged,
      bad: summary.bad.length,
      seconds: seconds(),
    });
  };

  // the text fields and keys, all rows first: a bad row costs no request
  const seen = new Map<string, number>();
  const candidates: CsvRow[] = [];
  for (const row of parsed.rows) {
    const reasons = rules.checkRow(row);
    const dup = rules.duplicateOf(row, seen);
    if (dup) reasons.push(dup);
    if (reasons.length) summary.bad.push({ line: row.line, key: row.key, reasons });
    else candidates.push(row);
  }
  progress();

  const images = new ImageFiles(dirname(file), rules.MAX_IMAGE_BYTES, rules.MSG);

  /** The chunks of good rows with their files read, one at a time (shared by the senders). */
  async function* chunks(): AsyncGenerator<ReadyRow[]> {
    let chunk: ReadyRow[] = [];
    let files = 0;
    let bytes = 0;
    for (const row of candidates) {
      const front = await images.read(row.image);
      const back = row.back_image ? await images.read(row.back_image) : null;
      const problems = [front, back].flatMap((f) => (f && 'problem' in f ? [f.problem] : []));
      if (problems.length || !('bytes' in front) || (back && !('bytes' in back))) {
        summary.bad.push({ line: row.line, key: row.key, reasons: problems });
        progress();
        continue;
      }
      const backBytes = back && 'bytes' in back ? back : null;
      const size = front.bytes.byteLength + (backBytes?.bytes.byteLength ?? 0);
      const parts = backBytes ? 2 : 1;
      if (
        chunk.length &&
        (chunk.length >= CHUNK_ROWS || files + parts > CHUNK_FILES || bytes + size > CHUNK_BYTES)
      ) {
        yield chunk;
        chunk = [];
        files = 0;
        bytes = 0;
      }
      chunk.push({
        row,
        front: front.bytes,
        back: backBytes?.bytes ?? null,
        hash: rules.rowHash(row, front.digest, backBytes?.digest ?? '', sha256),
      });
      files += parts;
      bytes += size;
    }
    if (chunk.length) yield chunk;
  }

  async function sendChunk(chunk: ReadyRow[]): Promise<void> {
    summary.requests++;
    const { unchanged } = await send<{ unchanged: string[] }>(
      pb,
      '/api/pocamarket/catalogue-import/check',
      { rows: chunk.map((r) => ({ key: r.row.key, hash: r.hash })) },
    );
    const same = new Set(unchanged);
    const todo = chunk.filter((r) => !same.has(r.row.key));
    summary.unchanged += chunk.length - todo.length;
    if (!todo.length) return progress();
    const form = new FormData();
    form.append('rows', JSON.stringify(todo.map(rowFields)));
    form.append('dryRun', dryRun ? 'true' : 'false');
    todo.forEach((r, i) => {
      form.append(`image.${i}`, new Blob([new Uint8Array(r.front)]), basename(r.row.image));
      summary.uploadedBytes += r.front.byteLength;
      if (r.back) {
        form.append(
          `back_image.${i}`,
          new Blob([new Uint8Array(r.back)]),
          basename(r.row.back_image),
        );
        summary.uploadedBytes += r.back.byteLength;
      }
    });
    summary.requests++;
    const report = await send<ImportReport>(pb, '/api/pocamarket/catalogue-import/rows', form);
    summary.created += report.created;
    summary.updated += report.updated;
    summary.unchanged += report.unchanged;
    for (const m of report.merged ?? []) summary.merged.push(m.line);
    summary.bad.push(...report.bad);
    for (const g of report.groupsCreated) groups.add(g);
    progress();
  }

  // the first failure stops every sender (after its chunk in flight), and is the run's
  const source = chunks();
  let failure: unknown = null;
  const sender = async () => {
    while (!failure) {
      const next = await source.next();
      if (next.done) return;
      try {
        await sendChunk(next.value);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  if (failure) throw failure;

  summary.bad.sort((a, b) => a.line - b.line);
  summary.merged.sort((a, b) => a - b);
  summary.groupsCreated = [...groups];
  if (!dryRun) {
    // the run, summed up, as one audit entry (pb_hooks/lib/catalogue-import.js, importDone)
    summary.requests++;
    await send(pb, '/api/pocamarket/catalogue-import/done', {
      file: basename(file),
      rows: summary.rows,
      created: summary.created,
      updated: summary.updated,
      unchanged: summary.unchanged,
      bad: summary.bad.length,
      badLines: summary.bad.slice(0, 1000).map((b) => b.line),
      groupsCreated: summary.groupsCreated,
      seconds: Math.round(seconds()),
    });
  }
  summary.seconds = seconds();
  progress(true);
  return summary;
}
