import { useEffect, useState, type FormEvent } from 'react';
import { useConfirm } from '@/components/hooks/use-confirm';
import { useDebouncedValue } from '@/components/hooks/use-debounced-value';
import { toast } from '@/components/ui/toast';
import { CARD_IMAGE, fileUrl } from '@/data/pb/files';
import { koAdmin } from '@/features/admin/ko';
import { FormActions } from '@/features/admin/components/form-actions';
import panels from '@/components/ui/panels.module.css';
import admin from '@/features/admin/components/admin.module.css';
import {
  publishCard,
  reportDuplicates,
  type CardDraft,
  type CardSummary,
  type GroupChoice,
  type Handling,
  type QueueReport,
} from './api';
import { matchGroup, newGroupNames } from './draft';
import { over, SelectField, TextField } from './fields';
import { koReports as t } from './ko';
import { useDraftSubmit } from './use-draft-submit';
import { forgetGroups, useGroupChoices } from './use-groups';
import styles from './reports.module.css';

/** Field limits, as the server checks them (pb_hooks/lib/report-publish.js cardFields). */
const MAX = {
  groupName: 100,
  memberName: 100,
  memberNameEn: 100,
  release: 200,
  title: 200,
} as const;

/** The card form's fields, as the server's refusals name them. */
const CARD_FIELDS = ['group', 'memberName', 'memberNameEn', 'release', 'label', 'title'];

export interface DraftFormProps {
  report: QueueReport;
  /** Published: the report's new handling. */
  onDone: (handling: Handling) => void;
  /** The server says the report was handled meanwhile, or is gone. */
  onStale: (kind: 'handled' | 'gone') => void;
  onCancel: () => void;
}

/**
 * 포토카드로 등록 (docs/operators.md, The report queue): the report as a draft card, every field
 * editable, with the cards it would duplicate shown as the admin types. The groups are read first
 * (the group choice is pre-set to the one the report names).
 */
export function CardPanel(props: DraftFormProps) {
  const { groups, failed, retry } = useGroupChoices();
  if (!groups && !failed) {
    return (
      <p className={admin.status} role="status">
        {t.groupsLoading}
      </p>
    );
  }
  return (
    <>
      {failed ? (
        <div className={`${panels.error} ${panels.actions}`} role="alert">
          <span>{t.groupsFailed}</span>
          <button type="button" className={panels.button} onClick={retry}>
            {koAdmin.retry}
          </button>
        </div>
      ) : null}
      <CardForm key={groups ? 'groups' : 'none'} {...props} groups={groups ?? []} />
    </>
  );
}

type DupState =
  | { kind: 'need' }
  | { kind: 'newGroup' }
  | { kind: 'checking' }
  | { kind: 'failed' }
  | { kind: 'done'; cards: CardSummary[] };

