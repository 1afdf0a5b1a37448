import { getRouteApi } from '@tanstack/react-router';
import { VerifyEmailScreen } from '@/features/accounts/components/verify-email-screen';

// getRouteApi reads the param without importing the route definition (see collect-book.page).
const route = getRouteApi('/main/verify-email/$token');

export function VerifyEmailPage() {
  const { token } = route.useParams();
  return <VerifyEmailScreen token={token} />;
}
