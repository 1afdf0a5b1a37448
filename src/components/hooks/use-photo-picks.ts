import { useRef, useState } from 'react';
import { ko } from '@/i18n/ko';
import { imageProblem } from '@/lib/image-bytes';

export interface PhotoPicks {
  photos: readonly File[];
  error: string | null;
  /**
   * Checks each picked file (its declared type and size, then its first bytes as the server reads
   * them, docs/files.md) and takes those that pass, up to `max` in all; says why any was left out.
   */
  add: (files: File[]) => Promise<void>;
  remove: (index: number) => void;
  clear: () => void;
}

export interface PhotoPicksOptions {
  /** Photos held at most. */
  max: number;
  /** One file's message by its declared type and size (the form's rule), or null. */
  check: (file: File) => string | null;
  /** What to say when a pick would go past `max`. */
  tooMany: string;
}

/**
 * Photos picked for something not yet sent (a post's or a proposal's 실물·포장 사진): every pick is
 * checked as the server will check it, and a refused file is never taken, so what is held can be
 * sent as it is. The messages are the form's own; the server checks the same again.
 */
export function usePhotoPicks({ max, check, tooMany }: PhotoPicksOptions): PhotoPicks {
  const [photos, setPhotosState] = useState<readonly File[]>([]);
  const [error, setError] = useState<string | null>(null);
  // what the fan has picked so far, read by a pick that finishes later
  const current = useRef<readonly File[]>([]);
  const setPhotos = (next: readonly File[]) => {
    current.current = next;
    setPhotosState(next);
  };
  // the latest pick: a slower byte check of an earlier pick must not overwrite it
  const pick = useRef(0);
  return {
    photos,
    error,
    async add(files) {
      const mine = ++pick.current;
      let problem: string | null = null;
      const taken: File[] = [];
      for (const file of files) {
        const declared = check(file);
        const bytes = declared ? null : await imageProblem(file).catch(() => 'notImage' as const);
        if (declared || bytes) problem = declared ?? ko.sync.imageProblem[bytes!];
        else taken.push(file);
      }
      if (mine !== pick.current) return;
      const had = current.current;
      const room = Math.max(0, max - had.length);
      if (taken.length > room) problem = tooMany;
      setPhotos([...had, ...taken.slice(0, room)]);
      setError(problem);
    },
    remove(index) {
      pick.current++;
      setPhotos(current.current.filter((_, i) => i !== index));
      setError(null);
    },
    clear() {
      pick.current++;
      setPhotos([]);
      setError(null);
    },
  };
}
