import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/** /encounters, 만난 팬 (docs/encounters.md): its screen loads in its own chunk on first visit. */
export const encountersRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/encounters',
  component: lazyRouteComponent(
    () => import('@/features/trade-qr/components/encounter-list-screen'),
    'EncounterListScreen',
  ),
});
