import { createRoute } from '@tanstack/react-router';
import { MeetupDetailScreen } from '../features/meetups/components/meetup-detail-screen';
import { mainLayoutRoute } from './main-layout';

export const meetupDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/meetupDetail/$id',
  component: MeetupDetailPage,
});

function MeetupDetailPage() {
  const { id } = meetupDetailRoute.useParams();
  return <MeetupDetailScreen id={id} />;
}
