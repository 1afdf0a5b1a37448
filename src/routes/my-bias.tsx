import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const myBiasRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/myBias',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/my-bias-screen'),
    'MyBiasScreen',
  ),
});
