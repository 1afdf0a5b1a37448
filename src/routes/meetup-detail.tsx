import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const meetupDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/meetupDetail/$id',
  component: lazyRouteComponent(() => import('./meetup-detail.page'), 'MeetupDetailPage'),
});
