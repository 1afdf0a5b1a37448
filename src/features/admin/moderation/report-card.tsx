/**
 * One report in the 신고 queue (docs/operators.md, Moderation): what was reported, when, by whom
 * and why; the reported fan and their standing; the evidence kept at report time beside the item
 * as it is now (hidden, or 삭제됨); how a handled report was closed. Below, the actions that apply
 * (docs/operators.md, Routes): on an open report 가리기, 경고, 이용 정지, 영구 정지 and 기각
 * (each naming the report, which closes it); on a handled one 다시 열기 (and 경고 철회 after a
 * warning); 숨김 해제 of a hidden item; and on the fan's standing 정지 해제 / 영구 정지 해제.
 * Each opens ./action-form.tsx for its reason.
 */
import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { formatWhen } from '@/features/admin/audit-format';
import panels from '@/components/ui/panels.module.css';
import type { ModerationAction, ModerationReport } from './api';
import { ActionForm } from './action-form';
import {
  fanName,
  kindLabel,
  outcomeLabel,
  reportStatusLabel,
  standingKind,
  standingLabel,
  standingReason,
} from './format';
import { koModeration } from './ko';
import styles from './moderation.module.css';

const t = koModeration;

/** The actions a report offers now, in the order they are drawn (report, then the fan's). */
function actionsOf(report: ModerationReport): {
  onReport: ModerationAction[];
  onFan: ModerationAction[];
} {
  const open = report.status === 'open';
  const item = report.item;
  const fan = report.target;
  const onReport: ModerationAction[] = [];
  if (item?.exists && item.hidden) onReport.push('unhide');
  if (open) {
    if (item?.exists && !item.hidden) onReport.push('hide');
    if (fan.exists) onReport.push('warn');
    if (fan.exists && !fan.banned) onReport.push('suspend', 'ban');
    onReport.push('dismiss');
  } else {
    onReport.push('reopen');
    if (fan.exists && report.outcome === 'user.warn') onReport.push('unwarn');
  }
  const onFan: ModerationAction[] = [];
  if (fan.exists && fan.suspendedUntil) onFan.push('unsuspend');
  if (fan.exists && fan.banned) onFan.push('unban');
  return { onReport, onFan };
}

const DESTRUCTIVE: ReadonlySet<ModerationAction> = new Set(['suspend', 'ban', 'hide']);

