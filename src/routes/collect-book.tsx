import { createRoute } from '@tanstack/react-router';
import { CollectBookScreen } from '../features/collect-book/components/collect-book-screen';
import { mainLayoutRoute } from './main-layout';

export const collectBookRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/collectBook/$group/$id/$title',
  component: CollectBookPage,
});

function CollectBookPage() {
  const { group, id, title } = collectBookRoute.useParams();
  return <CollectBookScreen group={group} id={id} title={title} />;
}
