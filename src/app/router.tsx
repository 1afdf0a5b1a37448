import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { adminRoute } from '@/routes/admin';
import { alertsRoute } from '@/routes/alerts';
import { authNaverRoute } from '@/routes/auth-naver';
import { bareLayoutRoute } from '@/routes/bare-layout';
import { chattingRoute } from '@/routes/chatting';
import { chattingThreadRoute } from '@/routes/chatting-thread';
import { collectBookRoute } from '@/routes/collect-book';
import { collectBookAddRoute } from '@/routes/collect-book-add';
import {
  aboutRoute,
  faqRoute,
  guideRoute,
  safetyRoute,
  noticeRoute,
  noticesRoute,
  privacyRoute,
  termsRoute,
} from '@/routes/content';
import { confirmEmailChangeRoute } from '@/routes/confirm-email-change';
import { encountersRoute } from '@/routes/encounters';
import { exchangeRoute } from '@/routes/exchange';
import { exchangeDetailRoute } from '@/routes/exchange-detail';
import { forgotPasswordRoute } from '@/routes/forgot-password';
import { homeRoute } from '@/routes/home';
import { informUsRoute } from '@/routes/inform-us';
import { likeDetailRoute } from '@/routes/like-detail';
import { loginRoute } from '@/routes/login';
import { loginInfoRoute } from '@/routes/login-info';
import { matchingRoute } from '@/routes/matching';
import { mainLayoutRoute } from '@/routes/main-layout';
import { meetupRoute } from '@/routes/meetup';
import { meetupDetailRoute } from '@/routes/meetup-detail';
import { meetUpSubmitRoute } from '@/routes/meetup-submit';
import { myBiasRoute } from '@/routes/my-bias';
import { myPostsRoute } from '@/routes/my-posts';
import { notificationSettingsRoute } from '@/routes/notification-settings';
import { oauth2RedirectApiRoute, oauth2RedirectRoute } from '@/routes/oauth2-redirect';
import { photoCardSubmitRoute } from '@/routes/photo-card-submit';
import { profileRoute } from '@/routes/profile';
import { publicBookRoute } from '@/routes/public-book';
import { profileSettingRoute } from '@/routes/profile-setting';
import { registerRoute } from '@/routes/register';
import { resetPasswordRoute } from '@/routes/reset-password';
import { rootRoute } from '@/routes/root';
import { settingsTopicRoute } from '@/routes/settings-topic';
import { tradeDetailRoute } from '@/routes/trade-detail';
import { tradeListRoute } from '@/routes/trade-list';
import { tradeNewRoute } from '@/routes/trade-new';
import { tradeQrRoute } from '@/routes/trade-qr';
import { tradeQrScanRoute } from '@/routes/trade-qr-scan';
import { tradesRoute } from '@/routes/trades';
import { verifyEmailRoute } from '@/routes/verify-email';
import { editProfileRoute } from '@/routes/edit-profile';
import { welcomeBiasRoute } from '@/routes/welcome-bias';
import { ErrorScreen } from '@/app/errors/error-screen';
import { NotFoundScreen } from '@/app/errors/not-found-screen';

// Code-based route tree (docs/product-rules.md, Layout and navigation). Two pathless layouts:
// `main` (header, top bar, footer, tabs) and `bare` (/chatting, /alerts).
export const routeTree = rootRoute.addChildren([
  mainLayoutRoute.addChildren([
    homeRoute,
    exchangeRoute,
    exchangeDetailRoute,
    meetupRoute,
    meetupDetailRoute,
    profileRoute,
    profileSettingRoute,
    loginInfoRoute,
    likeDetailRoute,
    informUsRoute,
    photoCardSubmitRoute,
    meetUpSubmitRoute,
    collectBookAddRoute,
    collectBookRoute,
    myBiasRoute,
    loginRoute,
    registerRoute,
    authNaverRoute,
    oauth2RedirectRoute,
    oauth2RedirectApiRoute,
    notificationSettingsRoute,
    settingsTopicRoute,
    verifyEmailRoute,
    forgotPasswordRoute,
    resetPasswordRoute,
    confirmEmailChangeRoute,
    tradeListRoute,
    matchingRoute,
    tradesRoute,
    tradeNewRoute,
    tradeDetailRoute,
    encountersRoute,
    tradeQrRoute,
    tradeQrScanRoute,
    editProfileRoute,
    welcomeBiasRoute,
    myPostsRoute,
    publicBookRoute,
    termsRoute,
    privacyRoute,
    faqRoute,
    guideRoute,
    safetyRoute,
    aboutRoute,
    noticesRoute,
    noticeRoute,
    adminRoute,
  ]),
  bareLayoutRoute.addChildren([chattingRoute, chattingThreadRoute, alertsRoute]),
]);

export function createAppRouter(options: { history?: RouterHistory; origin?: string } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    // the first-screen renderer has no window to read the origin from
    origin: options.origin,
    // Routes are spelled both ways (/LikeDetail and /likeDetail, /login and /Login, meetUpSubmit
    // and meetupSubmit; docs/product-rules.md, Layout and navigation). Case-insensitive matching is
    // TanStack's default; it is spelled out because those links depend on it.
    caseSensitive: false,
    // Unmatched addresses go to the root's NotFoundPage, which draws the main layout itself;
    // notFound() thrown by a screen's loader renders NotFoundScreen inside the layout instead.
    notFoundMode: 'root',
    defaultNotFoundComponent: NotFoundScreen,
    // A screen that throws shows the error screen inside the layout, so navigation still works.
    defaultErrorComponent: ErrorScreen,
    defaultPreload: 'intent',
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
