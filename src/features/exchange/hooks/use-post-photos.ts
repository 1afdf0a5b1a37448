import { usePhotoPicks, type PhotoPicks } from '@/components/hooks/use-photo-picks';
import { postTermsKo } from '@/domains/posts/ko-terms';
import { checkPostPhotos } from '@/domains/posts/rules';
import { PHOTOS_MAX } from '@/domains/posts/terms';

export type PostPhotos = PhotoPicks;

/** The new post's photos (실물·포장 사진) before it is sent, checked by the post's rules. */
export function usePostPhotos(): PostPhotos {
  return usePhotoPicks({
    max: PHOTOS_MAX,
    check: (file) => checkPostPhotos([file]),
    tooMany: postTermsKo.rules.photosTooMany,
  });
}
