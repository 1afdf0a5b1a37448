/**
 * What the push opt-in on /settings/notifications may do on this device (docs/push.md, iPhone and
 * iPad): pure, from the platform's facts, so every case is unit-tested without a browser.
 *
 * - 'guide-ios': iPhone or iPad in a browser tab. iOS gives Web Push only to web apps added to the
 *   Home Screen (iOS 16.4+): there is no PushManager here and asking for permission cannot work,
 *   so the screen shows how to add the app instead, and never calls Notification.requestPermission.
 * - 'unsupported': no Push API here (an old browser, or an installed app on iOS before 16.4).
 * - 'denied': the fan (or the browser) blocked notifications for the site.
 * - 'ask': the switches; the permission is asked only from a tap on one of them (a user gesture,
 *   which Safari requires).
 */
import { isIos, isStandalone } from '@/lib/platform';

export type PushOptIn = 'ask' | 'guide-ios' | 'unsupported' | 'denied';

export interface PushPlatform {
  /** iPhone, iPod or iPad (iPadOS asking for desktop sites too). */
  ios: boolean;
  /** Running as the installed app (navigator.standalone, display-mode standalone). */
  standalone: boolean;
  pushManager: boolean;
  notification: boolean;
  serviceWorker: boolean;
  /** Notification.permission, or null where there is no Notification API. */
  permission: NotificationPermission | null;
}

export function pushOptIn(p: PushPlatform): PushOptIn {
  if (p.ios && !p.standalone && !p.pushManager) return 'guide-ios';
  if (!p.pushManager || !p.notification || !p.serviceWorker) return 'unsupported';
  if (p.permission === 'denied') return 'denied';
  return 'ask';
}

const NO_BROWSER: PushPlatform = {
  ...{ ios: false, standalone: false, pushManager: false, notification: false },
  ...{ serviceWorker: false, permission: null },
};

/** This browser's facts, as pushOptIn reads them (none outside a browser). */
export function readPushPlatform(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): PushPlatform {
  if (!win) return NO_BROWSER;
  const nav = win.navigator;
  const notification = 'Notification' in win;
  return {
    ios: isIos(nav.userAgent, nav.maxTouchPoints ?? 0),
    standalone: isStandalone(win),
    pushManager: 'PushManager' in win,
    notification,
    serviceWorker: 'serviceWorker' in nav,
    permission: notification ? (win as Window & typeof globalThis).Notification.permission : null,
  };
}
