/** What the cards bench page exposes on `window.cardsBench` for the Node driver. */
export interface KeystrokeSample {
  /** The search text after this keystroke. */
  text: string;
  /** Cards matching it. */
  matches: number;
  /** filterCards over the cards the screen already holds (what a keystroke costs). */
  filterMs: number;
  /** Reading every card from IndexedDB (listPhotoCards) and filtering: a live-query re-run. */
  readAndFilterMs: number;
}

export interface RenderSample {
  cards: number;
  /** React render + commit of the grid (flushSync). */
  commitMs: number;
  /** Commit plus style and layout (forced by reading the grid's height). */
  layoutMs: number;
  /** Until the next frame after layout (a paint opportunity). */
  frameMs: number;
}

export interface CardsBenchApi {
  seed(cards: number, groups: number): Promise<{ ms: number; stored: number }>;
  keystrokes(queries: string[]): Promise<KeystrokeSample[]>;
  render(cards: number): Promise<RenderSample>;
  clear(): Promise<void>;
}

declare global {
  interface Window {
    cardsBench: CardsBenchApi;
    cardsBenchReady: boolean;
  }
}
