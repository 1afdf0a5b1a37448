import { useState, type FormEvent } from 'react';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import { toast } from '@/components/ui/toast';
import { refusalOf, type Refusal } from '@/features/admin/api';
import { koAdmin } from '@/features/admin/ko';
import panels from '@/components/ui/panels.module.css';
import { rejectReport, staleness } from './api';
import type { DraftFormProps } from './card-form';
import { koReports as t } from './ko';
import styles from './reports.module.css';

/**
 * 반려 (docs/operators.md, The report queue): the report is rejected with the admin's reason, which
 * the fan reads in their alert as it is written here: required, at most 300 characters, counted.
 */
export function RejectForm({ report, onDone, onStale, onCancel }: DraftFormProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);
  const tooLong = charCount(reason.trim()) > t.reasonMax;
  const error = missing ? t.reasonRequired : (refusal?.fields['reason'] ?? null);
  const formError = refusal && !refusal.fields['reason'] ? refusal.message : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || tooLong) return;
    setRefusal(null);
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setSaving(true);
    try {
      const handling = await rejectReport(report.id, reason.trim());
      toast.success(t.rejectedToast);
      onDone(handling);
    } catch (err) {
      const refused = refusalOf(err, koAdmin.failed);
      const stale = staleness(err);
      if (stale) {
        toast.error(stale === 'gone' ? t.gone : refused.message);
        onStale(stale);
        return;
      }
      setRefusal(refused);
    } finally {
      setSaving(false);
    }
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
        onChange={(v) => {
          setReason(v);
          if (v.trim()) setMissing(false);
        }}
        max={t.reasonMax}
        overMessage={t.reasonOver}
        counterLabel={t.counterLabel}
        error={error}
        rows={3}
        autoFocus
        testId="admin-report-reason"
      />
      {formError ? (
        <p className={panels.error} role="alert" data-testid="admin-report-form-error">
          {formError}
        </p>
      ) : null}
      <div className={`${panels.actions} ${panels.end}`}>
        <button type="button" className={panels.button} onClick={onCancel} disabled={saving}>
          {t.cancel}
        </button>
        <button
          type="submit"
          className={`${panels.button} ${panels.danger}`}
          disabled={saving || tooLong}
          data-testid="admin-report-reject-submit"
        >
          {saving ? t.rejecting : t.rejectSubmit}
        </button>
      </div>
    </form>
  );
}
