import { useEffect, useState, type FormEvent } from 'react';
import { CountedTextField, charCount } from '@/components/ui/counted-text-field';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/hooks/use-confirm';
import type { Notice } from '@/data/pb/records';
import {
  createNotice,
  deleteNotice,
  listNotices,
  refusalOf,
  updateNotice,
  type Refusal,
} from '@/features/admin/api';
import { formatWhen } from '@/features/admin/audit-format';
import { koAdmin } from '@/features/admin/ko';
import { FormActions } from './form-actions';
import { LoadFailed } from './load-failed';
import panels from '@/components/ui/panels.module.css';
import styles from './admin.module.css';

const t = koAdmin.notices;

interface Listed {
  items: Notice[];
  page: number;
  more: boolean;
}

/**
 * 공지사항 in the console (docs/operators.md, The console; docs/product-rules.md, Notices): the
 * notices as fans see them (pinned first, then newest), a form to write or edit one, 고정 / 고정
 * 해제 and 삭제 (after a confirm). Every change goes straight to the server, which checks it
 * (a refusal shows at its field, in the server's words) and writes its audit entry; fans' devices
 * get it through their sync.
 */
export function NoticesSection() {
  const confirm = useConfirm();
  const [version, setVersion] = useState(0);
  const [list, setList] = useState<Listed | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listNotices(1).then(
      (res) => {
        if (!live) return;
        setList({ items: res.items, page: 1, more: res.more });
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [version]);

  const reload = () => setVersion((v) => v + 1);

  async function loadMore() {
    if (!list) return;
    setBusy('more');
    try {
      const next = await listNotices(list.page + 1);
      const seen = new Set(list.items.map((n) => n.id));
      setList({
        items: [...list.items, ...next.items.filter((n) => !seen.has(n.id))],
        page: list.page + 1,
        more: next.more,
      });
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.loadFailed).message);
    } finally {
      setBusy(null);
    }
  }

  async function togglePin(n: Notice) {
    setBusy(n.id);
    try {
      await updateNotice(n.id, { pinned: !n.pinned });
      toast.success(n.pinned ? t.unpinned : t.pinned);
      reload();
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.failed).message);
    } finally {
      setBusy(null);
    }
  }

  async function remove(n: Notice) {
    const ok = await confirm({
      title: t.deleteTitle,
      message: t.deleteConfirm(n.title),
      confirmLabel: t.delete,
      destructive: true,
    });
    if (!ok) return;
    setBusy(n.id);
    try {
      await deleteNotice(n.id);
      toast.success(t.deleted);
      if (editing !== 'new' && editing?.id === n.id) setEditing(null);
      reload();
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.failed).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.sectionBody}>
      <div className={styles.toolbar}>
        <p className={styles.intro}>{t.intro}</p>
        {editing === null ? (
          <button
            type="button"
            className={`${panels.button} ${panels.primary}`}
            onClick={() => setEditing('new')}
            data-testid="admin-notice-new"
          >
            {t.create}
          </button>
        ) : null}
      </div>

      {editing !== null ? (
        <NoticeForm
          key={editing === 'new' ? 'new' : editing.id}
          notice={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            reload();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}

      {list === null ? (
        failed ? (
          <LoadFailed onRetry={reload} />
        ) : (
          <p className={styles.status} role="status">
            {koAdmin.loading}
          </p>
        )
      ) : list.items.length === 0 ? (
        <p className={styles.status} data-testid="admin-notices-empty">
          {t.empty}
        </p>
      ) : (
        <>
          <ul className={styles.rows} aria-label={t.listLabel} data-testid="admin-notice-list">
            {list.items.map((n) => (
              <li key={n.id} className={styles.noticeRow} data-testid="admin-notice-row">
                <div className={styles.noticeMain}>
                  <p className={styles.noticeTitle} id={`admin-notice-${n.id}`}>
                    {n.pinned ? (
                      <span className={panels.badge} data-testid="admin-notice-pinned">
                        {t.pinnedBadge}
                      </span>
                    ) : null}
                    <span>{n.title}</span>
                  </p>
                  <p className={styles.meta}>{formatWhen(n.published || n.created)}</p>
                </div>
                <div className={panels.actions}>
                  <button
                    type="button"
                    className={panels.button}
                    aria-describedby={`admin-notice-${n.id}`}
                    disabled={busy === n.id}
                    onClick={() => setEditing(n)}
                  >
                    {t.edit}
                  </button>
                  <button
                    type="button"
                    className={panels.button}
                    aria-describedby={`admin-notice-${n.id}`}
                    disabled={busy === n.id}
                    onClick={() => void togglePin(n)}
                  >
                    {n.pinned ? t.unpin : t.pin}
                  </button>
                  <button
                    type="button"
                    className={`${panels.button} ${panels.danger}`}
                    aria-describedby={`admin-notice-${n.id}`}
                    disabled={busy === n.id}
                    onClick={() => void remove(n)}
                  >
                    {t.delete}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {list.more ? (
            <button
              type="button"
              className={`${panels.button} ${styles.more}`}
              disabled={busy === 'more'}
              onClick={() => void loadMore()}
            >
              {t.more}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The write and edit form: the server's refusal shows at its field, nothing is kept. */
function NoticeForm({
  notice,
  onDone,
  onCancel,
}: {
  notice: Notice | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const [pinned, setPinned] = useState(notice?.pinned ?? false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);

  const titleOver = charCount(title) > t.titleMax;
  const bodyOver = charCount(body) > t.bodyMax;
  const titleError = titleOver ? t.titleOver : (refusal?.fields['title'] ?? null);
  const bodyError = refusal?.fields['body'] ?? null;
  // a refusal about no field the form shows (a rate limit, a lost session): said above the buttons
  const formError =
    refusal && !refusal.fields['title'] && !refusal.fields['body'] ? refusal.message : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (titleOver || bodyOver) return;
    setSaving(true);
    setRefusal(null);
    try {
      const draft = { title, body, pinned };
      if (notice) await updateNotice(notice.id, draft);
      else await createNotice(draft);
      toast.success(notice ? t.updated : t.created);
      onDone();
    } catch (err) {
      setRefusal(refusalOf(err, koAdmin.failed));
    } finally {
      setSaving(false);
    }
  }

  const headingId = notice ? `admin-notice-form-${notice.id}` : 'admin-notice-form-new';
  return (
    <form
      className={panels.panel}
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="admin-notice-form"
    >
      <h3 id={headingId} className={panels.panelTitle}>
        {notice ? t.formEdit : t.formNew}
      </h3>
      <div className={styles.field}>
        <label htmlFor="admin-notice-title" className={styles.label}>
          {t.titleLabel}
        </label>
        <input
          id="admin-notice-title"
          className={styles.input}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? 'admin-notice-title-error' : undefined}
          // the form opens on the field the admin came to write
          autoFocus
          data-testid="admin-notice-title"
        />
        {titleError ? (
          <p
            id="admin-notice-title-error"
            className={styles.fieldError}
            role="alert"
            data-testid="admin-notice-title-error"
          >
            {titleError}
          </p>
        ) : null}
      </div>
      <CountedTextField
        id="admin-notice-body"
        label={t.bodyLabel}
        value={body}
        onChange={setBody}
        max={t.bodyMax}
        overMessage={t.bodyOver}
        counterLabel={t.counterLabel}
        error={bodyError}
        rows={8}
        testId="admin-notice-body"
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={pinned}
          onChange={(e) => setPinned(e.target.checked)}
          data-testid="admin-notice-pinned-input"
        />
        {t.pinnedLabel}
      </label>
      <FormActions
        error={formError}
        errorTestId="admin-notice-form-error"
        onCancel={onCancel}
        cancelLabel={t.cancel}
        busy={saving}
        disabled={titleOver || bodyOver}
        submitLabel={notice ? t.save : t.publish}
        busyLabel={t.saving}
        tone="primary"
        submitTestId="admin-notice-save"
      />
    </form>
  );
}
