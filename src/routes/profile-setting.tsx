import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export const profileSettingRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/profileSetting',
  component: lazyRouteComponent(() => import('./profile-setting.page'), 'ProfileSettingPage'),
});
