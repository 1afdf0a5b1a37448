import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { toast } from '@/components/ui/toast';
import { withFileToken } from '@/data/pb/files';
import { refusalOf } from '@/features/admin/api';
import { formatWhen } from '@/features/admin/audit-format';
import { LoadFailed } from '@/features/admin/components/load-failed';
import { koAdmin } from '@/features/admin/ko';
import panels from '@/components/ui/panels.module.css';
import admin from '@/features/admin/components/admin.module.css';
import {
  fileToken,
  listReports,
  reportHandling,
  type Handling,
  type QueueFilter,
  type QueueReport,
} from './api';
import { CardPanel } from './card-form';
import { koReports as t } from './ko';
import { MeetupPanel } from './meetup-form';
import { RejectForm } from './reject-form';
import styles from './reports.module.css';
import { ListEnd } from '@/features/admin/components/list-end';

const FILTERS: readonly QueueFilter[] = ['open', 'published', 'rejected', 'all'];

interface Listed {
  /** The filter the reports answer. */
  filter: QueueFilter;
  items: QueueReport[];
  /** The last page read. */
  page: number;
  more: boolean;
  /**
   * Reports handled or gone here since the last page was read: the server's pages (offsets) have
   * moved by as many, so the next 더 보기 reads the last page again too and misses none.
   */
  moved: number;
}

/**
 * 제보 (docs/operators.md, The report queue): the fans' reports, open ones first, 50 a page, with
 * their images (protected files: one file token for all), who sent them and when, what they say
 * and how they were handled. An open report is published (검토해서 등록: a draft card or event,
 * pre-filled, with the near-duplicate cards shown) or rejected with a reason; either way the row
 * shows the outcome at once and the fan gets an alert. A report another admin handled meanwhile
 * shows the server's words and its row is read again.
 */
export function ReportsSection() {
  const [filter, setFilter] = useState<QueueFilter>('open');
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<Listed | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [token, setToken] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([listReports(filter, 1), fileToken().catch(() => '')]).then(
      ([res, tok]) => {
        if (!live) return;
        setList({ filter, items: res.items, page: 1, more: res.more, moved: 0 });
        setOpen(res.open);
        setToken(tok);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [filter, version]);

  async function loadMore() {
    if (!list) return;
    setLoadingMore(true);
    try {
      const pages = list.moved > 0 ? [list.page, list.page + 1] : [list.page + 1];
      const [tok, answers] = await Promise.all([
        fileToken().catch(() => ''),
        Promise.all(pages.map((p) => listReports(list.filter, p))),
      ]);
      const last = answers[answers.length - 1];
      if (!last) return;
      setToken(tok);
      setOpen(last.open);
      setList((cur) => {
        if (!cur || cur.filter !== list.filter) return cur;
        const seen = new Set(cur.items.map((r) => r.id));
        const fresh = answers
          .flatMap((a) => a.items)
          .filter((r) => {
            if (seen.has(r.id)) return false;
            seen.add(r.id);
            return true;
          });
        return {
          ...cur,
          items: [...cur.items, ...fresh],
          page: list.page + 1,
          more: last.more,
          moved: 0,
        };
      });
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.loadFailed).message);
    } finally {
      setLoadingMore(false);
    }
  }

  /** A row's new handling (published, rejected: by this admin or another). */
  function changed(id: string, handling: Handling) {
    const before = list?.items.find((r) => r.id === id);
    if (before?.status === 'open' && handling.status !== 'open') {
      setOpen((n) => (n === null ? n : Math.max(0, n - 1)));
    }
    setList(
      (cur) =>
        cur && {
          ...cur,
          items: cur.items.map((r) => (r.id === id ? { ...r, ...handling } : r)),
          moved: cur.moved + 1,
        },
    );
  }

  function gone(id: string) {
    const before = list?.items.find((r) => r.id === id);
    if (before?.status === 'open') setOpen((n) => (n === null ? n : Math.max(0, n - 1)));
    setList(
      (cur) => cur && { ...cur, items: cur.items.filter((r) => r.id !== id), moved: cur.moved + 1 },
    );
  }

  /** The server says the report was handled meanwhile (or is gone): its row as it is now. */
  async function stale(id: string, kind: 'handled' | 'gone') {
    if (kind === 'gone') return gone(id);
    try {
      const handling = await reportHandling(id);
      if (handling) changed(id, handling);
      else gone(id);
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.loadFailed).message);
    }
  }

  const current = list && list.filter === filter ? list : null;

  return (
    <div className={admin.sectionBody}>
      <p className={admin.intro}>{t.intro}</p>
      <div className={styles.toolbar}>
        <div className={admin.field}>
          <label htmlFor="admin-reports-filter" className={admin.label}>
            {t.filterLabel}
          </label>
          <select
            id="admin-reports-filter"
            className={admin.input}
            value={filter}
            onChange={(e) => setFilter(e.target.value as QueueFilter)}
            data-testid="admin-reports-filter"
          >
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {t.filters[f]}
              </option>
            ))}
          </select>
        </div>
        {open !== null ? (
          <p className={styles.openCount} role="status" data-testid="admin-reports-open-count">
            {t.openCount(open)}
          </p>
        ) : null}
      </div>

      {failed && current === null ? (
        <LoadFailed onRetry={() => setVersion((v) => v + 1)} />
      ) : list === null ? (
        <p className={admin.status} role="status">
          {koAdmin.loading}
        </p>
      ) : (
        <div
          aria-busy={current === null}
          className={current === null ? `${styles.listed} ${admin.stale}` : styles.listed}
        >
          {list.items.length === 0 ? (
            <p className={admin.status} data-testid="admin-reports-empty">
              {list.filter === 'open' ? t.emptyOpen : t.empty}
            </p>
          ) : (
            <ul className={admin.rows} aria-label={t.listLabel} data-testid="admin-report-list">
              {list.items.map((report) => (
                <ReportRow
                  key={report.id}
                  report={report}
                  token={token}
                  onChanged={(h) => changed(report.id, h)}
                  onStale={(kind) => void stale(report.id, kind)}
                />
              ))}
            </ul>
          )}
          <ListEnd
            more={!!current?.more}
            shown={!!current && current.items.length > 0}
            loading={loadingMore}
            onMore={() => void loadMore()}
            moreLabel={t.more}
            endLabel={t.end}
            testId="admin-reports-more"
          />
        </div>
      )}
    </div>
  );
}

