/**
 * A group's cards on this device, for the screens that show a group (docs/sync.md, Pull by scope;
 * Groups saved for offline): `GroupCardsProgress`, a slim bar while a followed group's cards come
 * in, and `GroupOfflineSave`, 그룹 오프라인 저장 with the same progress.
 *
 * Both read the local store (Dexie), which must stay out of the screens' chunks and the server's
 * render: these wrappers draw nothing on the server, while hydrating (so hydration matches) and
 * until the data layer has started (a first visit's page settles first, docs/first-visit.md),
 * and load the live part (./group-cards-live.tsx) as a chunk of its own.
 */
import { lazy, Suspense } from 'react';
import { useDataLayerStarted } from '@/components/hooks/use-data-layer-started';
import type { Group } from '@/data/pb/records';

const ProgressLive = lazy(() =>
  import('./group-cards-live').then((m) => ({ default: m.GroupCardsProgressLive })),
);
const SaveLive = lazy(() =>
  import('./group-cards-live').then((m) => ({ default: m.GroupOfflineSaveLive })),
);

export interface GroupCardsProgressProps {
  group: Group;
  /** Say so once every card is here ('카드 400장이 모두 기기에 있어요'); otherwise draw nothing. */
  showComplete?: boolean;
}

/** The progress of `group`'s cards on the device; nothing once they are all here. */
export function GroupCardsProgress(props: GroupCardsProgressProps) {
  return useDataLayerStarted() ? (
    <Suspense fallback={null}>
      <ProgressLive {...props} />
    </Suspense>
  ) : null;
}

export interface GroupOfflineSaveProps {
  group: Group;
}

/** 그룹 오프라인 저장 for `group`: save, the progress of its cards, un-save. */
export function GroupOfflineSave(props: GroupOfflineSaveProps) {
  return useDataLayerStarted() ? (
    <Suspense fallback={null}>
      <SaveLive {...props} />
    </Suspense>
  ) : null;
}
