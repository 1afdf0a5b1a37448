import { getRouteApi } from '@tanstack/react-router';
import { PublicBookScreen } from '@/features/collect-book/components/public-book-screen';

// Loaded with the route's chunk; getRouteApi reads the params without importing the route.
const route = getRouteApi('/main/publicBook/$id');

export function PublicBookPage() {
  const { id } = route.useParams();
  return <PublicBookScreen key={id} id={id} />;
}
