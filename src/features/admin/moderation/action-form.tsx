/**
 * The form of one moderation action on a report (docs/operators.md, Moderation, Routes): the reason
 * (1–300 characters, required: the fan reads it, so nothing is filled in), and for 이용 정지 the
 * days (whole, 1–365, 3 unless changed). 이용 정지 and 영구 정지 ask to confirm first. The server
 * checks everything again: its 400 shows at the field it names (사유, 기간) in its own words, any
 * other (an admin as the target, a report handled meanwhile) above the buttons.
 */
import { useId, useState, type FormEvent } from 'react';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import { refusalOf, type Refusal } from '@/features/admin/api';
import { koAdmin } from '@/features/admin/ko';
import { FormActions } from '@/features/admin/components/form-actions';
import panels from '@/components/ui/panels.module.css';
import admin from '@/features/admin/components/admin.module.css';
import { moderate, type ModerationAction, type ModerationReport } from './api';
import { fanName, koreanTime } from './format';
import { koModeration } from './ko';
import styles from './moderation.module.css';

const t = koModeration;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whom an action is about: the fan (their id and name), and the report it answers, if any. */
export interface ActionSubject {
  fan: { id: string; username: string };
  report: ModerationReport | null;
}

/** The request's body: what the action is about, and the report it answers while that is open. */
function bodyOf(
  action: ModerationAction,
  { fan, report }: ActionSubject,
  reason: string,
  days: number,
): Record<string, string | number> {
  const answers: Record<string, string> = report?.status === 'open' ? { report: report.id } : {};
  const item = report?.item;
  switch (action) {
    case 'hide':
      return { collection: item?.collection ?? '', id: item?.id ?? '', reason, ...answers };
    case 'unhide':
      return { collection: item?.collection ?? '', id: item?.id ?? '', reason };
    case 'warn':
    case 'ban':
      return { user: fan.id, reason, ...answers };
    case 'suspend':
      return { user: fan.id, days, reason, ...answers };
    case 'unwarn':
    case 'unsuspend':
    case 'unban':
      return { user: fan.id, reason };
    case 'dismiss':
    case 'reopen':
      return { report: report?.id ?? '', reason };
  }
}

/** A whole number of days from 1 to 365, or null. */
function daysOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= t.daysMax ? n : null;
}

export function ActionForm({
  action,
  subject,
  onCancel,
  onDone,
}: {
  action: ModerationAction;
  subject: ActionSubject;
  onCancel: () => void;
  onDone: () => void;
}) {
  const confirm = useConfirm();
  const id = useId();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<string>(t.daysDefault);
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const [daysProblem, setDaysProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sending, setSending] = useState(false);

  const label = t.actions[action];
  const name = fanName(subject.fan);
  const over = charCount(reason) > t.reasonMax;
  const reasonError = reasonProblem ?? refusal?.fields['reason'] ?? null;
  const daysError = daysProblem ?? refusal?.fields['days'] ?? null;
  // a refusal about nothing the form shows (the fan is an admin, the report was handled
  // meanwhile, a rate limit): the server's words above the buttons
  const others = refusal
    ? Object.entries(refusal.fields)
        .filter(([field]) => field !== 'reason' && field !== 'days')
        .map(([, message]) => message)
    : [];
  const formError =
    refusal && !refusal.fields['reason'] && !refusal.fields['days']
      ? [...new Set(others.length ? others : [refusal.message])].join(' ')
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (over || sending) return;
    const trimmed = reason.trim();
    const n = action === 'suspend' ? daysOf(days) : 0;
    setReasonProblem(trimmed ? null : t.reasonEmpty);
    setDaysProblem(n === null ? t.daysBad : null);
    if (!trimmed || n === null) return;
    if (action === 'suspend' || action === 'ban') {
      const ok = await confirm({
        title: label,
        message:
          action === 'suspend'
            ? t.confirmSuspend(name, n, koreanTime(Date.now() + n * DAY_MS))
            : t.confirmBan(name),
        confirmLabel: label,
        destructive: true,
      });
      if (!ok) return;
    }
    setSending(true);
    setRefusal(null);
    try {
      await moderate(action, bodyOf(action, subject, trimmed, n));
      toast.success(t.done[action]);
      onDone();
    } catch (err) {
      setRefusal(refusalOf(err, koAdmin.failed));
      setSending(false);
    }
  }

  const daysId = `${id}-days`;
  const daysErrorId = `${id}-days-error`;
  return (
    <form
      className={`${panels.panel} ${styles.form}`}
      aria-label={t.formLabel(label)}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="mod-form"
      data-action={action}
    >
      <p className={styles.explain}>{t.explain[action]}</p>
      {action === 'suspend' ? (
        <div className={admin.field}>
          <label htmlFor={daysId} className={admin.label}>
            {t.daysLabel}
          </label>
          <input
            id={daysId}
            className={`${admin.input} ${styles.days}`}
            type="number"
            inputMode="numeric"
            min={1}
            max={t.daysMax}
            step={1}
            value={days}
            onChange={(e) => {
              setDays(e.target.value);
              setDaysProblem(null);
            }}
            aria-invalid={daysError ? true : undefined}
            aria-describedby={daysError ? daysErrorId : undefined}
            data-testid="mod-days"
          />
          {daysError ? (
            <p
              id={daysErrorId}
              className={admin.fieldError}
              role="alert"
              data-testid="mod-days-error"
            >
              {daysError}
            </p>
          ) : null}
        </div>
      ) : null}
      <CountedTextField
        id={`${id}-reason`}
        label={t.reasonLabel}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setReasonProblem(null);
        }}
        max={t.reasonMax}
        overMessage={t.reasonOver}
        counterLabel={t.counterLabel}
        error={reasonError}
        rows={3}
        // the form opens on the field the admin came to write
        autoFocus
        testId="mod-reason"
      />
      <FormActions
        error={formError}
        errorTestId="mod-form-error"
        onCancel={onCancel}
        cancelLabel={t.cancel}
        busy={sending}
        disabled={over}
        submitLabel={label}
        busyLabel={t.sending}
        tone="primary"
        submitTestId="mod-submit"
      />
    </form>
  );
}
