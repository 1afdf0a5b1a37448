import { koTradeQr } from '@/i18n/ko-trade-qr';

export type TradeQrErrorCode = 'notOurs' | 'garbled' | 'otherPayload' | 'newerFormat' | 'tooLarge';

/** A code or part the scanner refuses; `message` is what the fan reads. */
export class TradeQrError extends Error {
  constructor(readonly code: TradeQrErrorCode) {
    super(koTradeQr.errors[code]);
    this.name = 'TradeQrError';
  }
}
