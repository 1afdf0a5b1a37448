import { useEffect, useRef, useState } from 'react';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from '@/domains/collect-books/writes';
import { ko } from '@/i18n/ko-features';
import { imageProblem } from '@/lib/image-bytes';
import { isBlank } from '@/lib/text';

/**
 * docs/product-rules.md, Add a collect book: a title of 1-50 characters (counted as the fan sees
 * them).
 */
export const TITLE_MAX = 50;

export const titleLength = (title: string) => Array.from(title).length;

export interface Thumbnail {
  file: File;
  /** An object URL for the preview; revoked when replaced or when the screen goes away. */
  url: string;
}

export interface BookDraft {
  group: string | null;
  title: string;
  /** Mobile step 2: the title was confirmed with '확인' (the thumbnail chooser opens). */
  titleConfirmed: boolean;
  thumbnail: Thumbnail | null;
  /** ko.sync.imageProblem's words after a wrong file, else null. */
  thumbnailError: string | null;
  setGroup: (id: string) => void;
  setTitle: (title: string) => void;
  confirmTitle: () => void;
  /** Checks type and size; a wrong file is refused (and clears any earlier choice). */
  chooseThumbnail: (file: File | null) => void;
  /** Back to step 1: forget what the later steps held. */
  resetAfterGroup: () => void;
}

/** The checks the repo makes on save, made at once so the fan sees them inline. */
export function isValidThumbnail(file: Blob): boolean {
  return THUMBNAIL_TYPES.includes(file.type) && file.size <= THUMBNAIL_MAX_BYTES;
}

/**
 * What the fan has entered on /collectBook/collectBookAdd, shared by the desktop split view and
 * the mobile slider. Nothing here touches storage: the book is only queued on save.
 */
export function useBookDraft(): BookDraft {
  const [group, setGroupState] = useState<string | null>(null);
  const [title, setTitleState] = useState('');
  const [titleConfirmed, setTitleConfirmed] = useState(false);
  const [thumbnail, setThumbnail] = useState<Thumbnail | null>(null);
  const [thumbnailError, setThumbnailError] = useState<string | null>(null);
  // The latest choice: a slower content check of an earlier file must not overwrite it.
  const choice = useRef(0);

  // Revokes a preview URL once it is replaced, and the last one when the screen unmounts.
  const url = thumbnail?.url;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  return {
    group,
    title,
    titleConfirmed,
    thumbnail,
    thumbnailError,
    setGroup: setGroupState,
    setTitle(next) {
      setTitleState(next);
      // An edited title has to be confirmed again before the thumbnail chooser reopens.
      setTitleConfirmed(false);
    },
    confirmTitle() {
      if (!isBlank(title)) setTitleConfirmed(true);
    },
    chooseThumbnail(file) {
      if (!file) return;
      const mine = ++choice.current;
      const refuse = (problem: keyof typeof ko.sync.imageProblem) => {
        setThumbnail(null);
        setThumbnailError(ko.sync.imageProblem[problem]);
      };
      if (!isValidThumbnail(file)) return refuse('notImage');
      setThumbnailError(null);
      void imageProblem(file)
        .catch(() => 'notImage' as const)
        .then((problem) => {
          if (mine !== choice.current) return;
          if (problem) return refuse(problem);
          setThumbnail({ file, url: URL.createObjectURL(file) });
        });
    },
    resetAfterGroup() {
      choice.current++;
      setTitleState('');
      setTitleConfirmed(false);
      setThumbnail(null);
      setThumbnailError(null);
    },
  };
}
