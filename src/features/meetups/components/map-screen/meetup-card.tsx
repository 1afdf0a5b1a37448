import { Link } from '@tanstack/react-router';
import { memo, useEffect, useRef, type MouseEvent } from 'react';
import { MapPinIcon } from '@/components/ui/icons';
import type { MeetUp } from '@/data/pb/records';
import { ARTIST_IMAGE, responsiveFile } from '@/data/pb/files';
import { ko } from '@/i18n/ko-features';
import { hasLocation } from '@/lib/meetup-search';
import { meetUpDates } from '@/lib/meetup-lines';
import type { MeetupStatus } from '@/features/meetups/status/meetup-status';
import { StatusChip } from '@/features/meetups/status/status-filter';
import styles from './meetup-card.module.css';

const t = ko.meetupMap;

export interface MeetupCardProps {
  meetup: MeetUp;
  selected: boolean;
  /** Scroll into view when selected (a marker pick), not when the card itself was clicked. */
  reveal: number;
  onSelect: (id: string) => void;
  /** The list's first item: its image loads at once and first (the likely LCP image). */
  priority?: boolean;
  /** How far the cafe is from the fan ('350m'), once 내 위치 found the fan's position. */
  distance?: string;
  /** 진행 중, 예정 or 종료 today (null: the event has no dates). */
  status?: MeetupStatus | null;
}

/** The artist circle (2.5rem). */
const AVATAR_SIZES = '40px';

/**
 * One event in the list (docs/product-rules.md, Meetup map): title (a link to its detail), cafe,
 * address, dates. A click anywhere but the link, or the '지도에서 보기' button, selects the cafe; the
 * selected card is ringed and marked aria-current. Events without coordinates say so and have no
 * map button. With the fan's position known, the card also shows its distance.
 */
export const MeetupCard = memo(function MeetupCard({
  meetup,
  selected,
  reveal,
  onSelect,
  priority = false,
  distance,
  status = null,
}: MeetupCardProps) {
  const ref = useRef<HTMLLIElement>(null);
  const located = hasLocation(meetup);
  const image = responsiveFile('meetUps', meetup.id, meetup.artistImg, ARTIST_IMAGE, 80);
  const dates = meetup.date.trim() || meetUpDates(meetup);

  useEffect(() => {
    if (!selected || !reveal) return;
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({
      block: 'nearest',
      inline: 'center',
      behavior: reduce ? 'auto' : 'smooth',
    });
  }, [selected, reveal]);

  const onClick = (e: MouseEvent) => {
    // the title link and the button do their own thing
    if ((e.target as Element).closest('a, button')) return;
    onSelect(meetup.id);
  };

  return (
    // The click is a pointer shortcut: the card's button does the same from the keyboard.
    <li
      ref={ref}
      className={styles.card}
      aria-current={selected ? 'true' : undefined}
      data-testid="meetup-card"
      data-id={meetup.id}
      data-located={located ? 'true' : 'false'}
      data-status={status ?? undefined}
      onClick={onClick}
    >
      <div className={styles.top}>
        {image.src ? (
          // The artist's name is the text beside it: the picture adds nothing to read out.
          <img
            className={styles.avatar}
            src={image.src}
            srcSet={image.srcSet}
            sizes={AVATAR_SIZES}
            alt=""
            width={40}
            height={40}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <span className={styles.avatar} aria-hidden="true" />
        )}
        <div className={styles.heading}>
          {meetup.artistName ? <p className={styles.artist}>{meetup.artistName}</p> : null}
          <h2 className={styles.title}>
            <Link to="/meetupDetail/$id" params={{ id: meetup.id }} className={styles.link}>
              {meetup.eventTitle}
            </Link>
          </h2>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt className="visually-hidden">{t.cafeLabel}</dt>
          <dd className={styles.cafe}>{meetup.cafeName}</dd>
        </div>
        <div>
          <dt className="visually-hidden">{t.addressLabel}</dt>
          <dd className={styles.muted}>{meetup.address}</dd>
        </div>
        <div>
          <dt className="visually-hidden">{t.dateLabel}</dt>
          <dd className={styles.muted}>{dates}</dd>
        </div>
      </dl>
      <div className={styles.foot}>
        {located ? (
          <button
            type="button"
            className={styles.show}
            aria-pressed={selected}
            aria-label={t.showOnMapLabel(meetup.eventTitle)}
            onClick={() => onSelect(meetup.id)}
          >
            <MapPinIcon aria-hidden="true" />
            {t.showOnMap}
          </button>
        ) : (
          <p className={styles.noLocation}>{t.noLocation}</p>
        )}
        <StatusChip status={status} />
        {distance ? (
          <p className={styles.distance} data-testid="meetup-distance">
            <span className="visually-hidden">{t.distanceLabel} </span>
            {distance}
          </p>
        ) : null}
      </div>
    </li>
  );
});
