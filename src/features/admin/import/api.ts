/**
 * The console's import request (docs/operators.md, Bulk import, From the console): one multipart
 * POST /api/pocamarket/admin/catalogue-import with the CSV (`csv`), the images (each a `files`
 * part, matched on the server by its file name to the last part of the CSV's path) and `dryRun`.
 * It goes by XMLHttpRequest rather than the SDK's fetch so the screen can show the upload's
 * progress (up to 100 MB); the address, the session's token and the language are the SDK's, and
 * a refusal is the SDK's ClientResponseError, so `refusalOf` reads it as any other.
 */
import { ClientResponseError } from 'pocketbase';
import { getClient } from '@/data/pb/client';

const MB = 1024 * 1024;
/** The route's bounds: the CSV, the whole request, and Go's parts in one form. */
export const CSV_MAX_BYTES = 1 * MB;
export const REQUEST_MAX_BYTES = 100 * MB;
/** Go reads at most 1,000 parts: the CSV and `dryRun` are two of them. */
export const IMAGES_MAX = 1000 - 2;

export interface BadRow {
  line: number;
  key: string;
  reasons: string[];
}

export interface WrittenCard {
  line: number;
  key: string;
  /** Empty in a dry run. */
  id: string;
  action: string;
}

/** A row whose card an admin merged into another: counted unchanged, nothing written. */
export interface MergedRow {
  line: number;
  key: string;
  id: string;
  /** The surviving card. */
  into: string;
}

export interface ImportReport {
  dryRun: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  bad: BadRow[];
  groupsCreated: string[];
  cards: WrittenCard[];
  merged: MergedRow[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
const obj = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The route's answer, field by field. */
export function parseReport(raw: unknown): ImportReport {
  const r = obj(raw);
  return {
    dryRun: r['dryRun'] === true,
    rows: num(r['rows']),
    created: num(r['created']),
    updated: num(r['updated']),
    unchanged: num(r['unchanged']),
    bad: list(r['bad']).map((b) => {
      const o = obj(b);
      return { line: num(o['line']), key: text(o['key']), reasons: list(o['reasons']).map(text) };
    }),
    groupsCreated: list(r['groupsCreated']).map(text).filter(Boolean),
    cards: list(r['cards']).map((c) => {
      const o = obj(c);
      return {
        line: num(o['line']),
        key: text(o['key']),
        id: text(o['id']),
        action: text(o['action']),
      };
    }),
    merged: list(r['merged']).map((m) => {
      const o = obj(m);
      return {
        line: num(o['line']),
        key: text(o['key']),
        id: text(o['id']),
        into: text(o['into']),
      };
    }),
  };
}

/** The request's size: the files' bytes (the form's own few hundred bytes aside). */
export function bytesOf(csv: File | null, images: readonly File[]): number {
  return (csv?.size ?? 0) + images.reduce((sum, f) => sum + f.size, 0);
}

const ROUTE = '/api/pocamarket/admin/catalogue-import';

/**
 * Sends the CSV and its images; `onProgress` hears the upload's bytes (sent, total). Resolves to
 * the report; rejects with a ClientResponseError (status 0 when the network failed).
 */
export async function importCatalogue(
  csv: File,
  images: readonly File[],
  dryRun: boolean,
  onProgress: (sent: number, total: number) => void,
): Promise<ImportReport> {
  const { pb } = await getClient();
  const form = new FormData();
  form.append('csv', csv, csv.name);
  for (const image of images) form.append('files', image, image.name);
  form.append('dryRun', dryRun ? 'true' : 'false');
  const url = pb.buildURL(ROUTE);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept-Language', pb.lang);
    if (pb.authStore.token) xhr.setRequestHeader('Authorization', pb.authStore.token);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    });
    xhr.addEventListener('load', () => {
      const body: unknown = xhr.response;
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(parseReport(body));
      } else {
        reject(new ClientResponseError({ url, status: xhr.status, response: obj(body) }));
      }
    });
    const failed = () => reject(new ClientResponseError({ url, status: 0, response: {} }));
    xhr.addEventListener('error', failed);
    xhr.addEventListener('abort', failed);
    xhr.addEventListener('timeout', failed);
    xhr.send(form);
  });
}
