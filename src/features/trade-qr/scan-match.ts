/**
 * What scanning a fan's trade QR code found (docs/encounters.md, After a scan): the fan, and the
 * cards each way between their lists and mine. The scan screen builds it; the actions panel
 * (components/encounter-actions.tsx) saves it as an encounter and proposes from it.
 */
export interface ScanMatch {
  /** The fan whose code was scanned, with the name their code showed. */
  fan: { id: string; name: string };
  /** Their cards on my want list. */
  theyHave: string[];
  /** My have-list cards they want. */
  theyWant: string[];
}
