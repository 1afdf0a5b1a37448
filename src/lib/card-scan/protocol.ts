/**
 * The messages between a page and the scan worker (docs/card-scan.md, On the device): the page
 * hands over the scope's fingerprints once, then one camera frame at a time; the worker answers
 * each frame with the closest cards and the decision taken from them. The page also asks the
 * worker to fingerprint catalogue images it has no fingerprint for yet.
 */
import type { Candidate } from './recognize.ts';
import type { Decision } from './decide.ts';
import type { Quad } from './detect.ts';

/**
 * The way the worker makes fingerprints: a print kept with another was made another way and is
 * made again (docs/card-scan.md, On the device). 2: each light cell sharpened against its ring.
 */
export const PRINT_FORMAT = 2;

/** A card the worker fingerprints from its image (a same-origin URL the page would show). */
export interface PrintSource {
  id: string;
  url: string;
}

export type ScanRequest =
  /** The scope to look cards up in: each card's fingerprint, FINGERPRINT_BYTES long. */
  | { type: 'index'; entries: { id: string; print: Int8Array }[] }
  /** Fingerprint these catalogue images (fetched and decoded in the worker). */
  | { type: 'prints'; id: number; sources: PrintSource[] }
  /** One camera frame, its ownership passed to the worker. */
  | { type: 'frame'; id: number; frame: ImageBitmap };

export type ScanReply =
  | {
      type: 'prints';
      id: number;
      prints: { id: string; print: Int8Array }[];
      /** The cards whose image could not be read (offline and not kept, or not an image). */
      failed: string[];
    }
  | {
      type: 'frame';
      id: number;
      /** No card outline in the frame. */
      found: boolean;
      candidates: Candidate[];
      decision: Decision;
      /** The card's corners, 0–1 across and down the frame (for the guide's outline). */
      corners: Quad | null;
      /**
       * The card straightened (JPEG), only when the decision is not 'sure': the photo a report
       * of a card missing from the catalogue is sent with.
       */
      photo: Blob | null;
      /** Worker time on this frame, in milliseconds. */
      ms: number;
    };
