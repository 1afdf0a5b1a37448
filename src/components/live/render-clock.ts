/**
 * The clock a first render draws from. Relative times ('3분 전') and the event lists' "today" are
 * part of the markup, so the server renderer and the client's hydrating render must use the same
 * instant: the server's, carried in the page's payload. After hydration the screens move to the
 * device's clock in an effect, like any update (see docs/first-visit.md).
 */
import { useEffect, useState } from 'react';
import { firstScreenPayload } from '../../data/live/payload';
import { localToday } from '../../lib/meetup-dates';

let serverClock: { now: number; today: string } | null = null;

/** Set by the server renderer around each render. */
export function setServerClock(clock: { now: number; today: string } | null): void {
  serverClock = clock;
}

let hydrating = firstScreenPayload() !== null;

/** Called once the server-rendered page has hydrated. */
export function endFirstScreenClock(): void {
  hydrating = false;
}

function firstClock(): { now: number; today: string } | null {
  if (serverClock) return serverClock;
  if (!hydrating) return null;
  const payload = firstScreenPayload();
  return payload ? { now: payload.now, today: payload.today } : null;
}

/** The current time, refreshed every `intervalMs` while the component is mounted. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => firstClock()?.now ?? Date.now());
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, intervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [intervalMs]);
  return now;
}

/** Today's date on this device (YYYY-MM-DD), fixed for the component's life. */
export function useToday(): string {
  const [today, setToday] = useState(() => firstClock()?.today ?? localToday());
  useEffect(() => {
    const timer = setTimeout(() => setToday(localToday()), 0);
    return () => clearTimeout(timer);
  }, []);
  return today;
}
