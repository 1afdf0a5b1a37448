/**
 * What one push carries (docs/push.md, The payload): a declarative push message (the Push API's
 * `{"web_push": 8030, "notification": {...}}`, which Safari 18.4+ shows by itself, even with no
 * service worker running) with our own fields beside it, which the service worker reads
 * (src/data/push/payload.ts): the `notifications` row's id, route, topic and time. The id lets the
 * worker replace its copy when the pull brings the row, and tell a push sent twice after a restart.
 */
import type { Notification } from './records.ts';

/** Push services take at most 4096 bytes of ciphertext: 3993 of plaintext with aes128gcm. */
export const MAX_PAYLOAD_BYTES = 3000;

/** Only a path of the app itself (never `//host` or `/\host`); anything else opens the inbox. */
export function appPath(url: string): string {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/alerts';
  return url;
}

/** The row's route as an absolute URL on the app's origin (what `navigate` must be). */
export function navigateUrl(url: string, appOrigin: string): string {
  const target = new URL(appPath(url), appOrigin);
  // a path can't leave the origin, but a bad one must not reach a phone either way
  return target.origin === appOrigin ? target.href : new URL('/alerts', appOrigin).href;
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * The push message for row `n`; `appOrigin` is the app's public origin (APP_URL). Our fields sit
 * beside the declarative ones; title and body only inside `notification`, not twice.
 */
export function pushMessage(n: Notification, appOrigin: string): Record<string, unknown> {
  const url = appPath(n.url);
  // when its latest event happened (a chat alert is brought up to date by each message)
  const created = n.at || n.created;
  const at = Date.parse(created.includes('T') ? created : created.replace(' ', 'T'));
  return {
    web_push: 8030,
    notification: {
      title: n.title,
      body: n.body,
      navigate: navigateUrl(url, appOrigin),
      lang: 'ko',
      dir: 'ltr',
      // one notification per alert: a chat alert brought up to date replaces its own, and buzzes
      tag: n.id,
      renotify: true,
      silent: false,
      icon: new URL('/icons/icon-192.png', appOrigin).href,
      badge: new URL('/icons/badge-96.png', appOrigin).href,
      ...(Number.isNaN(at) ? {} : { timestamp: at }),
      // what the worker's click handler reads from a shown notification (sw/push.ts)
      data: { url, id: n.id },
    },
    // Safari hands the message to our worker first (it stores it in the inbox and may show its
    // own); the declarative notification is shown if the worker shows none
    mutable: true,
    id: n.id,
    url,
    topic: n.topic,
    created,
  };
}

/** The message as sent: within MAX_PAYLOAD_BYTES, shortening the body if it must. */
export function pushPayload(n: Notification, appOrigin: string): string {
  let text = JSON.stringify(pushMessage(n, appOrigin));
  // the hooks keep texts short (excerpts): only a row written some other way gets past this
  let chars = [...n.body];
  while (bytes(text) > MAX_PAYLOAD_BYTES && chars.length) {
    // a character takes 1 to 6 bytes in the JSON: drop at least a third of the excess each time
    const drop = Math.ceil((bytes(text) - MAX_PAYLOAD_BYTES) / 3) + 1;
    chars = chars.slice(0, Math.max(0, chars.length - drop));
    text = JSON.stringify(pushMessage({ ...n, body: `${chars.join('')}…` }, appOrigin));
  }
  return text;
}

/** Comments are conversations: they may wake a device; the rest can wait for a good moment. */
export function pushUrgency(n: Notification): 'high' | 'normal' {
  return n.topic === 'comment' ? 'high' : 'normal';
}
