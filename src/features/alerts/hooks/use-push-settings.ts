import { useCallback, useEffect, useState } from 'react';
import {
  ensureNotificationPermission,
  PushSetupError,
  readPushState,
  savePushTopics,
  type PushFailure,
  type PushState,
  type PushTopic,
} from '@/data/push';
import { recheckPushSubscription } from '@/data/push/recheck.ts';

export interface PushSettings {
  /** undefined while loading. */
  state: PushState | undefined;
  saving: PushTopic | null;
  /** Why the last change failed, if it did. */
  failure: PushFailure | null;
  /** Whether the last change turned every topic off (for the status line). */
  lastSaved: 'on' | 'off' | null;
  setTopic(topic: PushTopic, on: boolean): Promise<void>;
}

function reasonOf(err: unknown): PushFailure {
  return err instanceof PushSetupError ? err.reason : 'server';
}

/**
 * This device's push opt-in for the settings screen: loads it (again when the network comes back)
 * and changes one topic at a time. The permission prompt is asked first on enabling, inside the
 * click, as browsers require.
 */
export function usePushSettings(userId: string, online: boolean): PushSettings {
  const [state, setState] = useState<PushState | undefined>(undefined);
  const [saving, setSaving] = useState<PushTopic | null>(null);
  const [failure, setFailure] = useState<PushFailure | null>(null);
  const [lastSaved, setLastSaved] = useState<'on' | 'off' | null>(null);

  useEffect(() => {
    let live = true;
    // the check at start, asking the server now: a subscription dropped or pruned since is put
    // right before the screen shows this device's topics (docs/push.md, The check at start)
    recheckPushSubscription({ verifyNow: true })
      .then(() => readPushState())
      .then((s) => live && setState(s))
      .catch((err: unknown) => {
        if (!live) return;
        setFailure(reasonOf(err));
        setState({ server: null, permission: 'default', topics: [] });
      });
    return () => {
      live = false;
    };
  }, [userId, online]);

  const setTopic = useCallback(
    async (topic: PushTopic, on: boolean) => {
      if (!state || saving) return;
      const next = on ? [...state.topics, topic] : state.topics.filter((t) => t !== topic);
      setSaving(topic);
      setFailure(null);
      setLastSaved(null);
      try {
        if (on) await ensureNotificationPermission();
        const saved = await savePushTopics(next);
        setState((s) => (s ? { ...s, permission: Notification.permission, topics: saved } : s));
        setLastSaved(saved.length ? 'on' : 'off');
      } catch (err) {
        const reason = reasonOf(err);
        if (reason !== 'subscribe' && reason !== 'server') console.info('[push]', reason);
        else console.warn('[push] could not save the topics', err);
        setFailure(reason);
        setState((s) =>
          s
            ? {
                ...s,
                permission: Notification.permission,
                server: reason === 'unavailable' ? 'unavailable' : s.server,
              }
            : s,
        );
      } finally {
        setSaving(null);
      }
    },
    [state, saving],
  );

  return { state, saving, failure, lastSaved, setTopic };
}
