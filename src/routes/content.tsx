import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// The content pages and 공지사항 (docs/product-rules.md, Content pages, Notices): one lazy chunk
// for all of them (features/content/screens.ts), precached by the service worker like every
// chunk, so a page opens offline once the app is installed.
const screens = () => import('@/features/content/screens');

export const termsRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/terms',
  component: lazyRouteComponent(screens, 'TermsScreen'),
});

export const privacyRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/privacy',
  component: lazyRouteComponent(screens, 'PrivacyScreen'),
});

export const faqRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/faq',
  component: lazyRouteComponent(screens, 'FaqScreen'),
});

export const guideRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/guide',
  component: lazyRouteComponent(screens, 'GuideScreen'),
});

export const safetyRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/safety',
  component: lazyRouteComponent(screens, 'SafetyScreen'),
});

export const aboutRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/about',
  component: lazyRouteComponent(screens, 'AboutScreen'),
});

export const noticesRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/notices',
  component: lazyRouteComponent(screens, 'NoticesScreen'),
});

export const noticeRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/notices/$noticeId',
  component: lazyRouteComponent(screens, 'NoticeDetailPage'),
});
