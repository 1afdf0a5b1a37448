import { toast } from '@/components/ui/toast';
import { ko } from '@/i18n/ko-features';
import { koPostTerms } from './ko-post-terms';

/**
 * One toast for the post changes of this page: a new one replaces the last (react-hot-toast keeps
 * one per id), so three quick posts never stack three toasts.
 */
const TOAST_ID = 'exchange-post';

const said = {
  created: { sent: ko.messages.exchangeSaved, queued: koPostTerms.queued.created },
  edited: { sent: ko.messages.exchangeEdited, queued: koPostTerms.queued.edited },
  deleted: { sent: ko.messages.exchangeDeleted, queued: koPostTerms.queued.deleted },
} as const;

/**
 * Tells the fan a post change was made, honestly (docs/product-rules.md, Exchange posts): offline
 * it is only saved on this device and goes up once connected, and the toast says so rather than
 * that it was saved.
 */
export function toastPostChange(what: keyof typeof said): void {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  toast.success(online ? said[what].sent : said[what].queued, { id: TOAST_ID });
}
