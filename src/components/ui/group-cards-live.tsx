/**
 * The live part of ./group-cards.tsx (loaded after mount, never on the server): a group's cards on
 * this device against the group's `cardCount`, and 그룹 오프라인 저장 (docs/sync.md, Pull by scope;
 * Groups saved for offline; docs/product-rules.md, Photo card grid).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '@/data/db';
import {
  groupCardProgress,
  groupKeep,
  MAX_OFFLINE_SCOPE_GROUPS,
  saveGroupOffline,
  unsaveGroupOffline,
  type GroupCardProgress,
} from '@/data/offline-groups';
import { useBiasGroup } from '@/components/hooks/use-bias';
import { useOnline } from '@/components/hooks/use-online';
import { ko } from '@/i18n/ko-features';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import type { GroupCardsProgressProps, GroupOfflineSaveProps } from './group-cards';
import { ProgressBar } from './progress-bar';
import styles from './group-cards.module.css';

const t = ko.groupCards;
const s = ko.groupOffline;

function useGroupProgress(groupId: string): GroupCardProgress | undefined {
  return useLiveQuery(() => groupCardProgress(db, groupId), [groupId]);
}

/** The bar and its line; nothing when complete (the callers say what they want then). */
function ProgressLines({
  groupName,
  progress,
  online,
}: {
  groupName: string;
  progress: GroupCardProgress;
  online: boolean;
}) {
  const { have, total } = progress;
  return (
    <div className={styles.progress}>
      <p className={styles.progressLine}>
        {online ? t.loading(have, total) : t.offline(have, total)}
      </p>
      <ProgressBar
        slim
        value={have}
        max={total}
        label={t.progressLabel(groupName)}
        valueText={t.valueText(have, total)}
      />
    </div>
  );
}

export function GroupCardsProgressLive({ group, showComplete = false }: GroupCardsProgressProps) {
  const progress = useGroupProgress(group.id);
  const online = useOnline();
  if (!progress) return null;
  if (progress.complete) {
    return showComplete ? (
      <p className={styles.quiet} data-testid="group-cards-progress" data-state="complete">
        <span aria-hidden="true">✓</span> {t.complete(progress.total)}
      </p>
    ) : null;
  }
  return (
    <div
      className={styles.slimBox}
      data-testid="group-cards-progress"
      data-state={online ? 'loading' : 'offline'}
    >
      <ProgressLines groupName={group.groupName} progress={progress} online={online} />
    </div>
  );
}

export function GroupOfflineSaveLive({ group }: GroupOfflineSaveProps) {
  const online = useOnline();
  const userId = useAtomValue(sessionUserIdAtom);
  const bias = useBiasGroup();
  const progress = useGroupProgress(group.id);
  // the favourite group and the session decide what is followed besides the saved marks
  const keep = useLiveQuery(() => groupKeep(db, group.id), [group.id, userId, bias?.id]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'limit' | 'failed' | null>(null);
  if (!progress || !keep) return null;

  const total = group.cardCount || progress.total;
  const save = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await saveGroupOffline(db, group.id);
      if (result === 'limit') setError('limit');
    } catch (err) {
      console.warn('[offline-groups] save failed', err);
      setError('failed');
    } finally {
      setBusy(false);
    }
  };
  const unsave = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await unsaveGroupOffline(db, group.id);
    } catch (err) {
      console.warn('[offline-groups] un-save failed', err);
      setError('failed');
    } finally {
      setBusy(false);
    }
  };

  const state = keep === 'none' ? 'idle' : progress.complete ? keep : `${keep}-loading`;
  return (
    <section
      className={styles.box}
      aria-label={s.region(group.groupName)}
      data-testid="group-offline"
      data-state={state}
    >
      {keep === 'none' ? (
        <div className={styles.row}>
          <div className={styles.text}>
            <p className={styles.title}>
              {s.title}
              <span className={styles.size}>{s.size(total)}</span>
            </p>
            <p className={styles.note}>{s.hint}</p>
          </div>
          <button
            type="button"
            className={styles.button}
            onClick={() => void save()}
            disabled={busy}
            aria-label={s.saveLabel(group.groupName, total)}
          >
            {s.save}
          </button>
        </div>
      ) : keep === 'saved' ? (
        <div className={styles.row}>
          <div className={styles.text}>
            {progress.complete ? (
              <>
                <p className={styles.saved} role="status">
                  <span aria-hidden="true">✓</span> {s.saved}
                </p>
                <p className={styles.note}>{s.savedNote(total)}</p>
              </>
            ) : (
              // the progress below says how far (docs/sync.md, Groups saved for offline)
              <p className={styles.title} role="status">
                {s.saving}
              </p>
            )}
          </div>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => void unsave()}
            disabled={busy}
            aria-label={s.unsaveLabel(group.groupName)}
          >
            {s.unsave}
          </button>
        </div>
      ) : (
        <p className={styles.quiet}>
          <span aria-hidden="true">✓</span> {s.followed}
        </p>
      )}
      {keep !== 'none' && !progress.complete ? (
        <ProgressLines groupName={group.groupName} progress={progress} online={online} />
      ) : null}
      {error ? (
        <p className={styles.error} role="alert" data-testid="group-offline-error">
          {error === 'limit' ? s.limit(MAX_OFFLINE_SCOPE_GROUPS) : s.failed}
        </p>
      ) : null}
    </section>
  );
}
