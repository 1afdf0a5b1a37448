/**
 * The card form of the 카탈로그 section (docs/operators.md, Catalogue management): a new card, or
 * an existing one's group, names, label, release and images. It sends what changed, multipart as
 * any record form (the images go through the same upload checks); the hooks keep the fields that
 * are theirs, set `groupName` from the group, and audit the write. What the server refuses shows
 * at its field; the form checks the plain limits first, in the server's words.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast';
import { koAdmin } from '@/features/admin/ko';
import { refusalOf, type Refusal } from '@/features/admin/api';
import { FormActions } from '@/features/admin/components/form-actions';
import admin from '@/features/admin/components/admin.module.css';
import panels from '@/components/ui/panels.module.css';
import { cardImageUrl, saveCard, type AdminCard, type AdminGroup } from './api';
import { CARD_LABELS, koCatalogue as t } from './ko';
import styles from './catalogue.module.css';

const MB = 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** What is wrong with a picked image before it is sent, or null. */
export function imageProblem(file: File | null, maxMb: number): string | null {
  if (!file) return null;
  if (!IMAGE_TYPES.includes(file.type)) return t.imageType;
  if (file.size > maxMb * MB) return t.imageTooBig(maxMb);
  return null;
}

type TextField = 'memberName' | 'memberNameEn' | 'title' | 'release';

interface Draft {
  group: string;
  memberName: string;
  memberNameEn: string;
  title: string;
  label: string;
  release: string;
}

const draftOf = (card: AdminCard | null): Draft => ({
  group: card?.group ?? '',
  memberName: card?.memberName ?? '',
  memberNameEn: card?.memberNameEn ?? '',
  title: card?.title ?? '',
  label: card?.label ?? '',
  release: card?.release ?? '',
});

/** The form's own checks, per field (the limits of pb_migrations and the hooks' messages). */
function checks(d: Draft): Record<string, string> {
  const out: Record<string, string> = {};
  const len = (s: string) => Array.from(s).length;
  if (!d.group) out['group'] = t.needGroup;
  if (!d.memberName.trim()) out['memberName'] = t.needMember;
  else if (len(d.memberName) > 100) out['memberName'] = t.memberLong;
  if (len(d.memberNameEn) > 100) out['memberNameEn'] = t.memberEnLong;
  if (!d.title.trim()) out['title'] = t.needTitle;
  else if (len(d.title) > 200) out['title'] = t.titleLong;
  if (len(d.release) > 200) out['release'] = t.releaseLong;
  return out;
}

const FORM_FIELDS = [
  'group',
  'groupName',
  'memberName',
  'memberNameEn',
  'title',
  'label',
  'release',
  'cardImg',
  'cardBackImg',
];

