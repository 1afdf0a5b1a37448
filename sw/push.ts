/**
 * Push alerts (docs/push.md): each push (sent by server/ for a `notifications` row) is shown as a
 * notification and stored in the local inbox, so /alerts lists it at once, offline too; clicking
 * it marks it read and opens its route in an open tab (or a new one).
 *
 * Payload (server/push/payload.ts): a declarative push message (`web_push`, `notification`) with
 * our fields beside it (`id`, `url`, `topic`, `created`), or the earlier flat shape; both are read
 * by src/data/push/payload.ts. `id` is the server's `notifications` row, so the pull that brings
 * the row later replaces our copy. Safari 18.4+ shows the declarative notification by itself when
 * this worker shows none (docs/push.md, The payload).
 */
import { db } from '@/data/db/index.ts';
import { parsePushPayload, safeAppPath } from '@/data/push/payload.ts';
import { storePushedNotification } from '@/data/push/inbox.ts';
import { markNotificationRead } from '@/domains/alerts/writes.ts';
import { ko } from '@/i18n/ko.ts';
import { koAlerts } from '@/i18n/ko-alerts.ts';
import { createClient } from '@/data/pb/client.ts';
import { renewSubscription, type SubscriptionLike } from '@/data/push/renew.ts';
import { flushFromWorker } from './background-sync.ts';

declare const self: ServiceWorkerGlobalScope;

const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-96.png';

interface AlertData {
  url: string;
  id: string;
}

/**
 * What the worker does with one push's data (text): shows it (unless its thread is on screen) and
 * stores it in the local inbox.
 */
export async function showPush(text: string | undefined): Promise<void> {
  const p = parsePushPayload(text, self.location.origin);
  if (!p) {
    // Not one of ours (or broken): Chrome shows its own generic notice when a push shows
    // nothing, so show ours, pointing at the inbox.
    console.warn('[sw] push with an unreadable payload');
    await self.registration.showNotification(ko.app.name, {
      body: koAlerts.alerts.fallbackBody,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      lang: 'ko',
      data: { url: '/alerts', id: '' } satisfies AlertData,
    });
    return;
  }
  await Promise.all([
    threadOnScreen(p.topic, p.url)
      .catch(() => false)
      .then((onScreen) => (onScreen ? undefined : show(p.title, p.body, p.id, p.url))),
    // a storage failure must not keep the notification from showing
    storePushedNotification(db, p).catch((err: unknown) =>
      console.warn('[sw] could not store the pushed alert', err),
    ),
  ]);
}

/**
 * Whether a chat message's thread is what a visible window of the app shows now: the fan is reading
 * it, so no alert (docs/trades.md, Push).
 */
async function threadOnScreen(topic: string, url: string): Promise<boolean> {
  if (topic !== 'chat') return false;
  const path = new URL(url, self.location.origin).pathname;
  const windows = await self.clients.matchAll({ type: 'window' });
  return windows.some((c) => c.visibilityState === 'visible' && new URL(c.url).pathname === path);
}

/** `renotify` is in the Notifications standard but not in TypeScript's DOM types. */
type ShowOptions = NotificationOptions & { renotify?: boolean };

function show(title: string, body: string, id: string, url: string): Promise<void> {
  const options: ShowOptions = {
    body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    tag: id,
    // a chat alert brought up to date by a new message replaces its notification, and buzzes again
    renotify: true,
    lang: 'ko',
    data: { url, id } satisfies AlertData,
  };
  return self.registration.showNotification(title, options);
}

function alertData(notification: Notification): AlertData {
  const d = notification.data as Partial<AlertData> | null;
  return {
    url: safeAppPath(typeof d?.url === 'string' ? d.url : '/alerts'),
    id: typeof d?.id === 'string' ? d.id : '',
  };
}

async function focusOrOpen(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client =
    windows.find((c) => c.focused) ??
    windows.find((c) => c.visibilityState === 'visible') ??
    windows[0];
  if (client) {
    // focus needs the click's user activation; a test's message has none, so it may fail
    const focused = await client.focus().catch(() => client);
    // navigate answers null or throws for a tab this worker does not control: open a new one
    if (await focused.navigate(target).catch(() => null)) return;
  }
  await self.clients.openWindow(target);
}

async function markReadAndSend(id: string): Promise<void> {
  try {
    if (await markNotificationRead(id, db)) await flushFromWorker();
  } catch (err) {
    // queued (or not signed in): the page's flusher or Background Sync sends it later
    console.warn('[sw] could not mark the alert read now', err);
  }
}

/**
 * What a click on an alert does: mark it read (queued like any change, sent now if possible) and
 * show its route in an open tab of the app, or a new one.
 */
async function openAlert({ url, id }: AlertData): Promise<void> {
  await Promise.all([focusOrOpen(url), id ? markReadAndSend(id) : null]);
}

/** Opens one of the alerts shown now (by its tag) as if it was clicked; nothing if none is. */
export async function openShownNotification(tag: string): Promise<void> {
  const [shown] = await self.registration.getNotifications({ tag });
  if (!shown) return;
  const data = alertData(shown);
  shown.close();
  await openAlert(data);
}

/** `pushsubscriptionchange` (not in TypeScript's DOM types): the old and the new subscription. */
interface SubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}

/**
 * The browser replaced this device's subscription: the server's record follows it (see
 * src/data/push/renew.ts), with the session stored now.
 */
async function followSubscription(e: SubscriptionChangeEvent): Promise<void> {
  try {
    const { pb } = await createClient(self.location.origin, db);
    const did = await renewSubscription(
      pb,
      e.oldSubscription,
      e.newSubscription,
      async (applicationServerKey): Promise<SubscriptionLike> =>
        self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    );
    console.info(`[sw] push subscription changed: ${did}`);
  } catch (err) {
    // offline or refused: the check at the next start puts it right
    console.warn('[sw] could not follow the changed push subscription', err);
  }
}

export function registerPush(): void {
  self.addEventListener('pushsubscriptionchange', (event) => {
    const e = event as SubscriptionChangeEvent;
    e.waitUntil(followSubscription(e));
  });
  self.addEventListener('push', (event) => {
    event.waitUntil(showPush(event.data?.text()));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openAlert(alertData(event.notification)));
  });
}
