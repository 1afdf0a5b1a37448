import { finishNaverRedirect } from '@/domains/accounts/social';
import { ko } from '@/i18n/ko-features';
import { SocialReturn } from './oauth2-redirect-screen';

/** Naver returns here (/authNaver?code&state); the code is exchanged by pb_hooks/naver.pb.js. */
export function AuthNaverScreen() {
  return <SocialReturn title={ko.screens.authNaver} finish={finishNaverRedirect} />;
}
