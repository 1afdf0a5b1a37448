import { ReasonSheet, type ReasonSent } from '@/components/ui/reason-sheet';
import { toast } from '@/components/ui/toast';
import { InvalidInputError, LoginRequiredError, loadRepos } from '@/domains/tables/lazy';
import { reportsKo } from '@/domains/reports/ko';
import { checkReportReason, REPORT_REASON_MAX_LENGTH } from '@/domains/trades/rules';

const m = reportsKo.moderation;

/** What is reported: an exchange post or a meetup comment. */
export type ReportedItem = { post: string } | { comment: string };

export interface ContentReportSheetProps {
  item: ReportedItem | null;
  onClose: () => void;
  /** Asked when the fan turns out not to be signed in. */
  onLoginRequired: () => void;
}

/**
 * The 신고 sheet of an exchange post or a meetup comment (docs/operators.md, Moderation): a reason
 * of 1–300 characters, then the report is queued like every change (offline too, sent once) with
 * the item's text kept as evidence by the server.
 */
export function ContentReportSheet({ item, onClose, onLoginRequired }: ContentReportSheetProps) {
  async function send(reason: string): Promise<ReasonSent> {
    if (!item) return 'sent';
    try {
      await (await loadRepos()).reportContent(item, reason);
      toast.success(navigator.onLine ? m.reported : m.reportedOffline);
      return 'sent';
    } catch (err) {
      if (err instanceof InvalidInputError) return { problem: err.message };
      if (err instanceof LoginRequiredError) {
        // asked once the sheet has closed
        setTimeout(onLoginRequired, 0);
        return 'sent';
      }
      toast.error(reportsKo.failures.contentReport);
      return 'failed';
    }
  }

  return (
    <ReasonSheet
      open={item !== null}
      onClose={onClose}
      text={{
        title: item && 'comment' in item ? m.reportCommentTitle : m.reportPostTitle,
        close: m.close,
        label: m.reasonLabel,
        placeholder: m.reasonPlaceholder,
        note: m.evidenceNote,
        cancel: m.cancel,
        submit: m.submit,
      }}
      maxLength={REPORT_REASON_MAX_LENGTH}
      check={checkReportReason}
      send={send}
      testIds={{
        sheet: 'content-report-sheet',
        field: 'content-report-reason',
        submit: 'content-report-submit',
      }}
    />
  );
}
