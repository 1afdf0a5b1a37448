/**
 * Public books this device has shown, kept so a book seen before opens with no network
 * (docs/product-rules.md, Public collect book): the route's last answer for each of the
 * BOOKS_KEPT most recently seen, in localStorage (small: a book's catalogue rows). Only public
 * books are kept, and an answer that says the book is gone (private or deleted) drops it, so the
 * device never shows a book its owner has hidden once it has heard so.
 */
import { parsePublicBook, type PublicBook } from './public-book';

const KEY = 'pocamarket.publicBooks.v1';
/** Books kept at most (the most recently seen). */
export const BOOKS_KEPT = 8;

interface Kept {
  at: number;
  book: unknown;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled
  }
}

function readAll(s: Storage): Record<string, Kept> {
  try {
    const parsed = JSON.parse(s.getItem(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Kept>) : {};
  } catch {
    return {};
  }
}

function writeAll(s: Storage, all: Record<string, Kept>): void {
  try {
    if (Object.keys(all).length) s.setItem(KEY, JSON.stringify(all));
    else s.removeItem(KEY);
  } catch {
    // storage full: the book is simply not kept
  }
}

/** The last answer kept for the book, or null. */
export function keptBook(id: string): PublicBook | null {
  const s = storage();
  if (!s) return null;
  const kept = readAll(s)[id];
  return kept ? parsePublicBook(kept.book) : null;
}

/** Keeps a public book's answer (a private one, the owner's own, is never kept). */
export function keepBook(book: PublicBook): void {
  const s = storage();
  if (!s) return;
  const all = readAll(s);
  if (!book.isPublic) {
    if (all[book.id]) {
      delete all[book.id];
      writeAll(s, all);
    }
    return;
  }
  // later than every other kept one, even within one millisecond
  const latest = Math.max(0, ...Object.values(all).map((k) => k.at || 0));
  all[book.id] = { at: Math.max(Date.now(), latest + 1), book };
  const ids = Object.keys(all).sort((a, b) => (all[b]?.at ?? 0) - (all[a]?.at ?? 0));
  for (const old of ids.slice(BOOKS_KEPT)) delete all[old];
  writeAll(s, all);
}

/** Forgets a book the server says is not there for anyone (private or deleted). */
export function forgetBook(id: string): void {
  const s = storage();
  if (!s) return;
  const all = readAll(s);
  if (!all[id]) return;
  delete all[id];
  writeAll(s, all);
}
