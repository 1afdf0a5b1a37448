/**
 * 신고 in the console (docs/operators.md, Moderation): the queue of fans' reports of a message, an
 * exchange post, a meetup comment or a fan, 30 a page (처리 전, 처리 완료 or 전체; 더 보기 reads the
 * next page), each with its evidence and the reported fan's standing, and the admins' actions on
 * it (./report-card.tsx). After an action the pages shown are read again, so every row says what
 * the server now holds.
 */
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { refusalOf } from '@/features/admin/api';
import { LoadFailed } from '@/features/admin/components/load-failed';
import { koAdmin } from '@/features/admin/ko';
import panels from '@/components/ui/panels.module.css';
import admin from '@/features/admin/components/admin.module.css';
import {
  fileSigner,
  listReports,
  QUEUE_STATUSES,
  type ModerationReport,
  type QueueStatus,
} from './api';
import { koModeration } from './ko';
import { FanLookup } from './fan-lookup';
import { ReportCard } from './report-card';
import styles from './moderation.module.css';
import { ListEnd } from '@/features/admin/components/list-end';

const t = koModeration;

interface Listed {
  /** The filter the reports answer. */
  status: QueueStatus;
  items: ModerationReport[];
  /** How many pages are shown. */
  pages: number;
  totalItems: number;
  totalPages: number;
}

interface Query {
  status: QueueStatus;
  /** How many pages to read (1 for a new filter; the pages shown for a reload). */
  pages: number;
  version: number;
}

/** Appends reports not listed yet (a report may move between pages as others are handled). */
function merge(items: ModerationReport[], more: ModerationReport[]): ModerationReport[] {
  const seen = new Set(items.map((r) => r.id));
  return [...items, ...more.filter((r) => !seen.has(r.id))];
}

/** The first `pages` pages of the queue, read one after another. */
async function readPages(status: QueueStatus, pages: number): Promise<Listed> {
  let items: ModerationReport[] = [];
  let totalItems = 0;
  let totalPages = 0;
  for (let page = 1; page <= pages; page++) {
    const res = await listReports(status, page);
    items = merge(items, res.items);
    totalItems = res.totalItems;
    totalPages = res.totalPages;
    if (page >= res.totalPages) break;
  }
  return { status, items, pages: Math.max(1, Math.min(pages, totalPages)), totalItems, totalPages };
}

export function ModerationSection() {
  const [query, setQuery] = useState<Query>({ status: 'open', pages: 1, version: 0 });
  const [list, setList] = useState<Listed | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [sign, setSign] = useState<((path: string) => string) | null>(null);
  // 회원 조회: closed (null), or open on a fan's id ('' for none yet); `n` opens it anew
  const [lookup, setLookup] = useState<{ id: string; n: number } | null>(null);
  const openLookup = (id: string) => setLookup((l) => ({ id, n: (l?.n ?? 0) + 1 }));

  useEffect(() => {
    let live = true;
    readPages(query.status, query.pages).then(
      (res) => {
        if (!live) return;
        setList(res);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [query]);

  // one file token for the evidence photos, asked for when a report first has one
  const needsToken = !sign && !!list?.items.some((r) => r.evidencePhoto);
  useEffect(() => {
    if (!needsToken) return;
    let live = true;
    fileSigner().then(
      (signer) => {
        if (live) setSign(() => signer);
      },
      // the photos show their alt text; the rest of the report is there
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needsToken]);

  const reload = () =>
    setQuery((q) => ({
      status: q.status,
      pages: list && list.status === q.status ? list.pages : 1,
      version: q.version + 1,
    }));

  async function loadMore() {
    if (!list) return;
    setLoadingMore(true);
    try {
      const next = await listReports(list.status, list.pages + 1);
      setList((current) =>
        current && current.status === list.status
          ? {
              ...current,
              items: merge(current.items, next.items),
              pages: current.pages + 1,
              totalItems: next.totalItems,
              totalPages: next.totalPages,
            }
          : current,
      );
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.loadFailed).message);
    } finally {
      setLoadingMore(false);
    }
  }

  // reports of another filter stay (dimmed) until the new ones come: no flash of an empty list
  const current = list && list.status === query.status ? list : null;

  return (
    <div className={admin.sectionBody}>
      <p className={admin.intro}>{t.intro}</p>
      <div className={styles.toolbar}>
        <div className={styles.filter}>
          <div className={admin.field}>
            <label htmlFor="mod-status" className={admin.label}>
              {t.statusFilter}
            </label>
            <select
              id="mod-status"
              className={`${admin.input} ${styles.select}`}
              value={query.status}
              onChange={(e) =>
                setQuery((q) => ({
                  status: e.target.value as QueueStatus,
                  pages: 1,
                  version: q.version + 1,
                }))
              }
              data-testid="mod-status-filter"
            >
              {QUEUE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t.statuses[s]}
                </option>
              ))}
            </select>
          </div>
          {current ? (
            <p className={styles.count} role="status" data-testid="mod-count">
              {t.statuses[current.status]} {t.count(current.totalItems)}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className={panels.button}
          aria-expanded={lookup !== null}
          onClick={() => (lookup ? setLookup(null) : openLookup(''))}
          data-testid="mod-lookup-toggle"
        >
          {t.lookup.open}
        </button>
      </div>

      {lookup ? (
        <FanLookup
          key={lookup.n}
          initialId={lookup.id}
          onClose={() => setLookup(null)}
          onChanged={reload}
        />
      ) : null}

      {failed && current === null ? (
        <LoadFailed onRetry={reload} />
      ) : list === null ? (
        <p className={admin.status} role="status">
          {koAdmin.loading}
        </p>
      ) : (
        <div
          aria-busy={current === null}
          className={current === null ? `${styles.list} ${admin.stale}` : styles.list}
        >
          {list.items.length === 0 ? (
            <p className={admin.status} data-testid="mod-empty">
              {t.empty[list.status]}
            </p>
          ) : (
            <ul className={admin.rows} aria-label={t.listLabel} data-testid="mod-list">
              {list.items.map((report) => (
                <ReportCard
                  key={report.id}
                  report={report}
                  sign={sign}
                  onChanged={reload}
                  onLookup={openLookup}
                />
              ))}
            </ul>
          )}
          <ListEnd
            more={!!current && current.pages < current.totalPages}
            shown={!!current && current.items.length > 0}
            loading={loadingMore}
            onMore={() => void loadMore()}
            moreLabel={t.more}
            endLabel={t.end}
            testId="mod-more"
          />
        </div>
      )}
    </div>
  );
}
