import { createRoute } from '@tanstack/react-router';
import { ExchangeScreen } from '../features/exchange/components/exchange-screen';
import { mainLayoutRoute } from './main-layout';

export const exchangeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/exchange',
  component: ExchangePage,
});

function ExchangePage() {
  return <ExchangeScreen />;
}
