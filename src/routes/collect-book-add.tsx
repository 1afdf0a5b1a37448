import { createRoute } from '@tanstack/react-router';
import { CollectBookAddScreen } from '../features/collect-book/components/collect-book-add-screen';
import { mainLayoutRoute } from './main-layout';

// Static segments outrank params, so this wins over /collectBook/$group/$id/$title.
export const collectBookAddRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/collectBook/collectBookAdd',
  component: CollectBookAddPage,
});

function CollectBookAddPage() {
  return <CollectBookAddScreen />;
}
