import { useMemo } from 'react';
import { useRead } from '@/live/use-read';
import { orderCatalogue, type CatalogueOrdering } from '@/lib/trade-qr';

/** This device's catalogue in the codec's ordering (docs/trade-qr.md); undefined while loading. */
export function useQrCatalogue(): CatalogueOrdering | undefined {
  const cards = useRead('tradeQrCatalogue');
  return useMemo(() => (cards ? orderCatalogue(cards) : undefined), [cards]);
}
