// The two-way match of a scanned list with mine (docs/trade-qr.md, Screens): computed on the
// device from the decoded code and the local lists, so it needs no network.
import type { DecodedTradeQr } from '@/lib/trade-qr';

/** What the scan screen hands to its actions slot. */
export interface ScanMatch {
  fan: { id: string; name: string };
  /** Their cards on my want list. */
  theyHave: string[];
  /** My have-list cards they want. */
  theyWant: string[];
}

export function matchScan(
  decoded: DecodedTradeQr,
  mine: { have: readonly string[]; want: readonly string[] },
): ScanMatch {
  const myWant = new Set(mine.want);
  const myHave = new Set(mine.have);
  return {
    fan: decoded.fan,
    theyHave: decoded.have.filter((id) => myWant.has(id)),
    theyWant: decoded.want.filter((id) => myHave.has(id)),
  };
}
