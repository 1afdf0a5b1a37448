import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { tradeScreens } from './trade-screens-lazy';
import { mainLayoutRoute } from './main-layout';

/**
 * /encounters, 만난 팬 (docs/encounters.md). Its screen loads through the trade screens' import
 * (./trade-screens.ts) rather than one of its own: the route tree every first visit downloads then
 * gains only this stub, no new preload list.
 */
export const encountersRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/encounters',
  component: lazyRouteComponent(tradeScreens, 'EncounterListScreen'),
});
