import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// Settings entries (and the profile's guide link) that have no page of their own yet: a real
// 'coming soon' screen with a way back, instead of links that only lead home.
export const settingsTopicRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/settings/$topic',
  component: lazyRouteComponent(() => import('./settings-topic.page'), 'SettingsTopicPage'),
});
