import { PhotosField } from '@/components/ui/photos-field';
import { PHOTOS_MAX, PHOTO_TYPES } from '@/domains/posts/terms';
import { koPostTerms } from '@/features/exchange/ko-post-terms';

const t = koPostTerms.form;
const TEXT = {
  legend: t.photosLegend,
  hint: t.photosHint,
  addPhoto: t.addPhoto,
  photoAlt: t.photoAlt,
  removePhoto: t.removePhoto,
};

export interface PostPhotosFieldProps {
  photos: readonly File[];
  error: string | null;
  /** Files picked (checked by the form: type, size, bytes, the count). */
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  /** Logged out: picking asks the fan to log in instead. */
  locked?: (() => void) | undefined;
}

/**
 * A post's 실물·포장 사진: up to three, JPG, PNG or WEBP (docs/product-rules.md, Exchange posts),
 * in the shared photo field.
 */
export function PostPhotosField(props: PostPhotosFieldProps) {
  return <PhotosField {...props} max={PHOTOS_MAX} accept={PHOTO_TYPES} text={TEXT} testId="post" />;
}
