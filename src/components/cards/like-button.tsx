import { HeartIcon } from '@/components/ui/icons';
import { PendingMark } from '@/components/ui/pending-mark';
import { ko } from '@/i18n/ko-features';
import styles from './like-button.module.css';

export interface LikeButtonProps {
  title: string;
  liked: boolean;
  count: number;
  /** The like or unlike is queued, not yet on the server. */
  pending?: boolean;
  onToggle: () => void;
  size?: 'sm' | 'md';
}

/** Heart with the like count: a toggle button (aria-pressed), the count beside it. */
export function LikeButton({
  title,
  liked,
  count,
  pending,
  onToggle,
  size = 'sm',
}: LikeButtonProps) {
  return (
    <span className={`${styles.like} ${size === 'md' ? styles.md : ''}`}>
      <button
        type="button"
        className={styles.heart}
        aria-pressed={liked}
        aria-label={ko.photoCards.like(title)}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          onToggle();
        }}
        data-testid="like-button"
      >
        <HeartIcon fill={liked ? 'currentColor' : 'none'} />
      </button>
      <span className="visually-hidden">{ko.photoCards.likeCountLabel}</span>
      <span className={styles.count} data-testid="like-count">
        {count}
      </span>
      {pending ? <PendingMark /> : null}
    </span>
  );
}
