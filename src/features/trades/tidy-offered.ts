/**
 * Whether this device has offered a fan the tidy-up after a completed trade (the completion
 * dialog opens by itself once; after that the trade screen's button opens it). Kept in
 * localStorage per fan and trade; a browser that refuses storage offers it on every visit.
 */
const key = (userId: string, tradeId: string) => `pocamarket:trade-tidy:${userId}:${tradeId}`;

export function wasTidyOffered(userId: string, tradeId: string): boolean {
  try {
    return localStorage.getItem(key(userId, tradeId)) !== null;
  } catch {
    return false;
  }
}

export function markTidyOffered(userId: string, tradeId: string): void {
  try {
    localStorage.setItem(key(userId, tradeId), '1');
  } catch {
    // storage refused (private mode, full): the dialog offers itself again next time
  }
}
