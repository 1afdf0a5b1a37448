import { useId } from 'react';
import { ko } from '@/i18n/ko-features';
import { THUMBNAIL_TYPES } from '@/domains/collect-books/writes';
import type { Thumbnail } from '@/features/collect-book/hooks/use-book-draft';
import styles from './fields.module.css';

export interface ThumbnailFieldProps {
  thumbnail: Thumbnail | null;
  error: string | null;
  onChoose: (file: File | null) => void;
  disabled?: boolean;
  /** Show the chosen image beside the button (the desktop view has its own cover preview). */
  preview?: boolean;
}

/** The cover image chooser: PNG, JPEG, WEBP or GIF up to 5 MB, refused inline otherwise. */
export function ThumbnailField({
  thumbnail,
  error,
  onChoose,
  disabled = false,
  preview = true,
}: ThumbnailFieldProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();

  return (
    <div className={styles.field}>
      <span className={styles.label} id={`${id}-label`}>
        {ko.collectBookAdd.thumbnailLabel}
      </span>
      <div className={styles.thumbRow}>
        {preview ? (
          <span className={styles.thumbPreview}>
            {thumbnail ? (
              <img
                src={thumbnail.url}
                alt={ko.collectBookAdd.thumbnailPreviewAlt}
                width={100}
                height={135}
                data-testid="book-thumb-preview"
              />
            ) : (
              <span className={styles.thumbEmpty}>{ko.collectBookAdd.thumbnailNone}</span>
            )}
          </span>
        ) : null}
        <div className={styles.thumbControls}>
          <label className={styles.fileButton} data-disabled={disabled || undefined}>
            <input
              className={`visually-hidden ${styles.fileInput}`}
              type="file"
              accept={THUMBNAIL_TYPES.join(',')}
              disabled={disabled}
              aria-labelledby={`${id}-label ${id}-button`}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                onChoose(e.target.files?.[0] ?? null);
                // Lets the same file be chosen again after a refusal.
                e.target.value = '';
              }}
              data-testid="book-thumb-input"
            />
            <span id={`${id}-button`}>
              {thumbnail ? ko.collectBookAdd.thumbnailChange : ko.collectBookAdd.thumbnailChoose}
            </span>
          </label>
          <p className={styles.hint} id={hintId}>
            {thumbnail ? thumbnail.file.name : ko.collectBookAdd.thumbnailHint}
          </p>
        </div>
      </div>
      {error ? (
        <p className={styles.error} id={errorId} role="alert" data-testid="book-thumb-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
