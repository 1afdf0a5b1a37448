import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// /informUs/meetupSubmit (the other spelling) lands here too: matching is case-insensitive.
export const meetUpSubmitRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/informUs/meetUpSubmit',
  component: lazyRouteComponent(
    () => import('@/features/reports/components/meetup-submit-screen'),
    'MeetupSubmitScreen',
  ),
});
