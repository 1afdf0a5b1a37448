import { useNavigate } from '@tanstack/react-router';
import { ko } from '@/i18n/ko-features';
import type { SubmitReport } from '@/features/reports/hooks/use-submit-report';
import { ResultDialog } from './result-dialog';

export interface ReportOutcomeProps {
  submit: SubmitReport;
  /** The success message (docs/product-rules.md, Reports). */
  doneMessage: string;
  /** The failure message (docs/product-rules.md, Reports). */
  failedMessage: string;
}

/**
 * The modal after a submit: success or saved-for-later, whose '확인' goes to /informUs; failure,
 * whose '확인' only closes (the form keeps what the fan entered).
 */
export function ReportOutcome({ submit, doneMessage, failedMessage }: ReportOutcomeProps) {
  const navigate = useNavigate();
  const { phase } = submit;
  const toHub = () => void navigate({ to: '/informUs' });

  const failed = phase === 'failed';
  const sent = phase === 'sent';
  // Always mounted, so closing the failure modal hands focus back to the submit button.
  return (
    <ResultDialog
      open={failed || sent || phase === 'saved'}
      tone={failed ? 'error' : sent ? 'success' : 'saved'}
      title={
        failed
          ? ko.reports.failureTitle
          : sent
            ? ko.reports.successTitle
            : ko.reports.savedOfflineTitle
      }
      message={
        failed ? (submit.refusal ?? failedMessage) : sent ? doneMessage : ko.reports.savedOffline
      }
      onOk={failed ? submit.dismiss : toHub}
    />
  );
}
