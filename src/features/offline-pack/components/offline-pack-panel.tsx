import { useId, useMemo, useState } from 'react';
import { useMeetUp, useMeetUps } from '@/components/live/meetups';
import { useToday } from '@/components/live/render-clock';
import type { OfflinePackSlotProps } from '@/components/ui/offline-pack-slot';
import type { MeetUp } from '@/data/pb/records';
import { koOfflinePack as t } from '@/i18n/ko-offline-pack';
import { MAX_DAY_EVENTS, packDays } from '@/features/offline-pack/pack-plan';
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
  const [chosen, setChosen] = useState<string | null>(null);
  const pickerId = useId();
  const day = days.find((d) => d.day === chosen) ?? days[0];
  const events: MeetUp[] = useMemo(() => day?.events.slice(0, MAX_DAY_EVENTS) ?? [], [day]);
  if (!all) return null;
  if (!day) {
    return (
      <p className={styles.note} data-testid="offline-pack-day">
        {t.noDays}
      </p>
    );
  }
  const label = day.day === today ? t.today : t.dayLabel(day.day);
  return (
    <div className={styles.day} data-testid="offline-pack-day">
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
            {t.dayOption(d.day === today ? t.today : t.dayLabel(d.day), d.events.length)}
          </option>
        ))}
      </select>
      <PackBox
        key={day.day}
        target={{ pack: `day-${day.day}`, kind: 'day', day: day.day, events }}
        title={t.regionDay}
        saveLabel={t.saveDay(label)}
        what={label}
        more={
          day.events.length > events.length ? t.planMore(events.length, day.events.length) : null
        }
      />
    </div>
  );
}
