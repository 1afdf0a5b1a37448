import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { loadRepos, StorageFullError } from '@/domains/tables/lazy';
import { ko } from '@/i18n/ko';
import { likesKo } from '@/domains/likes/ko.ts';

/**
 * The heart: flips a card's like at once (the local copy changes in the same write as the queued
 * change, so every grid and count updates live). Logged out, the like stays on this device.
 */
export function useToggleLike(): (cardId: string, liked: boolean) => void {
  return useCallback((cardId: string, liked: boolean) => {
    loadRepos()
      .then((repos) => repos.toggleLike(cardId, liked))
      .catch((err: unknown) => {
        toast.error(err instanceof StorageFullError ? ko.sync.storageFull : likesKo.failures.like);
      });
  }, []);
}
