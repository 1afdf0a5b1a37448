import { createRoute } from '@tanstack/react-router';
import { MeetupSubmitScreen } from '../features/reports/components/meetup-submit-screen';
import { mainLayoutRoute } from './main-layout';

// /informUs/meetupSubmit (the spec's other spelling) lands here too: matching is case-insensitive.
export const meetUpSubmitRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/informUs/meetUpSubmit',
  component: MeetupSubmitPage,
});

function MeetupSubmitPage() {
  return <MeetupSubmitScreen />;
}
