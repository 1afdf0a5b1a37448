import { useToday } from '@/live/render-clock';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type FocusEvent } from 'react';
import { MapPinIcon } from '@/components/ui/icons';
import type { MeetUp } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { useUpcomingMeetUps } from '@/domains/meetups/hooks';
import { usePrefersReducedMotion } from '@/components/hooks/use-prefers-reduced-motion';
import { meetUpDates } from '@/lib/meetup-lines';
import { PauseGlyph, PlayGlyph } from '@/components/ui/rotation-glyphs';
import styles from './meetup-ticker.module.css';

const INTERVAL_MS = 3000;
/** With less motion the strip is a short static list instead of a rotating line. */
const STATIC_MAX = 3;

function MeetUpLine({ event }: { event: MeetUp }) {
  return (
    <Link
      to="/meetupDetail/$id"
      params={{ id: event.id }}
      className={styles.link}
      data-testid="meetup-line"
    >
      <span className={styles.title}>{event.eventTitle}</span>
      <span className={styles.dates}>{meetUpDates(event)}</span>
    </Link>
  );
}

/**
 * The rotating strip of meetups (docs/product-rules.md, Home): events on now or coming up, the
 * favourite group's (`first`) first, one line at a time. A labelled region; only the line in view is in the tab order; it holds still while
 * hovered or focused, and a pause button stops it for good (WCAG 2.2.2). With less motion: a static
 * list.
 */
export function MeetupTicker({ first }: { first: string | undefined }) {
  const headingId = useId();
  // The day is read once per visit: a strip open past midnight keeps yesterday's list, harmless.
  const today = useToday();
  const lines = useUpcomingMeetUps(today, first);
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [held, setHeld] = useState({ hover: false, focus: false });

  const count = lines?.length ?? 0;
  const rotating = !reducedMotion && count > 1;
  const playing = playChoice ?? true;
  const advancing = rotating && playing && !held.hover && !held.focus;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (!advancing) return;
    const timer = setInterval(() => setIndex((i) => i + 1), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [advancing]);

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setHeld((h) => ({ ...h, focus: false }));
    }
  }

  let body;
  if (lines === undefined) {
    body = <p className={styles.note}>{ko.home.meetupsLoading}</p>;
  } else if (count === 0) {
    body = <p className={styles.note}>{ko.home.meetupsEmpty}</p>;
  } else if (!rotating) {
    body = (
      <ul className={styles.list}>
        {lines.slice(0, STATIC_MAX).map((event) => (
          <li key={event.id}>
            <MeetUpLine event={event} />
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className={styles.viewport}>
        {lines.map((event, i) => (
          <li key={event.id} className={styles.item} hidden={i !== current}>
            <MeetUpLine event={event} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section
      className={styles.ticker}
      aria-labelledby={headingId}
      data-testid="meetup-ticker"
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
    >
      <h2 id={headingId} className={styles.heading}>
        <MapPinIcon size={16} strokeWidth={2.2} />
        {ko.home.meetupsTitle}
      </h2>
      {/* Focus on the line holds it; focus on the pause button does not (it says itself). */}
      <div
        className={styles.body}
        onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
        onBlur={onBlur}
      >
        {body}
      </div>
      {rotating ? (
        <button
          type="button"
          className={styles.rotation}
          aria-label={playing ? ko.home.pauseMeetups : ko.home.playMeetups}
          onClick={() => setPlayChoice(!playing)}
          data-testid="meetup-rotation"
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
      ) : null}
    </section>
  );
}
