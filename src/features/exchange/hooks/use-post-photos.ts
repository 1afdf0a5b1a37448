import { useRef, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { imageProblem } from '@/lib/image-bytes';
import { postTermsKo } from '@/domains/posts/ko-terms';
import { checkPostPhotos } from '@/domains/posts/rules';
import { PHOTOS_MAX } from '@/domains/posts/terms';

export interface PostPhotos {
  photos: readonly File[];
  error: string | null;
  /**
   * Checks each picked file (its type and size, then its first bytes as the server reads them,
   * docs/files.md) and takes those that pass, up to three in all; says why any was left out.
   */
  add: (files: File[]) => Promise<void>;
  remove: (index: number) => void;
  clear: () => void;
}

/** The new post's photos (실물·포장 사진) before it is sent. */
export function usePostPhotos(): PostPhotos {
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
        const declared = checkPostPhotos([file]);
        const bytes = declared ? null : await imageProblem(file).catch(() => 'notImage' as const);
        if (declared || bytes) problem = declared ?? ko.sync.imageProblem[bytes!];
        else taken.push(file);
      }
      if (mine !== pick.current) return;
      const had = current.current;
      const room = Math.max(0, PHOTOS_MAX - had.length);
      if (taken.length > room) problem = postTermsKo.rules.photosTooMany;
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
