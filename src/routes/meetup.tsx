import { createRoute } from '@tanstack/react-router';
import { MeetupMapScreen } from '../features/meetups/components/meetup-map-screen';
import { mainLayoutRoute } from './main-layout';

export const meetupRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/meetup',
  component: MeetupMapPage,
});

function MeetupMapPage() {
  return <MeetupMapScreen />;
}
