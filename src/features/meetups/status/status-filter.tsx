import { koViewer } from '@/i18n/ko-viewer';
import { MEETUP_FILTERS, type MeetupFilter } from './meetup-status';
import styles from './status.module.css';

const t = koViewer.meetupSections;
const LABELS: Record<MeetupFilter, string> = {
  all: t.all,
  ongoing: t.ongoing,
  upcoming: t.upcoming,
  ended: t.ended,
};

/**
 * 전체 · 진행 중 · 예정 · 종료 over the meetup list (docs/product-rules.md, Meetup map): toggle
 * buttons, the pressed one is the list shown; each says how many events it holds.
 */
export function StatusFilter({
  value,
  counts,
  onChange,
}: {
  value: MeetupFilter;
  counts: Record<MeetupFilter, number>;
  onChange: (next: MeetupFilter) => void;
}) {
  return (
    <div className={styles.filter} role="group" aria-label={t.filterLabel}>
      {MEETUP_FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          className={styles.option}
          aria-pressed={value === f}
          onClick={() => onChange(f)}
          data-testid={`meetup-filter-${f}`}
        >
          {LABELS[f]} <span className={styles.optionCount}>{counts[f]}</span>
        </button>
      ))}
    </div>
  );
}

/** The status chip on an event's card and page: 진행 중, 예정 or 종료. */
export function StatusChip({ status }: { status: MeetupFilter | null }) {
  if (!status || status === 'all') return null;
  const text =
    status === 'ended' ? t.chipEnded : status === 'upcoming' ? t.chipUpcoming : t.chipOngoing;
  return (
    <span className={styles.chip} data-status={status} data-testid="meetup-status">
      {text}
    </span>
  );
}
