import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/** Loads the trade QR screens' chunk (docs/trade-qr.md); the QR encoder comes with it. */
export const tradeQrScreens = () => import('@/features/trade-qr');

export const tradeQrRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/tradeQr',
  component: lazyRouteComponent(tradeQrScreens, 'TradeQrScreen'),
});
