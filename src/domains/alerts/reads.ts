/** The alerts' live reads (the inbox and its unread count), by name, for src/domains/tables/reads.ts. */
import { countUnreadNotifications, listNotifications, listUnreadAlertsAt } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  notifications: (userId: Id) => (userId ? listNotifications(userId) : Promise.resolve([])),
  unreadNotifications: (userId: Id) =>
    userId ? countUnreadNotifications(userId) : Promise.resolve(0),
  unreadAlertsAt: (userId: Id, url: string) =>
    userId ? listUnreadAlertsAt(userId, url) : Promise.resolve([] as string[]),
};
