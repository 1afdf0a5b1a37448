import { useRef, useState, type FormEvent } from 'react';
import { syncStatusAtom, useAtomValue } from '@/state/store';
import { MapPinIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko-features';
import { joinAddress } from '@/lib/address';
import { useGroupNames } from '@/features/reports/hooks/use-groups';
import { useReportImage } from '@/features/reports/hooks/use-report-image';
import { useRevealed } from '@/features/reports/hooks/use-revealed';
import { useSubmitReport } from '@/features/reports/hooks/use-submit-report';
import { filled, isHttpUrl, REPORT_MAX } from '@/features/reports/report-rules';
import { AddressQuestion } from './address-question';
import { ImageQuestion } from './image-question';
import { ReportOutcome } from './report-outcome';
import { ReportScreen } from './report-screen';
import { SubmitButton } from './submit-button';
import { ArtistQuestion, GroupQuestion, TextQuestion } from './text-question';
import styles from './reports.module.css';

/**
 * /informUs/meetUpSubmit and /informUs/meetupSubmit (docs/product-rules.md, Reports): image →
 * member → group → cafe → address (+ optional detail) → duration → source link, each shown once the
 * one before it is answered; submit once all are, with the source an http(s) link.
 */
export function MeetupSubmitScreen() {
  return (
    <ReportScreen
      title={ko.screens.meetUpSubmit}
      intro={ko.reports.meetUpIntro}
      icon={<MapPinIcon size={32} />}
    >
      <MeetupForm />
    </ReportScreen>
  );
}

function MeetupForm() {
  const online = useAtomValue(syncStatusAtom).online;
  const image = useReportImage();
  const [artistName, setArtistName] = useState('');
  const [group, setGroup] = useState('');
  const [cafeName, setCafeName] = useState('');
  const [address, setAddress] = useState('');
  const [detail, setDetail] = useState('');
  const [duration, setDuration] = useState('');
  const [source, setSource] = useState('');
  const [sourceTouched, setSourceTouched] = useState(false);
  const groups = useGroupNames();
  const submit = useSubmitReport();
  const artistRef = useRef<HTMLInputElement>(null);

  const sourceOk = isHttpUrl(source);
  const answered = [
    image.file !== null,
    filled(artistName),
    filled(group),
    filled(cafeName),
    filled(address),
    filled(duration),
    sourceOk,
  ];
  const shown = useRevealed(answered);
  const complete = answered.every(Boolean);
  // Told once the fan leaves the field (or has typed a whole link's worth), not at the first key.
  const sourceError =
    filled(source) && !sourceOk && (sourceTouched || source.trim().length > 12)
      ? ko.reports.sourceInvalid
      : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSourceTouched(true);
    if (!complete || !image.file) return;
    void submit.submit({
      type: 'meetup',
      meetUpImg: image.file,
      artistName: artistName.trim(),
      group: group.trim(),
      cafeName: cafeName.trim(),
      cafeAddress: joinAddress(address, detail),
      meetUpDuration: duration.trim(),
      SourceURL_: source.trim(),
    });
  }

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={ko.screens.meetUpSubmit}
      data-testid="report-form-meetup"
    >
      <ImageQuestion
        n={1}
        label={ko.reports.meetUpImage}
        image={image}
        onChosen={() => artistRef.current?.focus()}
      />
      {shown >= 2 ? (
        <ArtistQuestion n={2} value={artistName} onChange={setArtistName} inputRef={artistRef} />
      ) : null}
      {shown >= 3 ? (
        <GroupQuestion n={3} value={group} onChange={setGroup} suggestions={groups} />
      ) : null}
      {shown >= 4 ? (
        <TextQuestion
          n={4}
          label={ko.reports.cafeName}
          value={cafeName}
          onChange={setCafeName}
          maxLength={REPORT_MAX.cafeName}
          placeholder={ko.reports.cafePlaceholder}
          testId="report-cafeName"
        />
      ) : null}
      {shown >= 5 ? (
        <AddressQuestion
          n={5}
          online={online}
          base={address}
          onBase={setAddress}
          detail={detail}
          onDetail={setDetail}
        />
      ) : null}
      {shown >= 6 ? (
        <TextQuestion
          n={6}
          label={ko.reports.duration}
          value={duration}
          onChange={setDuration}
          maxLength={REPORT_MAX.meetUpDuration}
          placeholder={ko.reports.durationPlaceholder}
          testId="report-duration"
        />
      ) : null}
      {shown >= 7 ? (
        <TextQuestion
          n={7}
          label={ko.reports.source}
          type="url"
          value={source}
          onChange={setSource}
          onBlur={() => setSourceTouched(true)}
          error={sourceError}
          maxLength={REPORT_MAX.SourceURL_}
          placeholder={ko.reports.sourcePlaceholder}
          testId="report-source"
        />
      ) : null}
      {complete ? <SubmitButton submit={submit} /> : null}
      <ReportOutcome
        submit={submit}
        doneMessage={ko.messages.meetUpReportDone}
        failedMessage={ko.messages.meetUpReportFailed}
      />
    </form>
  );
}
