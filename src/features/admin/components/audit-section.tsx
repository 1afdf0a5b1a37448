import { useEffect, useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import {
  auditChanges,
  listAdmins,
  listAudit,
  refusalOf,
  SUPERUSER,
  type AdminAccount,
  type AuditChanges,
  type AuditEntry,
  type AuditFilter,
} from '@/features/admin/api';
import {
  actionLabel,
  actionNouns,
  actorLabel,
  collectionLabel,
  diffFields,
  fieldLabel,
  formatValue,
  formatWhen,
} from '@/features/admin/audit-format';
import { koAdmin } from '@/features/admin/ko';
import panels from '@/components/ui/panels.module.css';
import { LoadFailed } from './load-failed';
import styles from './admin.module.css';
import { ListEnd } from './list-end';

const t = koAdmin.audit;

interface Listed {
  /** The filter the entries answer. */
  key: string;
  items: AuditEntry[];
  more: boolean;
}

const keyOf = (f: AuditFilter) => `${f.noun}|${f.actor}`;

/**
 * 감사 기록 (docs/operators.md, The audit log): every admin action, newest first, 50 at a time
 * (더 보기 asks for the next 50 after the last one shown), narrowed by the kind of action and by
 * admin. Each entry says when, who, what, on which record and why; its changes (the fields that
 * differ between before and after) are read when opened. Read-only: nobody can change an entry.
 */
export function AuditSection() {
  const [filter, setFilter] = useState<AuditFilter>({ noun: '', actor: '' });
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<Listed | null>(null);
  const [failed, setFailed] = useState(false);
  const [admins, setAdmins] = useState<AdminAccount[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = keyOf(filter);

  useEffect(() => {
    let live = true;
    listAudit(filter, null).then(
      (res) => {
        if (!live) return;
        setList({ key: keyOf(filter), items: res.items, more: res.more });
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

  useEffect(() => {
    let live = true;
    listAdmins().then(
      (found) => {
        if (live) setAdmins(found);
      },
      // the filter offers everyone and the superusers without the list
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  async function loadMore() {
    if (!list) return;
    setLoadingMore(true);
    try {
      const next = await listAudit(filter, list.items[list.items.length - 1] ?? null);
      if (keyOf(filter) === list.key) {
        setList({ key: list.key, items: [...list.items, ...next.items], more: next.more });
      }
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.loadFailed).message);
    } finally {
      setLoadingMore(false);
    }
  }

  // entries of another filter stay until the new ones come (no flash of an empty list)
  const current = list && list.key === key ? list : null;

  return (
    <div className={styles.sectionBody}>
      <p className={styles.intro}>{t.intro}</p>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="audit-action" className={styles.label}>
            {t.actionFilter}
          </label>
          <select
            id="audit-action"
            className={styles.input}
            value={filter.noun}
            onChange={(e) => setFilter({ ...filter, noun: e.target.value })}
            data-testid="audit-action-filter"
          >
            <option value="">{t.allActions}</option>
            {actionNouns().map((n) => (
              <option key={n.noun} value={n.noun}>
                {n.label}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="audit-actor" className={styles.label}>
            {t.actorFilter}
          </label>
          <select
            id="audit-actor"
            className={styles.input}
            value={filter.actor}
            onChange={(e) => setFilter({ ...filter, actor: e.target.value })}
            data-testid="audit-actor-filter"
          >
            <option value="">{t.allActors}</option>
            {admins.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name || a.id}
              </option>
            ))}
            <option value={SUPERUSER}>{t.superuser}</option>
          </select>
        </div>
      </div>

      {failed && current === null ? (
        <LoadFailed onRetry={() => setVersion((v) => v + 1)} />
      ) : list === null ? (
        <p className={styles.status} role="status">
          {koAdmin.loading}
        </p>
      ) : (
        <div aria-busy={current === null} className={current === null ? styles.stale : undefined}>
          {list.items.length === 0 ? (
            <p className={styles.status} data-testid="audit-empty">
              {t.empty}
            </p>
          ) : (
            <ul className={styles.rows} aria-label={t.listLabel} data-testid="audit-list">
              {list.items.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
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
            testId="audit-more"
          />
        </div>
      )}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const what = actionLabel(entry.action);
  return (
    <li className={styles.auditRow} data-testid="audit-row" data-action={entry.action}>
      <dl className={styles.facts}>
        <div>
          <dt>{t.when}</dt>
          <dd>
            <time dateTime={entry.created.replace(' ', 'T')}>{formatWhen(entry.created)}</time>
          </dd>
        </div>
        <div>
          <dt>{t.who}</dt>
          <dd data-testid="audit-actor">{actorLabel(entry)}</dd>
        </div>
        <div>
          <dt>{t.what}</dt>
          <dd data-testid="audit-action">{what}</dd>
        </div>
        <div>
          <dt>{t.target}</dt>
          <dd data-testid="audit-target">
            {collectionLabel(entry.targetCollection)}
            {entry.targetId ? <span className={styles.id}> {entry.targetId}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t.reason}</dt>
          <dd data-testid="audit-reason">{entry.reason || t.noReason}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={`${panels.button} ${styles.toggle}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="audit-toggle"
      >
        {open ? t.hideChanges : t.showChanges}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? <Changes id={entry.id} label={t.changesLabel(what)} /> : null}
      </div>
    </li>
  );
}

/** The fields an entry's action changed, read when the entry is opened. */
function Changes({ id, label }: { id: string; label: string }) {
  const [changes, setChanges] = useState<AuditChanges | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    auditChanges(id).then(
      (found) => {
        if (!live) return;
        setChanges(found);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [id, version]);

  if (!changes) {
    return failed ? (
      <LoadFailed onRetry={() => setVersion((v) => v + 1)} />
    ) : (
      <p className={styles.status} role="status">
        {koAdmin.loading}
      </p>
    );
  }
  const fields = diffFields(changes.before, changes.after);
  if (fields.length === 0) {
    return (
      <p className={styles.status} data-testid="audit-diff-none">
        {t.noChanges}
      </p>
    );
  }
  return (
    <div className={styles.diffWrap}>
      <table className={styles.diff} data-testid="audit-diff">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t.field}</th>
            <th scope="col">{t.before}</th>
            <th scope="col">{t.after}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((c) => (
            <tr key={c.field} data-testid="audit-diff-row" data-field={c.field}>
              <th scope="row">{fieldLabel(c.field)}</th>
              <td data-testid="audit-diff-before">{formatValue(c.before)}</td>
              <td data-testid="audit-diff-after">{formatValue(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
