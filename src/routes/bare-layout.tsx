import { createRoute } from '@tanstack/react-router';
import { BareLayout } from '@/app/layout/bare-layout';
import { rootRoute } from './root';

/**
 * Pathless: the minimal layout of /chatting and /alerts (docs/product-rules.md, Layout and
 * navigation: outside the main layout).
 */
export const bareLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'bare',
  component: BareLayout,
});