/** What a report is about, in a few words: its card, or its meetup's cafe. */
function summaryOf(r: QueueReport): string {
  if (r.type === 'meetup') return [r.cafeName, r.artistName].filter(Boolean).join(' · ');
  const who = [r.group, r.artistName].filter(Boolean).join(' ');
  return [who, r.phocaTitle].filter(Boolean).join(' · ');
}

function ReportRow({
  report,
  token,
  onChanged,
  onStale,
}: {
  report: QueueReport;
  token: string;
  onChanged: (handling: Handling) => void;
  onStale: (kind: 'handled' | 'gone') => void;
}) {
  const [panel, setPanel] = useState<'review' | 'reject' | null>(null);
  const reviewRef = useRef<HTMLButtonElement>(null);
  const rejectRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = `admin-report-${report.id}-title`;
  const summary = summaryOf(report);
  const isOpen = report.status === 'open';

  function close() {
    const back = panel === 'reject' ? rejectRef : reviewRef;
    setPanel(null);
    // focus goes back to the button that opened the form
    requestAnimationFrame(() => back.current?.focus());
  }

  const formProps = {
    report,
    onDone: (h: Handling) => {
      setPanel(null);
      onChanged(h);
    },
    onStale: (kind: 'handled' | 'gone') => {
      setPanel(null);
      onStale(kind);
    },
    onCancel: close,
  };

  return (
    <li
      className={styles.row}
      data-testid="admin-report-row"
      data-id={report.id}
      data-status={report.status}
    >
      <div className={styles.summary}>
        <ReportImage path={report.imagePath} token={token} alt={t.imageAlt(summary)} />
        <div className={styles.main}>
          <p className={styles.head}>
            <span className={styles.type}>{t.types[report.type]}</span>
            <span
              className={`${styles.status} ${styles[report.status]}`}
              data-testid="admin-report-status"
            >
              {t.statuses[report.status]}
            </span>
            <span id={titleId} className={styles.title}>
              {summary || t.none}
            </span>
          </p>
          <p className={admin.meta}>
            {t.reportedBy(report.reporter?.username || t.unknownReporter)} ·{' '}
            <time dateTime={report.created.replace(' ', 'T')}>{formatWhen(report.created)}</time>
          </p>
          <Facts report={report} />
          <Outcome report={report} />
          {isOpen ? (
            <div className={panels.actions}>
              <button
                ref={reviewRef}
                type="button"
                className={`${panels.button} ${panel === 'review' ? '' : panels.outline}`}
                aria-expanded={panel === 'review'}
                aria-controls={panelId}
                aria-describedby={titleId}
                onClick={() => setPanel(panel === 'review' ? null : 'review')}
                data-testid="admin-report-review"
              >
                {panel === 'review' ? t.close : t.review}
              </button>
              <button
                ref={rejectRef}
                type="button"
                className={`${panels.button} ${panels.danger}`}
                aria-expanded={panel === 'reject'}
                aria-controls={panelId}
                aria-describedby={titleId}
                onClick={() => setPanel(panel === 'reject' ? null : 'reject')}
                data-testid="admin-report-reject"
              >
                {panel === 'reject' ? t.close : t.reject}
              </button>
            </div>
          ) : null}
        </div>
      </div>
      <div id={panelId} hidden={!isOpen || panel === null}>
        {isOpen && panel === 'review' ? (
          report.type === 'meetup' ? (
            <MeetupPanel {...formProps} />
          ) : (
            <CardPanel {...formProps} />
          )
        ) : null}
        {isOpen && panel === 'reject' ? <RejectForm {...formProps} /> : null}
      </div>
    </li>
  );
}

