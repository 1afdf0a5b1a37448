import { useRef, useState } from 'react';
import { ko } from '@/i18n/ko-features';
import { MESSAGE_PHOTO_MAX_BYTES, MESSAGE_PHOTO_TYPES } from '@/domains/trades/rules';
import { imageProblem } from '@/lib/image-bytes';

export interface PhotoChoice {
  photo: File | null;
  /** ko.sync.imageProblem's words after a wrong file, else null. */
  error: string | null;
  /**
   * Checks type, size and the file's first bytes, as the other upload forms do (the server
   * checks the same, docs/files.md); a wrong file is refused and clears the earlier choice.
   * Resolves true if taken.
   */
  choose: (file: File | null) => Promise<boolean>;
  clear: () => void;
}

/** Whether a photo's declared type and size are ones a message may carry. */
export function isValidMessagePhoto(file: Blob): boolean {
  return MESSAGE_PHOTO_TYPES.includes(file.type) && file.size <= MESSAGE_PHOTO_MAX_BYTES;
}

/** The composer's photo: the chosen file or why it was refused. */
export function usePhotoChoice(): PhotoChoice {
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  // the latest choice: a slower byte check of an earlier file must not overwrite it
  const choice = useRef(0);
  return {
    photo,
    error,
    async choose(next) {
      if (!next) return false;
      const mine = ++choice.current;
      const problem = isValidMessagePhoto(next)
        ? await imageProblem(next).catch(() => 'notImage' as const)
        : 'notImage';
      if (mine !== choice.current) return false;
      setPhoto(problem ? null : next);
      setError(problem ? ko.sync.imageProblem[problem] : null);
      return !problem;
    },
    clear() {
      choice.current++;
      setPhoto(null);
      setError(null);
    },
  };
}
