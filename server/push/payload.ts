/**
 * What one push carries (read by the service worker, src/data/push/payload.ts): the
 * `notifications` row's id, texts, route, topic and creation time. The id lets the worker replace
 * its copy when the pull brings the row, and tell a push sent twice after a restart.
 */
import type { Notification } from './records.ts';

export function pushPayload(n: Notification): string {
  return JSON.stringify({
    id: n.id,
    title: n.title,
    body: n.body,
    url: n.url,
    topic: n.topic,
    // when its latest event happened (a chat alert is brought up to date by each message)
    created: n.at || n.created,
  });
}

/** Comments are conversations: they may wake a device; the rest can wait for a good moment. */
export function pushUrgency(n: Notification): 'high' | 'normal' {
  return n.topic === 'comment' ? 'high' : 'normal';
}
