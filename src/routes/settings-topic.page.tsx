import { getRouteApi } from '@tanstack/react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { SettingsIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko-features';

// getRouteApi reads the param without importing the route definition (see collect-book.page).
const route = getRouteApi('/main/settings/$topic');

export function SettingsTopicPage() {
  const { topic } = route.useParams();
  const title = Object.hasOwn(ko.settings.topics, topic)
    ? (ko.settings.topics[topic] ?? ko.settings.unknownTopic)
    : ko.settings.unknownTopic;
  return <ComingSoon key={topic} title={title} icon={<SettingsIcon />} back />;
}
