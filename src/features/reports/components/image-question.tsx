import { useId } from 'react';
import { ko } from '@/i18n/ko-features';
import { useObjectUrl } from '@/live/use-object-url';
import type { ReportImage } from '@/features/reports/hooks/use-report-image';
import { REPORT_IMAGE_TYPES } from '@/features/reports/report-rules';
import { Question, QuestionLabel } from './question';
import styles from './reports.module.css';

export interface ImageQuestionProps {
  n: number;
  label: string;
  image: ReportImage;
  /** Called after a valid image is chosen (the form moves focus to the next question). */
  onChosen?: () => void;
}

/** The report's image: PNG, JPEG, WEBP or GIF up to 5 MB, previewed; refused inline otherwise. */
export function ImageQuestion({ n, label, image, onChosen }: ImageQuestionProps) {
  const labelId = useId();
  const buttonId = useId();
  const hintId = useId();
  const errorId = useId();
  const url = useObjectUrl(image.file);

  return (
    <Question testId="report-image">
      <span className={styles.label} id={labelId}>
        <QuestionLabel n={n} label={label} />
      </span>
      <div className={styles.imageRow}>
        <span className={styles.preview}>
          {url ? (
            <img
              src={url}
              alt={ko.reports.imagePreviewAlt}
              width={100}
              height={135}
              data-testid="report-image-preview"
            />
          ) : (
            <span className={styles.previewEmpty}>{ko.reports.imageNone}</span>
          )}
        </span>
        <div className={styles.imageControls}>
          <label className={styles.fileButton}>
            <input
              className="visually-hidden"
              type="file"
              accept={REPORT_IMAGE_TYPES.join(',')}
              aria-labelledby={`${labelId} ${buttonId}`}
              aria-describedby={image.error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={image.error ? true : undefined}
              onChange={(e) => {
                const chosen = image.choose(e.target.files?.[0] ?? null);
                // Lets the same file be chosen again after a refusal.
                e.target.value = '';
                void chosen.then((taken) => {
                  if (taken && onChosen) requestAnimationFrame(onChosen);
                });
              }}
              data-testid="report-image-input"
            />
            <span id={buttonId}>
              {image.file ? ko.reports.imageChange : ko.reports.imageChoose}
            </span>
          </label>
          <p className={styles.hint} id={hintId}>
            {image.file ? image.file.name : ko.reports.imageHint}
          </p>
        </div>
      </div>
      {image.error ? (
        <p className={styles.error} id={errorId} role="alert" data-testid="report-image-error">
          {image.error}
        </p>
      ) : null}
    </Question>
  );
}
