/**
 * 그룹 관리 in the 카탈로그 section (docs/operators.md, Catalogue management): pick a group to
 * edit, or start a new one; its Latin name (unique), Korean name and logo. `cardCount` is the
 * triggers' and is never sent. Renaming a group rewrites its cards' search keys on the server.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { koAdmin } from '@/features/admin/ko';
import { refusalOf, type Refusal } from '@/features/admin/api';
import { FormActions } from '@/features/admin/components/form-actions';
import admin from '@/features/admin/components/admin.module.css';
import panels from '@/components/ui/panels.module.css';
import { getGroup, groupLogoUrl, saveGroup, type AdminGroup, type GroupDetail } from './api';
import { IMAGE_ACCEPT, imageProblem } from './card-form';
import { koCatalogue as t } from './ko';
import styles from './catalogue.module.css';

export function GroupPanel({
  groups,
  onSaved,
}: {
  groups: readonly AdminGroup[];
  onSaved: (group: AdminGroup, created: boolean) => void;
}) {
  const uid = useId();
  const [picked, setPicked] = useState('');
  const [editing, setEditing] = useState<GroupDetail | 'new' | null>(null);
  const [loading, setLoading] = useState(false);

  async function openPicked() {
    if (!picked) return;
    setLoading(true);
    try {
      setEditing(await getGroup(picked));
    } catch (err) {
      toast.error(refusalOf(err, koAdmin.loadFailed).message);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section
      className={panels.panel}
      aria-labelledby={`${uid}-title`}
      data-testid="catalogue-groups"
    >
      <h3 id={`${uid}-title`} className={panels.panelTitle}>
        {t.groupsTitle}
      </h3>
      <p className={styles.note}>{t.groupsIntro}</p>
      <div className={styles.groupPick}>
        <div className={admin.field}>
          <label htmlFor={`${uid}-pick`} className={admin.label}>
            {t.pickGroup}
          </label>
          <select
            id={`${uid}-pick`}
            className={admin.input}
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
            data-testid="catalogue-group-pick"
          >
            <option value="">{t.chooseGroup}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {t.groupOption(g.groupName, g.groupNameKo, g.cardCount)}
              </option>
            ))}
          </select>
        </div>
        <div className={panels.actions}>
          <button
            type="button"
            className={panels.button}
            disabled={!picked || loading}
            onClick={() => void openPicked()}
            data-testid="catalogue-group-edit"
          >
            {t.editGroup}
          </button>
          <button
            type="button"
            className={panels.button}
            onClick={() => setEditing('new')}
            data-testid="catalogue-group-new"
          >
            {t.newGroup}
          </button>
        </div>
      </div>
      {editing !== null ? (
        <GroupForm
          key={editing === 'new' ? 'new' : editing.id}
          group={editing === 'new' ? null : editing}
          onSaved={(saved, created) => {
            setEditing(null);
            setPicked(saved.id);
            onSaved(saved, created);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}

const GROUP_FIELDS = ['groupName', 'groupNameKo', 'logoImage'];

function GroupForm({
  group,
  onSaved,
  onCancel,
}: {
  group: GroupDetail | null;
  onSaved: (group: AdminGroup, created: boolean) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const [name, setName] = useState(group?.groupName ?? '');
  const [nameKo, setNameKo] = useState(group?.groupNameKo ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);

  const errorOf = (field: string): string | null => local[field] ?? refusal?.fields[field] ?? null;
  const formError =
    refusal && !Object.keys(refusal.fields).some((f) => GROUP_FIELDS.includes(f))
      ? refusal.message
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const trimmed = name.trim();
    if (!trimmed) found['groupName'] = t.needGroupName;
    else if (Array.from(trimmed).length > 100) found['groupName'] = t.groupNameLong;
    if (Array.from(nameKo.trim()).length > 100) found['groupNameKo'] = t.groupNameLong;
    const logoProblem = imageProblem(logo, 1);
    if (logoProblem) found['logoImage'] = logoProblem;
    setLocal(found);
    setRefusal(null);
    if (Object.keys(found).length) {
      const first = GROUP_FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    if (!group || trimmed !== group.groupName) form.append('groupName', trimmed);
    if (!group || nameKo.trim() !== group.groupNameKo) form.append('groupNameKo', nameKo.trim());
    if (logo) form.append('logoImage', logo);
    if (group && [...form.keys()].length === 0) {
      toast.success(t.nothingChanged);
      onCancel();
      return;
    }
    setSaving(true);
    try {
      const saved = await saveGroup(group?.id ?? null, form);
      toast.success(group ? t.groupUpdated : t.groupCreated);
      onSaved(saved, !group);
    } catch (err) {
      setRefusal(refusalOf(err, koAdmin.failed));
    } finally {
      setSaving(false);
    }
  }

  const describedBy = (field: string, hint = false) =>
    [hint ? `${uid}-${field}-hint` : '', errorOf(field) ? `${uid}-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const error = (field: string) => {
    const message = errorOf(field);
    return message ? (
      <p
        id={`${uid}-${field}-error`}
        className={admin.fieldError}
        role="alert"
        data-testid={`catalogue-group-error-${field}`}
      >
        {message}
      </p>
    ) : null;
  };

  return (
    <form
      className={styles.formGrid}
      aria-labelledby={`${uid}-heading`}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="catalogue-group-form"
    >
      <h4 id={`${uid}-heading`} className={`${panels.subTitle} ${styles.span}`}>
        {group ? `${t.groupFormEdit}: ${group.groupName}` : t.groupFormNew}
      </h4>
      <div className={admin.field}>
        <label htmlFor={`${uid}-groupName`} className={admin.label}>
          {t.groupName}
        </label>
        <input
          id={`${uid}-groupName`}
          className={admin.input}
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errorOf('groupName') ? true : undefined}
          aria-describedby={describedBy('groupName')}
          autoComplete="off"
          autoFocus
          data-testid="catalogue-group-name"
        />
        {error('groupName')}
      </div>
      <div className={admin.field}>
        <label htmlFor={`${uid}-groupNameKo`} className={admin.label}>
          {t.groupNameKo}
        </label>
        <input
          id={`${uid}-groupNameKo`}
          className={admin.input}
          value={nameKo}
          onChange={(e) => setNameKo(e.target.value)}
          aria-invalid={errorOf('groupNameKo') ? true : undefined}
          aria-describedby={describedBy('groupNameKo')}
          autoComplete="off"
          data-testid="catalogue-group-name-ko"
        />
        {error('groupNameKo')}
      </div>
      <div className={admin.field}>
        <label htmlFor={`${uid}-logoImage`} className={admin.label}>
          {t.logoImage}
        </label>
        {group?.logoImage ? (
          <div className={styles.preview}>
            <img
              className={styles.previewLogo}
              src={groupLogoUrl(group.id, group.logoImage)}
              alt={`${t.currentImage}: ${t.logoImage}`}
              width={48}
              height={48}
            />
          </div>
        ) : null}
        <input
          id={`${uid}-logoImage`}
          type="file"
          accept={IMAGE_ACCEPT}
          className={styles.fileInput}
          onChange={(e) => {
            setLogo(e.target.files?.[0] ?? null);
            setLocal((l) => {
              const rest = { ...l };
              delete rest['logoImage'];
              return rest;
            });
          }}
          aria-invalid={errorOf('logoImage') ? true : undefined}
          aria-describedby={describedBy('logoImage', true)}
          data-testid="catalogue-group-logo"
        />
        <p id={`${uid}-logoImage-hint`} className={styles.hint}>
          {t.logoHint}
        </p>
        {error('logoImage')}
      </div>
      <FormActions
        error={formError}
        errorTestId="catalogue-group-form-error"
        onCancel={onCancel}
        cancelLabel={t.cancel}
        busy={saving}
        submitLabel={group ? t.save : t.create}
        busyLabel={t.saving}
        tone="primary"
        submitTestId="catalogue-group-save"
        className={styles.span}
      />
    </form>
  );
}
