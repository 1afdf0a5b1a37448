import { getRouteApi } from '@tanstack/react-router';
import { NoticeScreen } from '@/features/content/screens';

// getRouteApi reads the param without importing the route definition (see collect-book.page).
const route = getRouteApi('/main/notices/$noticeId');

export function NoticeDetailPage() {
  const { noticeId } = route.useParams();
  return <NoticeScreen key={noticeId} noticeId={noticeId} />;
}
