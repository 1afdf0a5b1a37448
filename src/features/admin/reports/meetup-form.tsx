import { useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { FormActions } from '@/features/admin/components/form-actions';
import panels from '@/components/ui/panels.module.css';
import admin from '@/features/admin/components/admin.module.css';
import { publishMeetup, type GroupChoice, type MeetupDraft } from './api';
import type { DraftFormProps } from './card-form';
import { coordinate, datesOf, matchGroup } from './draft';
import { over, SelectField, TextField } from './fields';
import { koReports as t } from './ko';
import { useDraftSubmit } from './use-draft-submit';
import { useGroupChoices } from './use-groups';
import styles from './reports.module.css';

/** Field limits, as the server checks them (pb_hooks/lib/report-publish.js publishEvent). */
const MAX = {
  eventTitle: 200,
  cafeName: 200,
  address: 300,
  date: 100,
  artistName: 100,
  source: 1000,
} as const;

/** The fields the form shows, by the names the server's refusals use. */
const FIELDS = [
  'eventTitle',
  'cafeName',
  'address',
  'date',
  'startDate',
  'endDate',
  'artistName',
  'source',
  'lat',
  'lng',
  'group',
] as const;

/**
 * 밋업으로 등록 (docs/operators.md, The report queue): a meetup report as a draft event, pre-filled
 * from the report (the dates read from its period when it names them), every field editable.
 */
export function MeetupPanel(props: DraftFormProps) {
  const { groups, failed } = useGroupChoices();
  if (!groups && !failed) {
    return (
      <p className={admin.status} role="status">
        {t.groupsLoading}
      </p>
    );
  }
  // without the groups the server still finds the report's group by its name
  return <MeetupForm {...props} groups={groups ?? []} />;
}

function MeetupForm({
  report,
  groups,
  onDone,
  onStale,
  onCancel,
}: DraftFormProps & { groups: readonly GroupChoice[] }) {
  const dates = datesOf(report.meetUpDuration);
  const [eventTitle, setEventTitle] = useState(report.cafeName);
  const [cafeName, setCafeName] = useState(report.cafeName);
  const [address, setAddress] = useState(report.cafeAddress);
  const [date, setDate] = useState(report.meetUpDuration);
  const [startDate, setStartDate] = useState(dates.start);
  const [endDate, setEndDate] = useState(dates.end);
  const [artistName, setArtistName] = useState(report.artistName);
  const [source, setSource] = useState(report.source);
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [group, setGroup] = useState(matchGroup(groups, report.group)?.id ?? '');
  const { saving, edit, fieldError, formError, run } = useDraftSubmit(FIELDS, onStale);

  const tooLong =
    over(eventTitle, MAX.eventTitle) ||
    over(cafeName, MAX.cafeName) ||
    over(address, MAX.address) ||
    over(date, MAX.date) ||
    over(artistName, MAX.artistName) ||
    over(source, MAX.source);

  function check(): Record<string, string> {
    const out: Record<string, string> = {};
    if (!eventTitle.trim()) out['eventTitle'] = t.eventTitleRequired;
    if (startDate && endDate && endDate < startDate) out['endDate'] = t.dateOrder;
    const [la, ln] = [coordinate(lat), coordinate(lng)];
    if (Number.isNaN(la) || (la !== null && Math.abs(la) > 90)) out['lat'] = t.placeNumber;
    if (Number.isNaN(ln) || (ln !== null && Math.abs(ln) > 180)) out['lng'] = t.placeNumber;
    if (!out['lat'] && !out['lng'] && (la === null) !== (ln === null)) {
      out[la === null ? 'lat' : 'lng'] = t.placePair;
    }
    return out;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return;
    const draft: MeetupDraft = {
      eventTitle: eventTitle.trim(),
      cafeName: cafeName.trim(),
      address: address.trim(),
      date: date.trim(),
      artistName: artistName.trim(),
      source: source.trim(),
      startDate,
      endDate,
      lat: coordinate(lat),
      lng: coordinate(lng),
      group,
    };
    await run(check(), async () => {
      const handling = await publishMeetup(report.id, draft);
      toast.success(t.publishedEventToast);
      onDone(handling);
    });
  }

  const id = (name: string) => `admin-report-${report.id}-${name}`;
  const headingId = id('meetup-form');
  return (
    <form
      className={`${panels.panel} ${styles.form}`}
      aria-labelledby={headingId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="admin-report-meetup-form"
    >
      <h3 id={headingId} className={panels.panelTitle}>
        {t.meetupFormTitle}
      </h3>
      <div className={styles.grid}>
        <TextField
          id={id('event-title')}
          label={t.eventTitle}
          value={eventTitle}
          onChange={edit('eventTitle', setEventTitle)}
          error={fieldError('eventTitle')}
          max={MAX.eventTitle}
          required
          autoFocus
          testId="admin-report-event-title"
        />
        <TextField
          id={id('cafe')}
          label={t.cafeName}
          value={cafeName}
          onChange={edit('cafeName', setCafeName)}
          error={fieldError('cafeName')}
          max={MAX.cafeName}
          testId="admin-report-cafe"
        />
        <TextField
          id={id('address')}
          label={t.address}
          value={address}
          onChange={edit('address', setAddress)}
          error={fieldError('address')}
          max={MAX.address}
          testId="admin-report-address"
        />
        <TextField
          id={id('date')}
          label={t.date}
          value={date}
          onChange={edit('date', setDate)}
          error={fieldError('date')}
          max={MAX.date}
          testId="admin-report-date"
        />
        <TextField
          id={id('start')}
          type="date"
          label={t.startDate}
          value={startDate}
          onChange={edit('startDate', setStartDate)}
          error={fieldError('startDate')}
          testId="admin-report-start"
        />
        <TextField
          id={id('end')}
          type="date"
          label={t.endDate}
          value={endDate}
          onChange={edit('endDate', setEndDate)}
          error={fieldError('endDate')}
          testId="admin-report-end"
        />
        <TextField
          id={id('artist')}
          label={t.artistName}
          value={artistName}
          onChange={edit('artistName', setArtistName)}
          error={fieldError('artistName')}
          max={MAX.artistName}
          testId="admin-report-artist"
        />
        <TextField
          id={id('source')}
          type="url"
          inputMode="url"
          label={t.source}
          value={source}
          onChange={edit('source', setSource)}
          error={fieldError('source')}
          max={MAX.source}
          testId="admin-report-source"
        />
        <TextField
          id={id('lat')}
          inputMode="decimal"
          label={t.lat}
          value={lat}
          onChange={edit('lat', setLat)}
          error={fieldError('lat')}
          testId="admin-report-lat"
        />
        <TextField
          id={id('lng')}
          inputMode="decimal"
          label={t.lng}
          value={lng}
          onChange={edit('lng', setLng)}
          error={fieldError('lng')}
          testId="admin-report-lng"
        />
        <SelectField
          id={id('meetup-group')}
          label={t.meetupGroup}
          value={group}
          onChange={edit('group', setGroup)}
          error={fieldError('group')}
          testId="admin-report-meetup-group"
        >
          <option value="">{t.meetupGroupAuto}</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.groupNameKo ? `${g.groupName} (${g.groupNameKo})` : g.groupName}
            </option>
          ))}
        </SelectField>
      </div>
      <FormActions
        error={formError}
        errorTestId="admin-report-form-error"
        onCancel={onCancel}
        cancelLabel={t.cancel}
        busy={saving}
        disabled={tooLong}
        submitLabel={t.publish}
        busyLabel={t.publishing}
        tone="primary"
        submitTestId="admin-report-publish"
      />
    </form>
  );
}
