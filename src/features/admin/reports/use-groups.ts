/**
 * The catalogue's groups for the draft forms' group choice (docs/operators.md, The report queue):
 * read once (the first form opened asks) and shared by every form of the section; read again after
 * a publish that may have made a new group, or when the admin retries after a failure.
 */
import { useEffect, useState } from 'react';
import { listGroups, type GroupChoice } from './api';

let cached: Promise<GroupChoice[]> | null = null;

function load(): Promise<GroupChoice[]> {
  cached ??= listGroups().catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}

/** Read the groups again next time (a publish may have added one). */
export function forgetGroups(): void {
  cached = null;
}

export interface GroupChoices {
  /** null until read (or when it could not be). */
  groups: GroupChoice[] | null;
  failed: boolean;
  retry: () => void;
}

export function useGroupChoices(): GroupChoices {
  const [groups, setGroups] = useState<GroupChoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    load().then(
      (found) => {
        if (!live) return;
        setGroups(found);
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

  return {
    groups,
    failed,
    retry: () => {
      setFailed(false);
      setVersion((v) => v + 1);
    },
  };
}
