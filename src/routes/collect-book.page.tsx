import { getRouteApi } from '@tanstack/react-router';
import { CollectBookScreen } from '@/features/collect-book/components/collect-book-screen';

// Loaded with the route's chunk; getRouteApi reads the params without importing the route
// definition (which would pull this chunk back into the entry).
const route = getRouteApi('/main/collectBook/$group/$id/$title');

export function CollectBookPage() {
  const { group, id, title } = route.useParams();
  return <CollectBookScreen group={group} id={id} title={title} />;
}
