// Live reads of the signed-in user's collect books (콜렉트북). A book made offline has no server
// thumbnail yet: show useCollectBookThumbnailUrl() until it is uploaded.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue, sessionUserIdAtom } from '../../app/store';
import type { CollectBook } from '../../data/pb/records';
import { getCollectBook, listCollectBooksOf } from '../../data/queries/collect-books';
import { usePendingFileUrl } from '../sync/queries';

/** The signed-in user's books, shelf order; empty when logged out. */
export function useMyCollectBooks(): CollectBook[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(() => (userId ? listCollectBooksOf(userId) : []), [userId]);
}

export function useCollectBook(id: string | null | undefined): CollectBook | null | undefined {
  return useLiveQuery(() => (id ? getCollectBook(id) : null), [id]);
}

/** An <img src> for the book's thumbnail while it is still queued for upload, else null. */
export function useCollectBookThumbnailUrl(bookId: string): string | null {
  return usePendingFileUrl('collectBook', bookId, 'thumbNail');
}
