import { createRoute } from '@tanstack/react-router';
import { InformUsScreen } from '../features/reports/components/inform-us-screen';
import { mainLayoutRoute } from './main-layout';

export const informUsRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/informUs',
  component: InformUsPage,
});

function InformUsPage() {
  return <InformUsScreen />;
}
