import { getRouteApi } from '@tanstack/react-router';
import { ExchangeDetailScreen } from '@/features/exchange/components/exchange-detail-screen';

// Loaded with the route's chunk; getRouteApi reads the params without importing the route
// definition (which would pull this chunk back into the entry).
const route = getRouteApi('/main/exchangeDetail/$id');

export function ExchangeDetailPage() {
  const { id } = route.useParams();
  return <ExchangeDetailScreen id={id} />;
}
