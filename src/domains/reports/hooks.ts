// Live reads of reports: an admin sees every report, a fan their own (the API rules decide what
// reaches the device); and the signed-in fan's standing (docs/operators.md, Moderation).
import { useEffect, useSyncExternalStore } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useRead } from '@/live/use-read';
import type { Report } from '@/data/pb/records';
import type { Standing } from './standing.ts';

/** The reports readable on this device, newest first; empty when logged out. */
export function useReports(): Report[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('reports', userId);
}

/** How long an answer of the standing route is reused before it is asked again. */
const STANDING_TTL_MS = 5 * 60 * 1000;
const STORE_KEY = 'pocamarket.standing.';
/** The server's answers of this page, per fan. */
const asked = new Map<string, { at: number; standing: Standing }>();
/** The answer kept on the device from an earlier page, per fan (read once). */
const kept = new Map<string, Standing | null>();
/** Answers on their way, per fan: two forms on one screen ask once. */
const asking = new Map<string, Promise<Standing>>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storedStanding(userId: string): Standing | null {
  try {
    const raw = localStorage.getItem(STORE_KEY + userId);
    return raw ? (JSON.parse(raw) as Standing) : null;
  } catch {
    return null;
  }
}

/** The latest standing known here: this page's answer, else the one kept on the device. */
function knownStanding(userId: string): Standing | null {
  const answer = asked.get(userId);
  if (answer) return answer.standing;
  if (!kept.has(userId)) kept.set(userId, storedStanding(userId));
  return kept.get(userId) ?? null;
}

function askStanding(userId: string): Promise<Standing> {
  let p = asking.get(userId);
  if (!p) {
    p = import('./standing.ts')
      .then((m) => m.fetchOwnStanding())
      .then((s) => {
        asked.set(userId, { at: Date.now(), standing: s });
        try {
          localStorage.setItem(STORE_KEY + userId, JSON.stringify(s));
        } catch {
          // storage full or blocked: kept for this page only
        }
        for (const listener of listeners) listener();
        return s;
      })
      .finally(() => asking.delete(userId));
    asking.set(userId, p);
  }
  return p;
}

/** Whether a standing keeps the fan from writing now (a suspension's end may have passed). */
function restricts(s: Standing): boolean {
  if (s.banned) return true;
  return !!s.suspendedUntil && Date.parse(s.suspendedUntil) > Date.now();
}

/**
 * The signed-in fan's standing when it keeps them from writing (suspended or banned: why and until
 * when, docs/operators.md, Moderation), else null. Asked from the server at most every five
 * minutes per fan; the last answer is kept on the device, so it shows offline too. Null on the
 * server's render (nothing of it is on the first screen).
 */
export function useOwnStanding(): Standing | null {
  const userId = useAtomValue(sessionUserIdAtom);
  const standing = useSyncExternalStore(
    subscribe,
    () => (userId ? knownStanding(userId) : null),
    () => null,
  );
  useEffect(() => {
    if (!userId) return;
    const answer = asked.get(userId);
    if (answer && Date.now() - answer.at < STANDING_TTL_MS) return;
    // offline: the last answer stays
    askStanding(userId).catch(() => undefined);
  }, [userId]);
  return standing && restricts(standing) ? standing : null;
}
