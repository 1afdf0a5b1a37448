import { getRouteApi, Navigate } from '@tanstack/react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { SettingsIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko-features';

// getRouteApi reads the param without importing the route definition (see collect-book.page).
const route = getRouteApi('/main/settings/$topic');

/**
 * Topics that have a page of their own now: an old /settings/{topic} link (a bookmark, a history
 * entry) lands there, replacing the old address. Kept here, in the lazy chunk, rather than in
 * the route's beforeLoad, so the app shell does not carry the table.
 */
const PAGES = {
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  guide: '/guide',
  notice: '/notices',
  // one language only: the settings screen says 한국어 where the entry was
  language: '/profileSetting',
} as const;

export function SettingsTopicPage() {
  const { topic } = route.useParams();
  if (Object.hasOwn(PAGES, topic)) {
    return <Navigate to={PAGES[topic as keyof typeof PAGES]} replace />;
  }
  const title = Object.hasOwn(ko.settings.topics, topic)
    ? (ko.settings.topics[topic] ?? ko.settings.unknownTopic)
    : ko.settings.unknownTopic;
  return <ComingSoon key={topic} title={title} icon={<SettingsIcon />} back />;
}
