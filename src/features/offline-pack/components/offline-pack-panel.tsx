import { useId, useMemo, useState } from 'react';
import { useMeetUp, useMeetUps } from '@/domains/meetups/hooks';
import { useToday } from '@/live/render-clock';
import type { OfflinePackSlotProps } from '@/components/ui/offline-pack-slot';
import type { MeetUp } from '@/data/pb/records';
import { koOfflinePack as t } from '@/features/offline-pack/ko';
import { MAX_DAY_EVENTS, packDays } from '@/features/offline-pack/pack-plan';
import { usePackRecords } from '@/features/offline-pack/hooks/use-offline-pack';
import { PackBox } from './pack-box';
import styles from './offline-pack.module.css';

/**
 * 오프라인 저장 (docs/offline-pack.md): on an event's page, that event; on /meetup, the events of
 * one day the fan picks (days from today on that have events). Loaded lazily through the slot
 * (src/components/ui/offline-pack-slot.tsx), never with the screens' first paint.
 */
export function OfflinePackPanel(props: OfflinePackSlotProps) {
  return props.kind === 'event' ? <EventPack id={props.id} /> : <DayPack />;
}

function EventPack({ id }: { id: string }) {
  const meetUp = useMeetUp(id);
  const events = useMemo(() => (meetUp ? [meetUp] : []), [meetUp]);
  if (!meetUp) return null;
  return (
    <PackBox
      target={{ pack: `event-${meetUp.id}`, kind: 'event', day: null, events }}
      title={t.regionEvent}
      saveLabel={t.saveEvent}
      what={meetUp.eventTitle}
    />
  );
}

function DayPack() {
  const all = useMeetUps();
  const today = useToday();
  const days = useMemo(() => (all ? packDays(all, today) : []), [all, today]);
  const records = usePackRecords();
  const [chosen, setChosen] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const pickerId = useId();
  // a day already kept comes first: that is the pack the fan comes back to
  const savedDay = days.find((d) => records[`day-${d.day}`]);
  const day = days.find((d) => d.day === chosen) ?? savedDay ?? days[0];
  const events: MeetUp[] = useMemo(() => day?.events.slice(0, MAX_DAY_EVENTS) ?? [], [day]);
  if (!all || !day) return null;
  const label = (d: string) => (d === today ? t.today : t.dayLabel(d));
  return (
    <details
      className={styles.day}
      data-testid="offline-pack-day"
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className={styles.summary}>
        {t.regionDay}
        {savedDay ? (
          <span className={styles.badge}>
            {t.savedDay(label(savedDay.day), records[`day-${savedDay.day}`]!.bytes)}
          </span>
        ) : null}
      </summary>
      {open ? (
        <div className={styles.dayBody}>
          <label className={styles.pickerLabel} htmlFor={pickerId}>
            {t.dayPicker}
          </label>
          <select
            id={pickerId}
            className={styles.picker}
            value={day.day}
            onChange={(e) => setChosen(e.target.value)}
            data-testid="offline-pack-day-picker"
          >
            {days.map((d) => (
              <option key={d.day} value={d.day}>
                {t.dayOption(label(d.day), d.events.length, !!records[`day-${d.day}`])}
              </option>
            ))}
          </select>
          <PackBox
            key={day.day}
            target={{ pack: `day-${day.day}`, kind: 'day', day: day.day, events }}
            title={t.regionDay}
            saveLabel={t.saveDay(label(day.day))}
            what={label(day.day)}
            more={
              day.events.length > events.length
                ? t.planMore(events.length, day.events.length)
                : null
            }
          />
        </div>
      ) : null}
    </details>
  );
}
