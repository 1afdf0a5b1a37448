import { useState, type FormEvent } from 'react';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import { toast } from '@/components/ui/toast';
import { FormActions } from '@/features/admin/components/form-actions';
import panels from '@/components/ui/panels.module.css';
import { rejectReport } from './api';
import type { DraftFormProps } from './card-form';
import { koReports as t } from './ko';
import { useDraftSubmit } from './use-draft-submit';
import styles from './reports.module.css';

/**
 * 반려 (docs/operators.md, The report queue): the report is rejected with the admin's reason, which
 * the fan reads in their alert as it is written here: required, at most 300 characters, counted.
 */
export function RejectForm({ report, onDone, onStale, onCancel }: DraftFormProps) {
  const [reason, setReason] = useState('');
  const { saving, edit, fieldError, formError, run } = useDraftSubmit(['reason'], onStale);
  const tooLong = charCount(reason.trim()) > t.reasonMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return;
    const problems: Record<string, string> = reason.trim() ? {} : { reason: t.reasonRequired };
    await run(problems, async () => {
      const handling = await rejectReport(report.id, reason.trim());
      toast.success(t.rejectedToast);
      onDone(handling);
    });
  }

  const headingId = `admin-report-${report.id}-reject-form`;
  return (
    <form
      className={`${panels.panel} ${styles.form}`}
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="admin-report-reject-form"
    >
      <h3 id={headingId} className={panels.panelTitle}>
        {t.rejectFormTitle}
      </h3>
      <CountedTextField
        id={`admin-report-${report.id}-reason`}
        label={t.reasonLabel}
        value={reason}
        onChange={edit('reason', setReason)}
        max={t.reasonMax}
        overMessage={t.reasonOver}
        counterLabel={t.counterLabel}
        error={fieldError('reason')}
        rows={3}
        autoFocus
        testId="admin-report-reason"
      />
      <FormActions
        error={formError}
        errorTestId="admin-report-form-error"
        onCancel={onCancel}
        cancelLabel={t.cancel}
        busy={saving}
        disabled={tooLong}
        submitLabel={t.rejectSubmit}
        busyLabel={t.rejecting}
        tone="danger"
        submitTestId="admin-report-reject-submit"
      />
    </form>
  );
}
