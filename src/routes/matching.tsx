import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const matchingRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/matching',
  component: lazyRouteComponent(
    () => import('@/features/trades/components/matching-screen'),
    'MatchingScreen',
  ),
});
