import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// Settings entries that have no page of their own yet: a real 'coming soon' screen with a way
// back, instead of links that only lead home. Topics that have a page now send an old link there
// (settings-topic.page.tsx).
export const settingsTopicRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/settings/$topic',
  component: lazyRouteComponent(() => import('./settings-topic.page'), 'SettingsTopicPage'),
});
