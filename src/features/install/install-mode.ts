/**
 * Which install help the settings screen shows, from what the browser says about itself. Pure, so
 * every platform case is unit-tested without a browser. The iOS and standalone checks live in
 * src/lib/platform.ts, shared with the push opt-in (features/alerts).
 */
import { isIos } from '@/lib/platform';

export { isIos, isStandalone } from '@/lib/platform';

export type InstallMode =
  /** Running as the installed app (display-mode standalone, or iOS home-screen mode). */
  | 'standalone'
  /** Installed from this page load; the browser tab itself stays a tab. */
  | 'installed'
  /** Chromium offered an install (`beforeinstallprompt`): our button opens its dialog. */
  | 'prompt'
  /** iPhone or iPad: no install event exists; the share sheet's '홈 화면에 추가' does it. */
  | 'ios'
  /** Anything else: the browser's own menu, if it has one. */
  | 'manual';

export interface InstallEnvironment {
  standalone: boolean;
  installed: boolean;
  canPrompt: boolean;
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS Safari says 'Macintosh' and only this gives it away. */
  maxTouchPoints: number;
}

export function installMode(env: InstallEnvironment): InstallMode {
  if (env.standalone) return 'standalone';
  if (env.installed) return 'installed';
  if (env.canPrompt) return 'prompt';
  // Every iOS browser is WebKit with the same share sheet (Chrome and Firefox on iOS also offer
  // '홈 화면에 추가' since iOS 16.4), so the hint is the same for all of them.
  if (isIos(env.userAgent, env.maxTouchPoints)) return 'ios';
  return 'manual';
}
