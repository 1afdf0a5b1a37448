import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { bareLayoutRoute } from './bare-layout';

export const alertsRoute = createRoute({
  getParentRoute: () => bareLayoutRoute,
  path: '/alerts',
  component: lazyRouteComponent(
    () => import('@/features/alerts/components/alerts-screen'),
    'AlertsScreen',
  ),
});
