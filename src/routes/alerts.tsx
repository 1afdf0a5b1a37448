import { createRoute } from '@tanstack/react-router';
import { AlertsScreen } from '../features/alerts/components/alerts-screen';
import { bareLayoutRoute } from './bare-layout';

export const alertsRoute = createRoute({
  getParentRoute: () => bareLayoutRoute,
  path: '/alerts',
  component: AlertsPage,
});

function AlertsPage() {
  return <AlertsScreen />;
}
