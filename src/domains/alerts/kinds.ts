/**
 * Alerts (알림) read state: opening an alert, or '모두 읽음', marks it read. The server rows are
 * written by the push fan-out (pb_hooks); the only change a user may make is `read` (enforced in
 * pb_hooks/guards.pb.js), a plain field update that is idempotent on replay.
 */
import * as v from 'valibot';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { alertsKo } from './ko.ts';

const readPayload = v.object({ id: v.string() });
export type NotificationReadPayload = v.InferOutput<typeof readPayload>;

export const notificationRead: MutationKind<NotificationReadPayload> = {
  kind: KINDS.notificationRead,
  collection: 'notifications',
  payload: readPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.notifications.update(p.id, { read: true });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'notifications',
    id: p.id,
    body: { read: true },
  }),
  label: alertsKo.kinds.notificationRead,
  failureMessage: () => alertsKo.failures.notificationRead,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [notificationRead] as const satisfies readonly AnyMutationKind[];
