/**
 * What the browser says about the device and how the app runs, for the screens that depend on it
 * (the '앱 설치' help, the push opt-in). Pure or window-injected, so each case is unit-tested.
 */

/** iPhone, iPod or iPad, including iPadOS asking for desktop sites. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  // iPadOS Safari says 'Macintosh' by default; only the touch points give it away
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

/** Whether this page runs as an installed app right now (iOS home-screen mode included). */
export function isStandalone(win: Window = window): boolean {
  if ((win.navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  if (typeof win.matchMedia !== 'function') return false;
  return ['standalone', 'fullscreen', 'minimal-ui'].some(
    (mode) => win.matchMedia(`(display-mode: ${mode})`).matches,
  );
}
