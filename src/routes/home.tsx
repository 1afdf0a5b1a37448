import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const homeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/',
  component: lazyRouteComponent(
    () => import('@/features/home/components/home-screen'),
    'HomeScreen',
  ),
});
