import { createRoute } from '@tanstack/react-router';
import { ExchangeDetailScreen } from '../features/exchange/components/exchange-detail-screen';
import { mainLayoutRoute } from './main-layout';

export const exchangeDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/exchangeDetail/$id',
  component: ExchangeDetailPage,
});

function ExchangeDetailPage() {
  const { id } = exchangeDetailRoute.useParams();
  return <ExchangeDetailScreen id={id} />;
}
