import { useEffect } from 'react';

// Object URLs for Blobs shown before they are uploaded. A URL is made on first use and revoked
// once no mounted component holds it; the revoke waits a tick so that StrictMode's unmount and
// remount (and a re-render that keeps the same Blob) do not revoke a URL still on screen.
interface Entry {
  url: string;
  holders: number;
}

const entries = new WeakMap<Blob, Entry>();

function entryOf(blob: Blob): Entry {
  let entry = entries.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), holders: 0 };
    entries.set(blob, entry);
  }
  return entry;
}

function hold(blob: Blob): () => void {
  const entry = entryOf(blob);
  entry.holders++;
  return () => {
    entry.holders--;
    setTimeout(() => {
      if (entry.holders > 0 || entries.get(blob) !== entry) return;
      entries.delete(blob);
      URL.revokeObjectURL(entry.url);
    }, 0);
  };
}

const canMakeUrls = () => typeof URL.createObjectURL === 'function';

/** An object URL for `blob` (for an <img src>), or null; revoked when no longer shown. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const url = blob && canMakeUrls() ? entryOf(blob).url : null;
  useEffect(() => (blob && canMakeUrls() ? hold(blob) : undefined), [blob]);
  return url;
}
