/**
 * The photo a camera scan hands to 제보하기 (docs/card-scan.md, Unknown cards): a card the scan
 * could not find in the catalogue opens the photo-card report with the straightened photo of it
 * and the group it was scanned in, already filled in. Held in memory for the one navigation.
 */

export interface ScanPhoto {
  /** The straightened card (null when the scan had none to give). */
  file: File | null;
  group: string;
}

let pending: ScanPhoto | null = null;

/** Keeps the scan's photo (if any) and group for the report form about to open. */
export function handOverScanPhoto(photo: Blob | null, group: string): void {
  const file = photo ? new File([photo], 'scan.jpg', { type: photo.type || 'image/jpeg' }) : null;
  pending = { file, group };
}

/** The photo handed over by a scan, once (null when the form was opened another way). */
export function takeScanPhoto(): ScanPhoto | null {
  const p = pending;
  pending = null;
  return p;
}
