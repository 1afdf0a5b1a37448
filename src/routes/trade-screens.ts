// The trade screens (docs/trades.md) behind one dynamic import: they are built into one chunk
// (vite.config.ts, trade-screens), so one import with one preload list in the route tree serves
// all seven routes instead of seven. 만난 팬 (/encounters) rides along: its screen stays a chunk of
// its own, loaded by this one.
export { EncounterListScreen } from '@/features/encounters/components/encounter-list-screen';
export { ChattingScreen } from '@/features/chat/components/chatting-screen';
export { ThreadScreen } from '@/features/chat/components/thread-screen';
export { TradeListScreen } from '@/features/trade-lists/components/trade-list-screen';
export { MatchingScreen } from '@/features/trades/components/matching-screen';
export { TradeDetailScreen } from '@/features/trades/components/trade-detail-screen';
export { TradeNewScreen } from '@/features/trades/components/trade-new-screen';
export { TradesScreen } from '@/features/trades/components/trades-screen';
