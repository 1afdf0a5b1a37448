import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { mainLayoutRoute } from './main-layout';

// 회원정보 수정 (docs/accounts.md, Editing the profile); its own lazy chunk
export const editProfileRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: '/editProfile',
  component: lazyRouteComponent(
    () => import('@/features/accounts/components/edit-profile-screen'),
    'EditProfileScreen',
  ),
});
