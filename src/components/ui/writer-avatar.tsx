import { useState } from 'react';
import { UserIcon } from './icons';
import { fileUrl } from '@/data/pb/files';
import type { PublicProfile } from '@/domains/accounts/hooks';
import styles from './writer-avatar.module.css';

/**
 * A writer's round avatar, or a default person icon when they have none (or are not loaded).
 * Decorative (alt=""): the writer's name is always printed beside it. An image that fails to load
 * (offline and never cached) falls back to the icon too, never a broken-image mark.
 */
export function WriterAvatar({ writer }: { writer: PublicProfile | undefined }) {
  const src = writer?.avatar ? fileUrl('users', writer.id, writer.avatar, '100x100') : null;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <img
        className={styles.avatar}
        src={src}
        alt=""
        onError={() => setFailedSrc(src)}
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
