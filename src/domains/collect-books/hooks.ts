// Live reads of the signed-in user's collect books (콜렉트북). A book made offline has no server
// thumbnail yet: show useCollectBookThumbnailUrl() until it is uploaded.
import { useAtomValue, sessionUserIdAtom } from '@/state/store';
import { useRead } from '@/live/use-read';
import type { CollectBook } from '@/data/pb/records';
import { usePendingFileUrl } from '@/live/sync';

/** The signed-in user's books, shelf order; empty when logged out. */
export function useMyCollectBooks(): CollectBook[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('collectBooksOf', userId);
}

export function useCollectBook(id: string | null | undefined): CollectBook | null | undefined {
  return useRead('collectBook', id ?? null);
}

/** An <img src> for the book's thumbnail while it is still queued for upload, else null. */
export function useCollectBookThumbnailUrl(bookId: string): string | null {
  return usePendingFileUrl('collectBook', bookId, 'thumbNail');
}
