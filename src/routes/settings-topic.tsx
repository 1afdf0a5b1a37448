import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

/** Topics that have a page of their own now: an old /settings/{topic} link lands there. */
const PAGES: Readonly<Record<string, string>> = {
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  guide: '/guide',
  notice: '/notices',
  // one language only: the settings screen says 한국어 where the entry was
  language: '/profileSetting',
};

// Settings entries that have no page of their own yet: a real 'coming soon' screen with a way
// back, instead of links that only lead home.
export const settingsTopicRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/settings/$topic',
  beforeLoad: ({ params }) => {
    const to = Object.hasOwn(PAGES, params.topic) ? PAGES[params.topic] : undefined;
    if (to) throw redirect({ to, replace: true });
  },
  component: lazyRouteComponent(() => import('./settings-topic.page'), 'SettingsTopicPage'),
});
