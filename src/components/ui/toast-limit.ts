// docs/product-rules.md, Limits and messages: at most 20 toasts on screen. react-hot-toast caps the
// toasts it keeps (dismissed ones included), not the ones shown, so the Toaster dismisses the
// oldest visible ones itself.

export const MAX_VISIBLE_TOASTS = 20;

export interface ToastLike {
  id: string;
  visible: boolean;
  createdAt: number;
}

/** Ids of the visible toasts beyond `limit`, oldest first out. Ties keep the store's order. */
export function toastsOverLimit(
  toasts: readonly ToastLike[],
  limit = MAX_VISIBLE_TOASTS,
): string[] {
  return toasts
    .filter((t) => t.visible)
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(Math.max(0, limit))
    .map((t) => t.id);
}