export function CardForm({
  card,
  groups,
  defaultGroup,
  onSaved,
  onCancel,
}: {
  /** The card to edit, or null for a new one. */
  card: AdminCard | null;
  groups: readonly AdminGroup[];
  /** A new card's group (the one the list is filtered by). */
  defaultGroup: string;
  onSaved: (saved: AdminCard | null, created: boolean) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const [draft, setDraft] = useState<Draft>(() =>
    card ? draftOf(card) : { ...draftOf(null), group: defaultGroup },
  );
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setLocal((l) => {
      if (!(field in l)) return l;
      const rest = { ...l };
      delete rest[field];
      return rest;
    });
  };

  const errorOf = (field: string): string | null =>
    local[field] ??
    refusal?.fields[field] ??
    (field === 'group' ? (refusal?.fields['groupName'] ?? null) : null);
  const formError =
    refusal && !Object.keys(refusal.fields).some((f) => FORM_FIELDS.includes(f))
      ? refusal.message
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checks(draft);
    const frontProblem = imageProblem(front, 5);
    const backProblem = imageProblem(back, 5);
    if (frontProblem) found['cardImg'] = frontProblem;
    if (backProblem) found['cardBackImg'] = backProblem;
    setLocal(found);
    setRefusal(null);
    if (Object.keys(found).length) {
      // the first field in the wrong: where a keyboard or screen reader user goes next
      const first = FORM_FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`${uid}-${first}`)?.focus();
      return;
    }
    const form = new FormData();
    const before = draftOf(card);
    for (const key of Object.keys(draft) as (keyof Draft)[]) {
      const value = key === 'group' || key === 'label' ? draft[key] : draft[key].trim();
      if (!card || value !== before[key]) form.append(key, value);
    }
    if (front) form.append('cardImg', front);
    if (back) form.append('cardBackImg', back);
    if (card && [...form.keys()].length === 0) {
      toast.success(t.nothingChanged);
      onCancel();
      return;
    }
    setSaving(true);
    try {
      const saved = await saveCard(card?.id ?? null, form);
      toast.success(card ? t.updated : t.created);
      onSaved(saved, !card);
    } catch (err) {
      setRefusal(refusalOf(err, koAdmin.failed));
    } finally {
      setSaving(false);
    }
  }

  const headingId = `${uid}-heading`;
  const field = (name: string, label: string, control: ReactNode, hint?: string) => {
    const error = errorOf(name);
    return (
      <div className={admin.field}>
        <label htmlFor={`${uid}-${name}`} className={admin.label}>
          {label}
        </label>
        {control}
        {hint ? (
          <p id={`${uid}-${name}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p
            id={`${uid}-${name}-error`}
            className={admin.fieldError}
            role="alert"
            data-testid={`catalogue-card-error-${name}`}
          >
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const describedBy = (name: string, hint = false) =>
    [hint ? `${uid}-${name}-hint` : '', errorOf(name) ? `${uid}-${name}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const textInput = (name: TextField) => (
    <input
      id={`${uid}-${name}`}
      className={admin.input}
      value={draft[name]}
      onChange={(e) => set(name, e.target.value)}
      aria-invalid={errorOf(name) ? true : undefined}
      aria-describedby={describedBy(name)}
      autoComplete="off"
      data-testid={`catalogue-card-${name}`}
    />
  );
  const imageInput = (name: 'cardImg' | 'cardBackImg', pick: (f: File | null) => void) => {
    const current = card?.[name] ?? '';
    return (
      <>
        {card && current ? (
          <div className={styles.preview}>
            <img
              className={styles.previewImage}
              src={cardImageUrl(card, current, 160)}
              alt={`${t.currentImage}: ${name === 'cardImg' ? t.cardImg : t.cardBackImg}`}
              width={56}
              height={84}
            />
          </div>
        ) : null}
        <input
          id={`${uid}-${name}`}
          type="file"
          accept={IMAGE_ACCEPT}
          className={styles.fileInput}
          onChange={(e) => {
            pick(e.target.files?.[0] ?? null);
            setLocal((l) => {
              const rest = { ...l };
              delete rest[name];
              return rest;
            });
          }}
          aria-invalid={errorOf(name) ? true : undefined}
          aria-describedby={describedBy(name, true)}
          data-testid={`catalogue-card-${name}`}
        />
      </>
    );
  };

  return (
    <form
      className={panels.panel}
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="catalogue-card-form"
    >
      <h3 id={headingId} className={panels.panelTitle}>
        {card ? t.formEdit : t.formNew}
      </h3>
      <div className={styles.formGrid}>
        {field(
          'group',
          t.group,
          <select
            id={`${uid}-group`}
            className={admin.input}
            value={draft.group}
            onChange={(e) => set('group', e.target.value)}
            aria-invalid={errorOf('group') ? true : undefined}
            aria-describedby={describedBy('group')}
            // the form opens on its first field
            autoFocus
            data-testid="catalogue-card-group"
          >
            <option value="">{t.chooseGroup}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.groupNameKo ? `${g.groupName} (${g.groupNameKo})` : g.groupName}
              </option>
            ))}
          </select>,
        )}
        {field(
          'label',
          t.label,
          <select
            id={`${uid}-label`}
            className={admin.input}
            value={draft.label}
            onChange={(e) => set('label', e.target.value)}
            aria-invalid={errorOf('label') ? true : undefined}
            aria-describedby={describedBy('label')}
            data-testid="catalogue-card-label"
          >
            <option value="">{t.noLabelOption}</option>
            {CARD_LABELS.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
            {/* a label from before the five (kept until the admin picks another) */}
            {draft.label && !(CARD_LABELS as readonly string[]).includes(draft.label) ? (
              <option value={draft.label}>{draft.label}</option>
            ) : null}
          </select>,
        )}
        {field('memberName', t.memberName, textInput('memberName'))}
        {field('memberNameEn', t.memberNameEn, textInput('memberNameEn'))}
        {field('title', t.title, textInput('title'))}
        {field('release', t.release, textInput('release'))}
        {field('cardImg', t.cardImg, imageInput('cardImg', setFront), t.imageHint)}
        {field('cardBackImg', t.cardBackImg, imageInput('cardBackImg', setBack), t.imageHint)}
      </div>
      <FormActions
        error={formError}
        errorTestId="catalogue-card-form-error"
        onCancel={onCancel}
        cancelLabel={t.cancel}
        busy={saving}
        submitLabel={card ? t.save : t.create}
        busyLabel={t.saving}
        tone="primary"
        submitTestId="catalogue-card-save"
      />
    </form>
  );
}
