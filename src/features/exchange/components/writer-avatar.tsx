import { UserIcon } from '../../../components/ui/icons';
import { fileUrl } from '../../../data/pb/files';
import type { PublicProfile } from '../../accounts/queries';
import styles from './writer-avatar.module.css';

/**
 * A writer's round avatar, or a default person icon when they have none (or are not loaded).
 * Decorative (alt=""): the writer's name is always printed beside it.
 */
export function WriterAvatar({ writer }: { writer: PublicProfile | undefined }) {
  if (writer?.avatar) {
    return (
      <img
        className={styles.avatar}
        src={fileUrl('users', writer.id, writer.avatar, '100x100')}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.fallback}`} aria-hidden="true">
      <UserIcon size={20} />
    </span>
  );
}
