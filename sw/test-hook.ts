/**
 * A page asks to open one of the alerts shown now, as if it was clicked: headless Chromium (the
 * e2e tests) cannot click a system notification. Only a notification this worker showed can be
 * opened, and only an in-app route, so this gives a page nothing it could not do itself.
 */
import { openShownNotification } from './push.ts';

declare const self: ServiceWorkerGlobalScope;

export function registerTestHook(): void {
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; tag?: unknown } | null;
    if (data?.type === 'notification-open' && typeof data.tag === 'string') {
      event.waitUntil(openShownNotification(data.tag));
    }
  });
}
