import { BookIcon } from '@/components/ui/icons';
import { fileUrl } from '@/data/pb/files';
import type { Group } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import { isBlank } from '@/lib/text';
import styles from './cover-preview.module.css';

export interface CoverPreviewProps {
  title: string;
  group: Group | null;
  imageUrl: string | null;
}

/** How the book will look on the profile shelf: the 100×135 cover, larger, and its title. */
export function CoverPreview({ title, group, imageUrl }: CoverPreviewProps) {
  const shownTitle = isBlank(title) ? ko.collectBookAdd.previewNoTitle : title.trim();
  const logo = group?.logoImage ? fileUrl('groups', group.id, group.logoImage, '100x100') : '';

  return (
    <figure className={styles.preview} data-testid="book-preview">
      <figcaption className={styles.caption}>{ko.collectBookAdd.previewTitle}</figcaption>
      <div className={styles.cover}>
        {imageUrl ? (
          <img
            className={styles.image}
            src={imageUrl}
            alt={ko.collectBookAdd.previewCoverAlt(shownTitle)}
            width={200}
            height={270}
          />
        ) : (
          <span className={styles.fallback}>
            {logo ? (
              <img className={styles.logo} src={logo} alt="" width={80} height={80} />
            ) : (
              <BookIcon size={40} />
            )}
            <span>{ko.collectBookAdd.thumbnailNone}</span>
          </span>
        )}
      </div>
      <p className={styles.title} data-testid="book-preview-title">
        {shownTitle}
      </p>
      <p className={styles.group}>{group?.groupName ?? ko.collectBookAdd.previewNoGroup}</p>
    </figure>
  );
}
