import { ReasonSheet, type ReasonSent } from '@/components/ui/reason-sheet';
import { toast } from '@/components/ui/toast';
import { InvalidInputError, loadRepos } from '@/domains/tables/lazy';
import { checkReportReason, REPORT_REASON_MAX_LENGTH } from '@/domains/trades/rules';
import { koChat } from '@/features/chat/ko';
import { writeErrorText } from '@/features/chat/write-errors';

const c = koChat.chat;

/** What is reported: the fan, or one of their messages (kept as evidence on the server). */
export interface ReportTarget {
  fan: string;
  message?: string;
}

export interface ReportSheetProps {
  target: ReportTarget | null;
  onClose: () => void;
}

/**
 * Asks for the reason of a report and sends it (reportChat; docs/trades.md, chatReports). Queued
 * like every change, so it goes offline too.
 */
export function ReportSheet({ target, onClose }: ReportSheetProps) {
  async function send(reason: string): Promise<ReasonSent> {
    if (!target) return 'sent';
    try {
      const repos = await loadRepos();
      await repos.reportChat(target.fan, { reason, message: target.message });
      toast.success(c.reported);
      return 'sent';
    } catch (err) {
      if (err instanceof InvalidInputError) return { problem: err.message };
      toast.error(writeErrorText(err, c.reportFailed));
      return 'failed';
    }
  }

  return (
    <ReasonSheet
      open={target !== null}
      onClose={onClose}
      text={{
        title: target?.message ? c.reportMessageTitle : c.reportFanTitle,
        close: c.close,
        label: c.reportReasonLabel,
        placeholder: c.reportReasonPlaceholder,
        ...(target?.message ? { note: c.reportMessageNote } : {}),
        cancel: c.reportCancel,
        submit: c.reportSubmit,
      }}
      maxLength={REPORT_REASON_MAX_LENGTH}
      check={checkReportReason}
      send={send}
      testIds={{ sheet: 'report-sheet', field: 'report-reason', submit: 'report-submit' }}
    />
  );
}
