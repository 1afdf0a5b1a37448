import { createRoute } from '@tanstack/react-router';
import { MainLayout } from '@/app/layout/main-layout';
import { rootRoute } from './root';

/** Pathless: header, top bar, footer and tabs around every screen but /chatting and /alerts. */
export const mainLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'main',
  component: MainLayout,
});