/** The report's image: a protected file, shown with the section's file token; opens full size. */
function ReportImage({ path, token, alt }: { path: string; token: string; alt: string }) {
  const src = path && token ? withFileToken(path, token) : '';
  const [failedSrc, setFailedSrc] = useState('');
  if (!path) return <span className={`${styles.thumb} ${styles.noImage}`}>{t.noImage}</span>;
  if (!src || failedSrc === src) {
    return <span className={`${styles.thumb} ${styles.noImage}`}>{t.imageFailed}</span>;
  }
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" className={styles.thumbLink}>
      <img
        className={styles.thumb}
        src={src}
        alt={alt}
        onError={() => setFailedSrc(src)}
        data-testid="admin-report-image"
      />
      <span className="visually-hidden"> {t.newTab}</span>
    </a>
  );
}

/** The report's own fields, as the fan wrote them. */
function Facts({ report: r }: { report: QueueReport }) {
  const rows: Array<[string, string, 'link'?]> =
    r.type === 'meetup'
      ? [
          [t.fields.artistName, r.artistName],
          [t.fields.group, r.group],
          [t.fields.cafeName, r.cafeName],
          [t.fields.cafeAddress, r.cafeAddress],
          [t.fields.meetUpDuration, r.meetUpDuration],
          [t.fields.source, r.source, 'link'],
        ]
      : [
          [t.fields.group, r.group],
          [t.fields.artistName, r.artistName],
          [t.fields.phocaTitle, r.phocaTitle],
          [t.fields.phocaType, r.phocaType],
        ];
  return (
    <dl className={styles.facts} data-testid="admin-report-facts">
      {rows.map(([name, value, kind]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>
            {!value ? (
              t.none
            ) : kind === 'link' && /^https?:\/\//i.test(value) ? (
              <a href={value} target="_blank" rel="noopener noreferrer nofollow">
                {value}
                <span className="visually-hidden"> {t.newTab}</span>
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** How the report was handled: the reason the fan was given, or what it became. */
function Outcome({ report: r }: { report: QueueReport }) {
  if (r.status === 'rejected') {
    return (
      <p className={styles.outcome} data-testid="admin-report-outcome">
        <strong>{t.rejectReason}</strong>{' '}
        <span data-testid="admin-report-reject-reason">{r.rejectReason || t.none}</span>
        {r.handledAt ? (
          <span className={styles.when}> · {t.handledAt(formatWhen(r.handledAt))}</span>
        ) : null}
      </p>
    );
  }
  if (r.status !== 'published') return null;
  return (
    <p className={styles.outcome} data-testid="admin-report-outcome">
      {r.publishedCard ? (
        <Link
          to="/exchangeDetail/$id"
          params={{ id: r.publishedCard }}
          className={styles.outcomeLink}
          data-testid="admin-report-published-link"
        >
          {t.publishedCard}
        </Link>
      ) : r.publishedEvent ? (
        <Link
          to="/meetupDetail/$id"
          params={{ id: r.publishedEvent }}
          className={styles.outcomeLink}
          data-testid="admin-report-published-link"
        >
          {t.publishedEvent}
        </Link>
      ) : null}
      {r.handledAt ? (
        <span className={styles.when}> · {t.handledAt(formatWhen(r.handledAt))}</span>
      ) : null}
    </p>
  );
}
