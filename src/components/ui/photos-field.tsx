import { useId } from 'react';
import { useObjectUrl } from '@/live/use-object-url';
import styles from './photos-field.module.css';

/** The field's words, each form its own (a post's, a proposal's). */
export interface PhotosFieldText {
  legend: string;
  /** What may be added ('최대 3장, …'), read with the legend. */
  hint: string;
  addPhoto: string;
  photoAlt: (n: number) => string;
  removePhoto: (n: number) => string;
}

export interface PhotosFieldProps {
  photos: readonly File[];
  error: string | null;
  /** Files picked (checked by the form: type, size, bytes, the count). */
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** Logged out: picking asks the fan to log in instead. */
  locked?: (() => void) | undefined;
  /** Photos held at most: the add button goes once there are this many. */
  max: number;
  /** The types the file picker offers. */
  accept: readonly string[];
  text: PhotosFieldText;
  /** The test ids' prefix (`post` → `post-photos-input`, `post-photo-preview`, …). */
  testId: string;
}

function Preview({
  file,
  alt,
  removeLabel,
  onRemove,
  testId,
}: {
  file: File;
  alt: string;
  removeLabel: string;
  onRemove: () => void;
  testId: string;
}) {
  const url = useObjectUrl(file);
  return (
    <li className={styles.preview} data-testid={`${testId}-photo-preview`}>
      {url ? <img src={url} alt={alt} width={72} height={72} /> : null}
      <button
        type="button"
        className={styles.remove}
        onClick={onRemove}
        aria-label={removeLabel}
        data-testid={`${testId}-photo-remove`}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * 실물·포장 사진: a few photos of the real card and its packing, shown before sending with a way
 * to take each out (a post's, docs/product-rules.md, Exchange posts; a proposal's, docs/trades.md,
 * `trades`). The file input is the page's own (its label is the button), so the keyboard and the
 * phone's picker work as usual.
 */
export function PhotosField({
  photos,
  error,
  onAdd,
  onRemove,
  locked,
  max,
  accept,
  text,
  testId,
}: PhotosFieldProps) {
  const id = useId();
  const full = photos.length >= max;
  return (
    <fieldset className={styles.field} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className={styles.legend}>
        {text.legend}
        <span id={`${id}-hint`} className={styles.hint}>
          {' '}
          {text.hint}
        </span>
      </legend>
      <ul className={styles.previews}>
        {photos.map((file, i) => (
          <Preview
            key={i}
            file={file}
            alt={text.photoAlt(i + 1)}
            removeLabel={text.removePhoto(i + 1)}
            onRemove={() => onRemove(i)}
            testId={testId}
          />
        ))}
        {full ? null : (
          <li>
            <label className={styles.add}>
              <input
                id={`${id}-input`}
                className={styles.input}
                type="file"
                accept={accept.join(',')}
                multiple
                onClick={(e) => {
                  if (!locked) return;
                  e.preventDefault();
                  locked();
                }}
                onChange={(e) => {
                  const files = [...(e.target.files ?? [])];
                  // the same file can be picked again after it was taken out
                  e.target.value = '';
                  if (files.length) onAdd(files);
                }}
                data-testid={`${testId}-photos-input`}
              />
              <span aria-hidden="true" className={styles.plus}>
                +
              </span>
              <span className={styles.addText}>{text.addPhoto}</span>
            </label>
          </li>
        )}
      </ul>
      {error ? (
        <p
          id={`${id}-error`}
          className={styles.error}
          role="alert"
          data-testid={`${testId}-photos-error`}
        >
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
