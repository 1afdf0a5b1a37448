import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// the first-login 최애 step (docs/accounts.md, First login); its own lazy chunk
export const welcomeBiasRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/welcomeBias',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/welcome-bias-screen'),
    'WelcomeBiasScreen',
  ),
});
