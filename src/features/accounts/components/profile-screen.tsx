import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import {
  BookIcon,
  ChevronLeftIcon,
  HeartIcon,
  MegaphoneIcon,
  SettingsIcon,
  UserIcon,
} from '@/components/ui/icons';
import iconButton from '@/components/ui/icon-button.module.css';
import { ScreenTitle } from '@/components/ui/screen-title';
import { fileUrl } from '@/data/pb/files';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ko } from '@/i18n/ko-features';
import { useOwnProfile } from '@/components/live/accounts';
import { CollectBookShelf } from './collect-book-shelf';
import { ExchangeStatusPanel } from './exchange-status-panel';
import styles from './profile-screen.module.css';

/**
 * /profile (docs/product-rules.md, Profile and settings): avatar (the default one when the picture
 * fails to load), name and nickname, the collect-book shelf, the live exchange status and the
 * links (wishlist, guide, report). Logged out, a short prompt to log in.
 */
export function ProfileScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  return (
    <section className={styles.screen}>
      <ScreenTitle
        title={ko.screens.profile}
        actions={
          <Link
            to="/profileSetting"
            className={iconButton.iconButton}
            aria-label={ko.profile.settings}
          >
            <SettingsIcon />
          </Link>
        }
      />
      {userId ? <SignedIn userId={userId} /> : <SignedOut />}
    </section>
  );
}

function SignedOut() {
  return (
    <NoticeCard
      icon={<UserIcon size={32} />}
      title={ko.profile.loggedOutTitle}
      body={ko.profile.loggedOutBody}
      testId="profile-logged-out"
    >
      <Link to="/login" className={noticeActionClass}>
        {ko.profile.loginLink}
      </Link>
    </NoticeCard>
  );
}

function SignedIn({ userId }: { userId: string }) {
  const profile = useOwnProfile();
  const name = profile ? profile.name || profile.username : ko.common.loadingWriter;
  // A profile image that fails to load leaves the default avatar, silently (docs/product-rules.md,
  // Profile and settings).
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const avatar = profile?.avatar ? fileUrl('users', profile.id, profile.avatar, '100x100') : '';

  return (
    <div className={styles.body}>
      <div className={styles.hero} data-testid="profile-hero">
        {avatar && avatar !== failedSrc ? (
          <img
            className={styles.avatar}
            src={avatar}
            alt={ko.profile.avatarAlt(name)}
            width={72}
            height={72}
            onError={() => setFailedSrc(avatar)}
            data-testid="profile-avatar"
          />
        ) : (
          <span
            className={`${styles.avatar} ${styles.avatarDefault}`}
            aria-hidden="true"
            data-testid="profile-avatar-default"
          >
            <UserIcon size={36} />
          </span>
        )}
        <div className={styles.names}>
          <p className={styles.name} data-testid="profile-name">
            {name}
          </p>
          {profile?.username ? (
            <p className={styles.username} data-testid="profile-username">
              @{profile.username}
            </p>
          ) : null}
        </div>
      </div>

      <CollectBookShelf />

      <ExchangeStatusPanel userId={userId} />

      <nav className={styles.links} aria-label={ko.profile.linksLabel}>
        <Link to="/LikeDetail" className={styles.link}>
          <HeartIcon size={20} />
          <span>{ko.profile.likeList}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link
          to="/settings/$topic"
          params={{ topic: 'guide' }}
          className={styles.link}
          data-testid="profile-guide"
        >
          <BookIcon size={20} />
          <span>{ko.profile.guide}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link to="/informUs" className={styles.link} data-testid="profile-report">
          <MegaphoneIcon size={20} />
          <span>{ko.profile.report}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
      </nav>
    </div>
  );
}
