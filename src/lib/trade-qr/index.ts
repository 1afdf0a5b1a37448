// The trade QR codec (docs/trade-qr.md): a fan's have and want lists as one or more QR code
// texts, read back on another phone with no network. Pure and React-free.

import { orderCatalogue, type CatalogueOrdering, type QrCard } from './catalogue';
import { PartCollector, splitPayload } from './parts';
import { readPayload, writePayload, type DecodedTradeQr, type TradeQrLists } from './payload';

export { orderCatalogue, type CatalogueOrdering, type QrCard } from './catalogue';
export { TradeQrError, type TradeQrErrorCode } from './errors';
export { PART_CHARS, PART_PREFIX, PartCollector, readPart, splitPayload } from './parts';
export {
  PAYLOAD_VERSION,
  readPayload,
  writePayload,
  type DecodedTradeQr,
  type TradeQrFan,
  type TradeQrLists,
} from './payload';

/** The QR code texts of a fan's lists (one text per code). */
export async function encodeTradeQr(
  lists: TradeQrLists,
  catalogue: CatalogueOrdering | Iterable<QrCard>,
  partChars?: number,
): Promise<string[]> {
  const ordering = catalogue instanceof Map ? catalogue : orderCatalogue(catalogue);
  return splitPayload(writePayload(lists, ordering), partChars);
}

/** Reads a complete set of parts against this device's catalogue. */
export async function decodeTradeQr(
  collector: PartCollector,
  catalogue: CatalogueOrdering | Iterable<QrCard>,
): Promise<DecodedTradeQr> {
  const ordering = catalogue instanceof Map ? catalogue : orderCatalogue(catalogue);
  return readPayload(await collector.payload(), ordering);
}
