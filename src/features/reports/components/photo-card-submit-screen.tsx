import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CardsIcon } from '@/components/ui/icons';
import { ko } from '@/i18n/ko-features';
import { takeScanPhoto } from '@/domains/reports/scan-photo';
import { useGroupNames } from '@/features/reports/hooks/use-groups';
import { useReportImage } from '@/features/reports/hooks/use-report-image';
import { useRevealed } from '@/features/reports/hooks/use-revealed';
import { useSubmitReport } from '@/features/reports/hooks/use-submit-report';
import { filled, REPORT_MAX } from '@/features/reports/report-rules';
import { ImageQuestion } from './image-question';
import { ReportOutcome } from './report-outcome';
import { ReportScreen } from './report-screen';
import { SubmitButton } from './submit-button';
import { ArtistQuestion, GroupQuestion, TextQuestion } from './text-question';
import { TypeQuestion } from './type-question';
import styles from './reports.module.css';

/**
 * /informUs/photoCardSubmit (docs/product-rules.md, Reports): image → group → member → card type →
 * card name, each shown once the one before it is answered; submit once all five are.
 */
export function PhotoCardSubmitScreen() {
  return (
    <ReportScreen
      title={ko.screens.photoCardSubmit}
      intro={ko.reports.photoCardIntro}
      icon={<CardsIcon size={32} />}
    >
      <PhotoCardForm />
    </ReportScreen>
  );
}

function PhotoCardForm() {
  const image = useReportImage();
  // opened from a camera scan of a card missing from the catalogue: its photo and group come
  // filled in (docs/card-scan.md, Unknown cards)
  const [scan] = useState(takeScanPhoto);
  const [group, setGroup] = useState(scan?.group ?? '');
  const [artistName, setArtistName] = useState('');
  const [phocaType, setPhocaType] = useState('');
  const [phocaTitle, setPhocaTitle] = useState('');
  const groups = useGroupNames();
  const submit = useSubmitReport();
  const groupRef = useRef<HTMLInputElement>(null);
  const { choose } = image;
  useEffect(() => {
    if (scan?.file) void choose(scan.file);
  }, [scan, choose]);

  const answered = [
    image.file !== null,
    filled(group),
    filled(artistName),
    phocaType !== '',
    filled(phocaTitle),
  ];
  const shown = useRevealed(answered);
  const complete = answered.every(Boolean);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complete || !image.file) return;
    void submit.submit({
      type: 'phoca',
      phocaImg: image.file,
      group: group.trim(),
      artistName: artistName.trim(),
      phocaType,
      phocaTitle: phocaTitle.trim(),
    });
  }

  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={ko.screens.photoCardSubmit}
      data-testid="report-form-phoca"
    >
      <ImageQuestion
        n={1}
        label={ko.reports.photoCardImage}
        image={image}
        onChosen={() => groupRef.current?.focus()}
      />
      {shown >= 2 ? (
        <GroupQuestion
          n={2}
          value={group}
          onChange={setGroup}
          suggestions={groups}
          inputRef={groupRef}
        />
      ) : null}
      {shown >= 3 ? <ArtistQuestion n={3} value={artistName} onChange={setArtistName} /> : null}
      {shown >= 4 ? <TypeQuestion n={4} value={phocaType} onChange={setPhocaType} /> : null}
      {shown >= 5 ? (
        <TextQuestion
          n={5}
          label={ko.reports.phocaTitle}
          value={phocaTitle}
          onChange={setPhocaTitle}
          maxLength={REPORT_MAX.phocaTitle}
          placeholder={ko.reports.phocaTitlePlaceholder}
          testId="report-phocaTitle"
        />
      ) : null}
      {complete ? <SubmitButton submit={submit} /> : null}
      <ReportOutcome
        submit={submit}
        doneMessage={ko.messages.photoCardReportDone}
        failedMessage={ko.messages.photoCardReportFailed}
      />
    </form>
  );
}
