// The trade QR feature (docs/trade-qr.md): the two screens and the scan's match type.
export { matchScan, type ScanMatch } from './match';
export { TradeQrScreen } from '@/features/trade-qr/components/trade-qr-screen';
export { TradeQrScanScreen } from '@/features/trade-qr/components/trade-qr-scan-screen';
