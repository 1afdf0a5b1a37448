import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const meetupRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/meetup',
  component: lazyRouteComponent(
    () => import('@/features/meetups/components/meetup-map-screen'),
    'MeetupMapScreen',
  ),
});
