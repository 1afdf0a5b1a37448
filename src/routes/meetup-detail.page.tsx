import { getRouteApi } from '@tanstack/react-router';
import { MeetupDetailScreen } from '@/features/meetups/components/meetup-detail-screen';

// Loaded with the route's chunk; getRouteApi reads the params without importing the route
// definition (which would pull this chunk back into the entry).
const route = getRouteApi('/main/meetupDetail/$id');

export function MeetupDetailPage() {
  const { id } = route.useParams();
  return <MeetupDetailScreen id={id} />;
}