function CardForm({
  report,
  groups,
  onDone,
  onStale,
  onCancel,
}: DraftFormProps & { groups: readonly GroupChoice[] }) {
  const confirm = useConfirm();
  const matched = matchGroup(groups, report.group);
  const named = newGroupNames(report.group);
  // the group the report names; a name no group has is a new group (or a blank: pick one)
  const [mode, setMode] = useState<'existing' | 'new'>(() => {
    if (matched) return 'existing';
    if (groups.length === 0) return 'new';
    return report.group.trim() ? 'new' : 'existing';
  });
  const [groupId, setGroupId] = useState(matched?.id ?? '');
  const [groupName, setGroupName] = useState(matched ? '' : named.groupName);
  const [groupNameKo, setGroupNameKo] = useState(matched ? '' : named.groupNameKo);
  const [memberName, setMemberName] = useState(report.artistName);
  const [memberNameEn, setMemberNameEn] = useState('');
  const [release, setRelease] = useState('');
  const [label, setLabel] = useState(t.labels.includes(report.phocaType) ? report.phocaType : '');
  const [title, setTitle] = useState(report.phocaTitle);
  const { saving, edit, fieldError, formError, run } = useDraftSubmit(CARD_FIELDS, onStale);
  /** The last duplicate check's answer, for the values it was asked with (null cards: failed). */
  const [found, setFound] = useState<{ key: string; cards: CardSummary[] | null } | null>(null);

  // a new group named like one there is goes to that one (the server's rule): checked against it
  const sameNamed =
    mode === 'new' ? (matchGroup(groups, groupName) ?? matchGroup(groups, groupNameKo)) : null;
  const checkedGroup = mode === 'existing' ? groupId : (sameNamed?.id ?? '');

  // the duplicate check follows the edited values, once they stop changing
  const key = JSON.stringify([checkedGroup, memberName.trim(), title.trim()]);
  const settled = useDebouncedValue(key, 400);
  useEffect(() => {
    const [g, member, name] = JSON.parse(settled) as [string, string, string];
    if (!g || !member || !name) return;
    let live = true;
    reportDuplicates(report.id, { group: g, memberName: member, title: name }).then(
      (cards) => {
        if (live) setFound({ key: settled, cards });
      },
      () => {
        if (live) setFound({ key: settled, cards: null });
      },
    );
    return () => {
      live = false;
    };
  }, [settled, report.id]);

  const dup: DupState =
    mode === 'new' && !sameNamed
      ? { kind: 'newGroup' }
      : !checkedGroup || !memberName.trim() || !title.trim()
        ? { kind: 'need' }
        : found?.key !== key
          ? { kind: 'checking' }
          : found.cards
            ? { kind: 'done', cards: found.cards }
            : { kind: 'failed' };

  const tooLong =
    (mode === 'new' && (over(groupName, MAX.groupName) || over(groupNameKo, MAX.groupName))) ||
    over(memberName, MAX.memberName) ||
    over(memberNameEn, MAX.memberNameEn) ||
    over(release, MAX.release) ||
    over(title, MAX.title);

  function check(): Record<string, string> {
    const out: Record<string, string> = {};
    if (mode === 'existing' && !groupId) out['group'] = t.groupRequired;
    if (mode === 'new' && !groupName.trim()) out['group'] = t.groupNameRequired;
    if (!memberName.trim()) out['memberName'] = t.memberRequired;
    if (!label) out['label'] = t.labelRequired;
    if (!title.trim()) out['title'] = t.titleRequired;
    return out;
  }

  async function send(draft: CardDraft, force: boolean): Promise<void> {
    const res = await publishCard(report.id, draft, force);
    if (res.ok) {
      if (mode === 'new') forgetGroups();
      toast.success(t.publishedCardToast);
      onDone(res.handling);
      return;
    }
    // near duplicates: shown in the check, and the admin decides
    setFound({ key, cards: res.duplicates });
    const yes = await confirm({
      title: t.dupConfirmTitle,
      message: t.dupConfirm(res.duplicates.length),
      confirmLabel: t.dupConfirmLabel,
    });
    if (yes) await send(draft, true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return;
    const draft: CardDraft = {
      group:
        mode === 'existing'
          ? groupId
          : { groupName: groupName.trim(), groupNameKo: groupNameKo.trim() },
      memberName: memberName.trim(),
      memberNameEn: memberNameEn.trim(),
      release: release.trim(),
      label,
      title: title.trim(),
    };
    await run(check(), () => send(draft, false));
  }

  const id = (name: string) => `admin-report-${report.id}-${name}`;
  const headingId = id('card-form');
  return (
    <form
      className={`${panels.panel} ${styles.form}`}
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="admin-report-card-form"
    >
      <h3 id={headingId} className={panels.panelTitle}>
        {t.cardFormTitle}
      </h3>

      <fieldset className={styles.fieldset}>
        <legend className={admin.label}>{t.groupLegend}</legend>
        <div className={styles.choices}>
          <label className={admin.check}>
            <input
              type="radio"
              name={id('group-mode')}
              checked={mode === 'existing'}
              disabled={groups.length === 0}
              onChange={() => setMode('existing')}
              data-testid="admin-report-group-existing"
            />
            {t.groupExisting}
          </label>
          <label className={admin.check}>
            <input
              type="radio"
              name={id('group-mode')}
              checked={mode === 'new'}
              onChange={() => setMode('new')}
              data-testid="admin-report-group-new"
            />
            {t.groupNew}
          </label>
        </div>
        {mode === 'existing' ? (
          <SelectField
            id={id('group')}
            label={t.groupSelect}
            value={groupId}
            onChange={edit('group', setGroupId)}
            error={fieldError('group')}
            required
            testId="admin-report-group"
          >
            <option value="">{t.groupPick}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.groupNameKo ? `${g.groupName} (${g.groupNameKo})` : g.groupName}
              </option>
            ))}
          </SelectField>
        ) : (
          <div className={styles.grid}>
            <TextField
              id={id('group-name')}
              label={t.groupName}
              value={groupName}
              onChange={edit('group', setGroupName)}
              error={fieldError('group')}
              hint={sameNamed ? t.groupExists(sameNamed.groupName) : t.groupNameHint}
              max={MAX.groupName}
              required
              testId="admin-report-group-name"
            />
            <TextField
              id={id('group-name-ko')}
              label={t.groupNameKo}
              value={groupNameKo}
              onChange={setGroupNameKo}
              error={null}
              max={MAX.groupName}
              testId="admin-report-group-name-ko"
            />
          </div>
        )}
      </fieldset>

      <div className={styles.grid}>
        <TextField
          id={id('member')}
          label={t.memberName}
          value={memberName}
          onChange={edit('memberName', setMemberName)}
          error={fieldError('memberName')}
          max={MAX.memberName}
          required
          autoFocus
          testId="admin-report-member"
        />
        <TextField
          id={id('member-en')}
          label={t.memberNameEn}
          value={memberNameEn}
          onChange={edit('memberNameEn', setMemberNameEn)}
          error={fieldError('memberNameEn')}
          max={MAX.memberNameEn}
          testId="admin-report-member-en"
        />
        <TextField
          id={id('release')}
          label={t.release}
          value={release}
          onChange={edit('release', setRelease)}
          error={fieldError('release')}
          hint={t.releaseHint}
          max={MAX.release}
          testId="admin-report-release"
        />
        <SelectField
          id={id('label')}
          label={t.label}
          value={label}
          onChange={edit('label', setLabel)}
          error={fieldError('label')}
          required
          testId="admin-report-label"
        >
          <option value="">{t.labelPick}</option>
          {t.labels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('title')}
          label={t.title}
          value={title}
          onChange={edit('title', setTitle)}
          error={fieldError('title')}
          max={MAX.title}
          required
          testId="admin-report-title"
        />
      </div>

      <Duplicates state={dup} headingId={id('dup')} />

      <FormActions
        error={formError}
        errorTestId="admin-report-form-error"
        onCancel={onCancel}
        cancelLabel={t.cancel}
        busy={saving}
        disabled={tooLong}
        submitLabel={t.publish}
        busyLabel={t.publishing}
        tone="primary"
        submitTestId="admin-report-publish"
      />
    </form>
  );
}