export function ReportCard({
  report,
  sign,
  onChanged,
  onLookup,
}: {
  report: ModerationReport;
  /** Adds a file token to a protected file's path; null until one is had. */
  sign: ((path: string) => string) | null;
  onChanged: () => void;
  /** Opens 회원 조회 on a fan. */
  onLookup: (id: string) => void;
}) {
  const [acting, setActing] = useState<ModerationAction | null>(null);
  const titleId = useId();
  const { onReport, onFan } = actionsOf(report);
  const target = fanName(report.target);
  const item = report.item;
  const standing = standingKind(report.target);
  const why = standingReason(report.target);

  const button = (action: ModerationAction) => (
    <button
      key={action}
      type="button"
      className={`${panels.button} ${DESTRUCTIVE.has(action) ? panels.danger : ''}`}
      aria-expanded={acting === action}
      aria-describedby={titleId}
      onClick={() => setActing(acting === action ? null : action)}
      data-testid={`mod-action-${action}`}
    >
      {t.actions[action]}
    </button>
  );

  return (
    <li
      className={styles.report}
      data-testid="mod-report"
      data-report-id={report.id}
      data-status={report.status}
    >
      <div className={styles.head}>
        <span className={styles.kind} data-testid="mod-kind">
          <span className="visually-hidden">{t.kindLabel}: </span>
          {kindLabel(report.kind)}
        </span>
        <span
          className={`${styles.state} ${styles[`state_${report.status}`] ?? ''}`}
          data-testid="mod-report-status"
        >
          {reportStatusLabel(report.status)}
        </span>
        <h3 id={titleId} className={styles.title}>
          {t.heading(target)}
        </h3>
      </div>

      <div className={styles.body}>
        <dl className={styles.facts}>
          <div>
            <dt>{t.when}</dt>
            <dd>
              <time dateTime={report.created.replace(' ', 'T')}>{formatWhen(report.created)}</time>
            </dd>
          </div>
          <div>
            <dt>{t.reporter}</dt>
            <dd data-testid="mod-reporter">{fanName(report.reporter)}</dd>
          </div>
          <div>
            <dt>{t.target}</dt>
            <dd data-testid="mod-target">
              {target}{' '}
              <span
                className={`${styles.standing} ${styles[`standing_${standing}`] ?? ''}`}
                data-testid="mod-standing"
                data-standing={standing}
              >
                {standingLabel(report.target)}
              </span>
              {why ? <span className={styles.sub}>{why}</span> : null}
              {report.target.exists ? (
                <button
                  type="button"
                  className={styles.textButton}
                  aria-describedby={titleId}
                  onClick={() => onLookup(report.target.id)}
                  data-testid="mod-lookup-open"
                >
                  {t.lookup.row}
                </button>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>{t.reason}</dt>
            <dd data-testid="mod-reason">{report.reason}</dd>
          </div>
        </dl>

        <div className={styles.evidenceCol}>
          {/* a report of a fan has no item: no evidence either, unless it kept some */}
          {report.kind === 'fan' && !report.evidence && !report.evidencePhoto ? null : (
            <div className={styles.block}>
              <p className={styles.blockTitle}>{t.evidence}</p>
              <p className={styles.quote} data-testid="mod-evidence">
                {report.evidence || t.noEvidence}
              </p>
              {report.evidencePhoto ? (
                sign ? (
                  <img
                    className={styles.photo}
                    src={sign(report.evidencePhoto)}
                    alt={t.evidencePhotoAlt(target)}
                    loading="lazy"
                    data-testid="mod-evidence-photo"
                  />
                ) : (
                  <p className={styles.sub}>{t.evidencePhotoAlt(target)}</p>
                )
              ) : null}
            </div>
          )}
          {item ? (
            <div className={styles.block}>
              <p className={styles.blockTitle}>
                {t.current}
                {item.exists && item.hidden ? (
                  <span className={`${styles.state} ${styles.state_hidden}`}>{t.hidden}</span>
                ) : null}
              </p>
              {item.exists ? (
                <>
                  <p className={styles.quote} data-testid="mod-current">
                    {item.text || t.noText}
                  </p>
                  {item.hidden && item.hiddenReason ? (
                    <p className={styles.sub}>{t.hiddenReason(item.hiddenReason)}</p>
                  ) : null}
                  {item.collection === 'exchangeList' && item.photoCard ? (
                    <Link
                      to="/exchangeDetail/$id"
                      params={{ id: item.photoCard }}
                      className={styles.link}
                      data-testid="mod-item-link"
                    >
                      {t.openPost}
                    </Link>
                  ) : item.collection === 'comments' && item.meetUp ? (
                    <Link
                      to="/meetupDetail/$id"
                      params={{ id: item.meetUp }}
                      className={styles.link}
                      data-testid="mod-item-link"
                    >
                      {t.openComment}
                    </Link>
                  ) : null}
                </>
              ) : (
                <p className={styles.quote} data-testid="mod-current">
                  {t.deleted}
                </p>
              )}
            </div>
          ) : null}
        </div>
      </div>

      {report.status !== 'open' ? (
        <dl className={`${styles.facts} ${styles.handled}`} data-testid="mod-handled">
          <div>
            <dt>{t.handled}</dt>
            <dd data-testid="mod-outcome">{outcomeLabel(report)}</dd>
          </div>
          <div>
            <dt>{t.resolution}</dt>
            <dd data-testid="mod-resolution">{report.resolution}</dd>
          </div>
          <div>
            <dt>{t.resolvedBy}</dt>
            <dd>
              {fanName(report.resolvedBy)}
              {report.resolvedAt ? (
                <>
                  {' · '}
                  <time dateTime={report.resolvedAt.replace(' ', 'T')}>
                    {formatWhen(report.resolvedAt)}
                  </time>
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      ) : null}

      <div className={styles.actionRows}>
        <div className={panels.actions} role="group" aria-label={t.reportActions}>
          {onReport.map(button)}
        </div>
        {onFan.length ? (
          <div className={panels.actions} role="group" aria-label={t.fanActions(target)}>
            {onFan.map(button)}
          </div>
        ) : null}
      </div>

      {acting ? (
        <ActionForm
          key={acting}
          action={acting}
          subject={{ fan: report.target, report }}
          onCancel={() => setActing(null)}
          onDone={() => {
            setActing(null);
            onChanged();
          }}
        />
      ) : null}
    </li>
  );
}
