/**
 * 공지사항's live reads (docs/product-rules.md, Notices), for src/domains/tables/reads.ts: public
 * records, but never on a first screen, so read like personal ones (straight from the store).
 */
import { getNotice, hasNewNotice, listNotices, noticesSeenAt } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  notices: () => listNotices(),
  notice: (id: Id) => (id ? getNotice(id) : Promise.resolve(null)),
  hasNewNotice: () => hasNewNotice(),
  noticesSeenAt: () => noticesSeenAt(),
};
