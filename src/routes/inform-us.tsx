import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const informUsRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/informUs',
  component: lazyRouteComponent(
    () => import('@/features/reports/components/inform-us-screen'),
    'InformUsScreen',
  ),
});
