import { useRef, useState } from 'react';
import { Icon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { koMeetupNear } from '@/i18n/ko-meetup-near';
import { locate, type LocateProblem } from './locate';
import * as kit from './near-kit';
import type { NearFound } from './near-me';
import styles from './near.module.css';

const t = koMeetupNear.meetupNear;

const MESSAGES: Record<LocateProblem, string> = {
  denied: t.denied,
  unavailable: t.unavailable,
  timeout: t.timeout,
  unsupported: t.unsupported,
};

/** One toast at a time for 내 위치: a second press replaces the first's message. */
const TOAST_ID = 'meetup-near-me';

function CrosshairIcon() {
  return (
    <Icon size={22}>
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" fill="currentColor" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </Icon>
  );
}

/**
 * The map's 내 위치 button (docs/product-rules.md, Meetup map). It lives in the map's chunk, so
 * nothing of it loads before the list is on screen. A press asks for the position (the
 * browser's permission prompt comes only now) and hands it to the screen, which sorts the list
 * and has the map centre on it; a problem is a toast and changes nothing.
 */
export function LocateButton({ onNear }: { onNear: (found: NearFound) => void }) {
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);
  const press = async () => {
    if (pending.current) return; // one question at a time
    pending.current = true;
    setBusy(true);
    try {
      const result = await locate();
      if ('problem' in result) {
        toast.error(MESSAGES[result.problem], { id: TOAST_ID });
        return;
      }
      if (result.fallback) toast.error(t.usingLast, { id: TOAST_ID });
      else toast.dismiss(TOAST_ID);
      onNear({ position: result.position, kit });
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };
  // Round and icon-only like the zoom buttons, in the corner: it covers as little of the map
  // (and its markers) as it can. Its name is the label, its tooltip the same.
  return (
    <button
      type="button"
      className={styles.locate}
      aria-label={t.locate}
      title={busy ? t.locating : t.locate}
      aria-busy={busy || undefined}
      data-testid="locate-me"
      onClick={() => void press()}
    >
      <span className={busy ? styles.spinning : undefined}>
        <CrosshairIcon />
      </span>
    </button>
  );
}
