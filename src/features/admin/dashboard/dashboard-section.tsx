/**
 * 오늘 현황, the console's first section (docs/operators.md, The dashboard): today's figures (the
 * Korean calendar day's) as labelled tiles, read from GET /api/pocamarket/admin/dashboard when the
 * section opens and again on 새로고침, with the time the server read them. 열린 제보 leads to the
 * report queue (/admin/reports), 처리 전 신고 to moderation (/admin/moderation). A figure that
 * signals trouble (alerts that failed to go out, changes devices set aside as dead letters) is
 * marked in words and an icon as well as colour when it is not zero; the dead letters are listed
 * per outbox kind, by the Korean name the fans' pending list gives each kind.
 */
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { AlertTriangleIcon, RefreshIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { MUTATION_KINDS } from '@/domains/tables/kinds';
import { refusalOf } from '@/features/admin/api';
import { LoadFailed } from '@/features/admin/components/load-failed';
import { koAdmin } from '@/features/admin/ko';
import panels from '@/components/ui/panels.module.css';
import shared from '@/features/admin/components/admin.module.css';
import { readDashboard, type Dashboard } from './api';
import { koDashboard } from './ko';
import styles from './dashboard.module.css';

const t = koDashboard;

type FigureId = keyof typeof t.figures;

interface Figure {
  id: FigureId;
  value: number;
  /** Not zero where zero is the healthy state: marked as needing a look. */
  trouble: boolean;
  /** The section that deals with it. */
  link?: { section: string; label: string };
}

function figuresOf(d: Dashboard): Figure[] {
  return [
    { id: 'newFans', value: d.newFans, trouble: false },
    { id: 'posts', value: d.posts, trouble: false },
    { id: 'tradesCompleted', value: d.tradesCompleted, trouble: false },
    {
      id: 'informUs',
      value: d.openReports.informUs,
      trouble: false,
      link: { section: 'reports', label: t.toReports },
    },
    {
      id: 'chatReports',
      value: d.openReports.chatReports,
      trouble: false,
      link: { section: 'moderation', label: t.toModeration },
    },
    { id: 'pushesFailing', value: d.pushesFailing, trouble: d.pushesFailing > 0 },
    { id: 'deadLetters', value: d.deadLetters.total, trouble: d.deadLetters.total > 0 },
  ];
}

const count = (n: number) => n.toLocaleString('ko-KR');

/** The server's time stamp as '오후 3:05:12' (the device's time zone). */
function timeOf(stamp: string): string {
  const ms = Date.parse(stamp.replace(' ', 'T'));
  if (Number.isNaN(ms)) return stamp;
  return new Date(ms).toLocaleTimeString('ko-KR', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** An outbox kind's Korean name (the one the fans' list of pending changes shows), else its id. */
function kindName(kind: string): string {
  if (kind === 'other') return t.otherKind;
  return MUTATION_KINDS.get(kind)?.label ?? kind;
}

export function DashboardSection() {
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readDashboard().then(
      (found) => {
        if (live) setData(found);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  async function refresh() {
    setBusy(true);
    try {
      setData(await readDashboard());
      setFailed(false);
    } catch (err) {
      // the figures read before stay on screen; the first read's failure is said in their place
      if (data) toast.error(refusalOf(err, t.refreshFailed).message);
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={shared.sectionBody}>
      <div className={shared.toolbar}>
        <p className={shared.intro}>{t.intro(data?.day ?? '')}</p>
        <div className={styles.refresh}>
          {data ? (
            <p className={styles.readAt}>
              {t.readAt}{' '}
              <time dateTime={data.at.replace(' ', 'T')} data-testid="dashboard-read-at">
                {timeOf(data.at)}
              </time>
            </p>
          ) : null}
          <button
            type="button"
            className={panels.button}
            onClick={() => void refresh()}
            disabled={busy}
            data-testid="dashboard-refresh"
          >
            <RefreshIcon size={18} />
            {t.refresh}
          </button>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {busy ? t.refreshing : ''}
      </p>

      {data ? (
        <>
          <dl
            className={`${styles.tiles} ${busy ? shared.stale : ''}`}
            aria-label={t.figuresLabel}
            aria-busy={busy}
            data-testid="dashboard-figures"
            data-at={data.at}
          >
            {figuresOf(data).map((f) => (
              <FigureTile key={f.id} figure={f} />
            ))}
          </dl>
          <DeadLetters byKind={data.deadLetters.byKind} />
        </>
      ) : failed && !busy ? (
        <LoadFailed onRetry={() => void refresh()} />
      ) : (
        <p className={shared.status} role="status">
          {koAdmin.loading}
        </p>
      )}
    </div>
  );
}

function FigureTile({ figure: f }: { figure: Figure }) {
  const { label, hint } = t.figures[f.id];
  return (
    <div
      className={`${styles.tile} ${f.trouble ? styles.trouble : ''}`}
      data-testid="dashboard-figure"
      data-figure={f.id}
      data-value={f.value}
      data-trouble={f.trouble ? 'true' : undefined}
    >
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value} data-testid="dashboard-value">
        {count(f.value)}
      </dd>
      {f.trouble ? (
        <dd className={styles.flag} data-testid="dashboard-trouble">
          <AlertTriangleIcon size={16} />
          {t.trouble}
        </dd>
      ) : null}
      <dd className={styles.hint}>{hint}</dd>
      {f.link ? (
        <dd>
          <Link
            to="/admin/{-$section}"
            params={{ section: f.link.section }}
            className={styles.link}
            data-testid={`dashboard-link-${f.link.section}`}
          >
            {f.link.label}
          </Link>
        </dd>
      ) : null}
    </div>
  );
}

function DeadLetters({ byKind }: { byKind: Dashboard['deadLetters']['byKind'] }) {
  return (
    <section className={panels.panel} aria-labelledby="dashboard-dead-title">
      <h3 id="dashboard-dead-title" className={panels.panelTitle}>
        {t.deadTitle}
      </h3>
      {byKind.length === 0 ? (
        <p className={shared.meta} data-testid="dashboard-dead-none">
          {t.deadNone}
        </p>
      ) : (
        <table className={styles.table} data-testid="dashboard-dead-letters">
          <thead>
            <tr>
              <th scope="col">{t.kind}</th>
              <th scope="col" className={styles.num}>
                {t.count}
              </th>
            </tr>
          </thead>
          <tbody>
            {byKind.map(({ kind, n }) => {
              const name = kindName(kind);
              return (
                <tr key={kind} data-testid="dashboard-dead-kind" data-kind={kind}>
                  <th scope="row">
                    <span data-testid="dashboard-dead-name">{name}</span>
                    {name !== kind ? <span className={styles.kindId}>{kind}</span> : null}
                  </th>
                  <td className={styles.num} data-testid="dashboard-dead-count">
                    {count(n)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
