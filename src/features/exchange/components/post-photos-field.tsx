import { useId } from 'react';
import { useObjectUrl } from '@/live/use-object-url';
import { PHOTOS_MAX, PHOTO_TYPES } from '@/domains/posts/terms';
import { koPostTerms } from '@/features/exchange/ko-post-terms';
import styles from './post-photos-field.module.css';

const t = koPostTerms.form;

export interface PostPhotosFieldProps {
  photos: readonly File[];
  error: string | null;
  /** Files picked (checked by the form: type, size, bytes, the count). */
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** Logged out: picking asks the fan to log in instead. */
  locked?: (() => void) | undefined;
}

function Preview({ file, n, onRemove }: { file: File; n: number; onRemove: () => void }) {
  const url = useObjectUrl(file);
  return (
    <li className={styles.preview} data-testid="post-photo-preview">
      {url ? <img src={url} alt={t.photoAlt(n)} width={72} height={72} /> : null}
      <button
        type="button"
        className={styles.remove}
        onClick={onRemove}
        aria-label={t.removePhoto(n)}
        data-testid="post-photo-remove"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

/**
 * 실물·포장 사진: up to three photos of the real card and its packing, shown before sending with a
 * way to take each out (docs/product-rules.md, Exchange posts). The file input is the page's own
 * (its label is the button), so the keyboard and the phone's picker work as usual.
 */
export function PostPhotosField({ photos, error, onAdd, onRemove, locked }: PostPhotosFieldProps) {
  const id = useId();
  const full = photos.length >= PHOTOS_MAX;
  return (
    <fieldset className={styles.field} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className={styles.legend}>
        {t.photosLegend}
        <span id={`${id}-hint`} className={styles.hint}>
          {' '}
          {t.photosHint}
        </span>
      </legend>
      <ul className={styles.previews}>
        {photos.map((file, i) => (
          <Preview key={i} file={file} n={i + 1} onRemove={() => onRemove(i)} />
        ))}
        {full ? null : (
          <li>
            <label className={styles.add}>
              <input
                id={`${id}-input`}
                className={styles.input}
                type="file"
                accept={PHOTO_TYPES.join(',')}
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
                data-testid="post-photos-input"
              />
              <span aria-hidden="true" className={styles.plus}>
                +
              </span>
              <span className={styles.addText}>{t.addPhoto}</span>
            </label>
          </li>
        )}
      </ul>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert" data-testid="post-photos-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
