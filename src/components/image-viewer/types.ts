/** One image of the viewer: the page's own `src` (cached for offline) and its larger variants. */
export interface ViewerImage {
  src: string;
  srcSet?: string;
  alt: string;
  /** The copy the page itself showed (its `currentSrc`), the one kept for offline use. */
  shownSrc?: string | undefined;
}
