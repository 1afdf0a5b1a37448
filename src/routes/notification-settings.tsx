import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// A static path: it wins over the '/settings/$topic' placeholder route for 'notifications'.
export const notificationSettingsRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/settings/notifications',
  component: lazyRouteComponent(
    () => import('@/features/alerts/components/notification-settings-screen'),
    'NotificationSettingsScreen',
  ),
});
