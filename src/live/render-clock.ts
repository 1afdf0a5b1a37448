/**
 * The clock a first render draws from. Relative times ('3분 전') and the event lists' "today" are
 * part of the markup, so the server renderer and the client's hydrating render must use the same
 * instant: the server's, carried in the page's payload. After hydration the screens move to the
 * device's clock in an effect, like any update (see docs/first-visit.md).
 */
import { useContext, useEffect, useState } from 'react';
import { firstScreenPayload } from '@/data/live/payload';
import { koreaToday } from '@/lib/meetup-dates';
import { ServerRenderContext, type ServerRender } from './server-render';

let hydrating = firstScreenPayload() !== null;

/** Called once the server-rendered page has hydrated. */
export function endFirstScreenClock(): void {
  hydrating = false;
}

function firstClock(server: ServerRender | null): { now: number; today: string } | null {
  if (server) return server.clock;
  if (!hydrating) return null;
  const payload = firstScreenPayload();
  return payload ? { now: payload.now, today: payload.today } : null;
}

/** The current time, refreshed every `intervalMs` while the component is mounted. */
export function useNow(intervalMs = 1000): number {
  const server = useContext(ServerRenderContext);
  const [now, setNow] = useState(() => firstClock(server)?.now ?? Date.now());
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

/** Today in Korea (YYYY-MM-DD, lib/meetup-dates.ts), fixed for the component's life. */
export function useToday(): string {
  const server = useContext(ServerRenderContext);
  const [today, setToday] = useState(() => firstClock(server)?.today ?? koreaToday());
  useEffect(() => {
    const timer = setTimeout(() => setToday(koreaToday()), 0);
    return () => clearTimeout(timer);
  }, []);
  return today;
}
