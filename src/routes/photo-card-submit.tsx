import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const photoCardSubmitRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/informUs/photoCardSubmit',
  component: lazyRouteComponent(
    () => import('@/features/reports/components/photo-card-submit-screen'),
    'PhotoCardSubmitScreen',
  ),
});
