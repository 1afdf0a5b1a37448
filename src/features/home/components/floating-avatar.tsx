import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isLoggedInAtom, useAtomValue } from '@/state/store';
import { UserIcon } from '@/components/ui/icons';
import { fileUrl } from '@/data/pb/files';
import { ko } from '@/i18n/ko-features';
import { useOwnProfile } from '@/domains/accounts/hooks';
import styles from './floating-avatar.module.css';

/**
 * The round button floating bottom right (docs/product-rules.md, Home): logged in, the fan's avatar
 * leading to the wishlist; logged out, a person icon leading to the login screen. The sync pill
 * is in the top bar on home (features/sync-status), so nothing else claims this corner.
 */
export function FloatingAvatar() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const profile = useOwnProfile();
  // A profile image that fails to load leaves the default avatar in place, silently.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  const src =
    loggedIn && profile?.avatar ? fileUrl('users', profile.id, profile.avatar, '100x100') : '';
  const showImage = src !== '' && src !== failedSrc;
  const className = styles.fab;
  const face = showImage ? (
    <img
      className={styles.image}
      src={src}
      alt=""
      width={56}
      height={56}
      onError={() => setFailedSrc(src)}
    />
  ) : (
    <UserIcon size={26} strokeWidth={2} />
  );

  return loggedIn ? (
    <Link
      to="/LikeDetail"
      className={className}
      aria-label={ko.home.likeList}
      title={ko.home.likeList}
      data-testid="home-fab"
    >
      {face}
    </Link>
  ) : (
    <Link
      to="/login"
      className={className}
      aria-label={ko.home.login}
      title={ko.home.login}
      data-testid="home-fab"
    >
      {face}
    </Link>
  );
}
