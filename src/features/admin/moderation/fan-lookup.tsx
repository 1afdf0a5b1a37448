/**
 * 회원 조회 in the 신고 section (docs/operators.md, Moderation, Routes:
 * `GET /api/pocamarket/moderation/users/{id}`): one fan's standing (정상, 정지 중 until when, 영구
 * 정지, with the reason) and how many reports are about them, by the fan's id (typed, or from a
 * report's 회원 조회 button), with the actions on their standing that name no report: 경고, 이용
 * 정지, 영구 정지, 정지 해제, 영구 정지 해제. An admin's account offers none (the server refuses
 * them anyway).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { refusalOf } from '@/features/admin/api';
import { koAdmin } from '@/features/admin/ko';
import panels from '@/components/ui/panels.module.css';
import admin from '@/features/admin/components/admin.module.css';
import { lookupFan, type FanStanding, type ModerationAction } from './api';
import { ActionForm } from './action-form';
import { standingKind, standingLabel, standingReason } from './format';
import { koModeration } from './ko';
import styles from './moderation.module.css';

const t = koModeration;
const l = koModeration.lookup;

type Found =
  | { state: 'idle' }
  | { state: 'loading'; id: string }
  | { state: 'found'; fan: FanStanding }
  | { state: 'failed'; message: string };

function actionsOf(fan: FanStanding): ModerationAction[] {
  if (fan.role === 'admin') return [];
  const out: ModerationAction[] = ['warn'];
  if (!fan.banned) out.push('suspend', 'ban');
  if (fan.suspendedUntil) out.push('unsuspend');
  if (fan.banned) out.push('unban');
  return out;
}

const DESTRUCTIVE: ReadonlySet<ModerationAction> = new Set(['suspend', 'ban']);

export function FanLookup({
  initialId,
  onClose,
  onChanged,
}: {
  /** A fan to look up at once (a report's 회원 조회), or ''. */
  initialId: string;
  onClose: () => void;
  /** After an action: the queue reads its pages again. */
  onChanged: () => void;
}) {
  const [id, setId] = useState(initialId);
  const [found, setFound] = useState<Found>(
    initialId ? { state: 'loading', id: initialId } : { state: 'idle' },
  );
  const [idProblem, setIdProblem] = useState<string | null>(null);
  const [acting, setActing] = useState<ModerationAction | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldId = useId();
  const headingId = useId();

  const loading = found.state === 'loading' ? found.id : null;
  useEffect(() => {
    if (!loading) return;
    let live = true;
    lookupFan(loading).then(
      (fan) => {
        if (live) setFound({ state: 'found', fan });
      },
      (err: unknown) => {
        if (live)
          setFound({ state: 'failed', message: refusalOf(err, koAdmin.loadFailed).message });
      },
    );
    return () => {
      live = false;
    };
  }, [loading]);

  // opened from a report: the panel is where the admin's eyes and focus go
  useEffect(() => {
    if (!initialId) return;
    // (centred: the app's header is sticky and would cover it at the top)
    headingRef.current?.scrollIntoView?.({ block: 'center' });
    headingRef.current?.focus({ preventScroll: true });
  }, [initialId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = id.trim();
    if (!wanted) return setIdProblem(l.idEmpty);
    setIdProblem(null);
    setActing(null);
    setFound({ state: 'loading', id: wanted });
  }

  const fan = found.state === 'found' ? found.fan : null;
  const standing = fan ? { ...fan, exists: true } : null;
  const actions = fan ? actionsOf(fan) : [];
  return (
    <section className={panels.panel} aria-labelledby={headingId} data-testid="mod-lookup">
      <div className={styles.lookupHead}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className={panels.panelTitle}>
          {l.title}
        </h3>
        <button type="button" className={panels.button} onClick={onClose}>
          {l.close}
        </button>
      </div>
      <p className={styles.explain}>{l.hint}</p>
      <form className={styles.lookupForm} onSubmit={submit} noValidate>
        <div className={admin.field}>
          <label htmlFor={fieldId} className={admin.label}>
            {l.idLabel}
          </label>
          <input
            id={fieldId}
            className={admin.input}
            value={id}
            onChange={(e) => {
              setId(e.target.value);
              setIdProblem(null);
            }}
            autoComplete="off"
            // opened from the toolbar: the admin came to type an id
            autoFocus={!initialId}
            spellCheck={false}
            aria-invalid={idProblem ? true : undefined}
            aria-describedby={idProblem ? `${fieldId}-error` : undefined}
            data-testid="mod-lookup-id"
          />
          {idProblem ? (
            <p id={`${fieldId}-error`} className={admin.fieldError} role="alert">
              {idProblem}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className={`${panels.button} ${panels.primary}`}
          disabled={found.state === 'loading'}
          data-testid="mod-lookup-submit"
        >
          {l.submit}
        </button>
      </form>

      <div>
        {found.state === 'loading' ? (
          <p className={styles.explain} role="status">
            {koAdmin.loading}
          </p>
        ) : found.state === 'failed' ? (
          <p className={panels.error} role="alert" data-testid="mod-lookup-error">
            {found.message}
          </p>
        ) : fan && standing ? (
          <div className={styles.lookupResult} data-testid="mod-lookup-result">
            <p className={styles.title}>
              {fan.username || t.unknownFan}{' '}
              {fan.role === 'admin' ? (
                <span className={`${styles.state} ${styles.state_open}`}>{l.roleAdmin}</span>
              ) : null}
            </p>
            <p>
              <span
                className={`${styles.standing} ${styles[`standing_${standingKind(standing)}`] ?? ''}`}
                data-testid="mod-lookup-standing"
                data-standing={standingKind(standing)}
              >
                {standingLabel(standing)}
              </span>
            </p>
            {standingReason(standing) ? (
              <p className={styles.sub}>{standingReason(standing)}</p>
            ) : null}
            <p className={styles.sub} data-testid="mod-lookup-reports">
              {l.reports(fan.reportsOpen, fan.reportsAll)}
            </p>
            {fan.role === 'admin' ? <p className={styles.sub}>{l.admin}</p> : null}
            {actions.length ? (
              <div className={panels.actions} role="group" aria-label={l.actions(fan.username)}>
                {actions.map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`${panels.button} ${DESTRUCTIVE.has(action) ? panels.danger : ''}`}
                    aria-expanded={acting === action}
                    onClick={() => setActing(acting === action ? null : action)}
                    data-testid={`mod-lookup-action-${action}`}
                  >
                    {t.actions[action]}
                  </button>
                ))}
              </div>
            ) : null}
            {acting ? (
              <ActionForm
                key={acting}
                action={acting}
                subject={{ fan, report: null }}
                onCancel={() => setActing(null)}
                onDone={() => {
                  setActing(null);
                  setFound({ state: 'loading', id: fan.id });
                  onChanged();
                }}
              />
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
