import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';
import { tradeQrScreens } from './trade-qr';

export const tradeQrScanRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/tradeQr/scan',
  component: lazyRouteComponent(tradeQrScreens, 'TradeQrScanScreen'),
});
