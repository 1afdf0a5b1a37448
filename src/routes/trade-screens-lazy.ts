/** Loads the trade screens' chunk (./trade-screens.ts); each trade route picks its screen. */
export const tradeScreens = () => import('./trade-screens');
