import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const exchangeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/exchange',
  component: lazyRouteComponent(
    () => import('../features/exchange/components/exchange-screen'),
    'ExchangeScreen',
  ),
});