/** 중복 확인: the cards near the draft, with their images (public files), each opening in a new tab. */
function Duplicates({ state, headingId }: { state: DupState; headingId: string }) {
  const status =
    state.kind === 'need'
      ? t.dupNeedFields
      : state.kind === 'newGroup'
        ? t.dupNewGroup
        : state.kind === 'checking'
          ? t.dupChecking
          : state.kind === 'failed'
            ? t.dupFailed
            : state.cards.length
              ? t.dupFound(state.cards.length)
              : t.dupNone;
  const cards = state.kind === 'done' ? state.cards : [];
  return (
    <section
      className={cards.length ? `${styles.dup} ${styles.dupFound}` : styles.dup}
      aria-labelledby={headingId}
      data-testid="admin-report-duplicates"
      data-state={state.kind}
    >
      <h4 id={headingId} className={styles.dupTitle}>
        {t.dupTitle}
      </h4>
      <p role="status" className={styles.dupStatus} data-testid="admin-report-dup-status">
        {status}
      </p>
      {cards.length ? (
        <>
          <p className={styles.hint}>{t.dupHint}</p>
          <ul className={styles.dupList}>
            {cards.map((c) => {
              const what = `${c.groupName} ${c.memberName} · ${c.title}`;
              return (
                <li
                  key={c.id}
                  className={styles.dupCard}
                  data-testid="admin-report-duplicate"
                  data-id={c.id}
                >
                  {c.cardImg ? (
                    <img
                      className={styles.dupImage}
                      src={fileUrl('photoCards', c.id, c.cardImg, CARD_IMAGE.thumb(320))}
                      alt={what}
                      loading="lazy"
                    />
                  ) : (
                    <span className={`${styles.dupImage} ${styles.noImage}`}>{t.noImage}</span>
                  )}
                  <a
                    href={`/exchangeDetail/${encodeURIComponent(c.id)}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={styles.dupLink}
                  >
                    {c.memberName} · {c.title}
                    <span className="visually-hidden"> {t.newTab}</span>
                  </a>
                  <span className={styles.dupMeta}>
                    {[c.label, c.release].filter(Boolean).join(' · ')}
                    {c.hidden ? ` · ${t.dupHidden}` : ''}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
