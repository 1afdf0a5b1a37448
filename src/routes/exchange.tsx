import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

export interface ExchangeSearch {
  /** The group picked in the logo row (a record id), kept in the address so Back returns to it. */
  group?: string;
}

const RECORD_ID = /^[a-z0-9]{15}$/;

export const exchangeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/exchange',
  validateSearch: (search: Record<string, unknown>): ExchangeSearch =>
    typeof search.group === 'string' && RECORD_ID.test(search.group) ? { group: search.group } : {},
  component: lazyRouteComponent(
    () => import('@/features/exchange/components/exchange-screen'),
    'ExchangeScreen',
  ),
});
