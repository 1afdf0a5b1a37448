import { Link } from '@tanstack/react-router';
import { sessionUserIdAtom, useAtomValue } from '../../../app/store';
import {
  ChevronLeftIcon,
  HeartIcon,
  MegaphoneIcon,
  SettingsIcon,
  UserIcon,
} from '../../../components/ui/icons';
import iconButton from '../../../components/ui/icon-button.module.css';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { fileUrl } from '../../../data/pb/files';
import { ko } from '../../../i18n/ko-features';
import { useOwnProfile } from '../queries';
import { ExchangeStatusPanel } from './exchange-status-panel';
import styles from './profile-screen.module.css';

/**
 * /profile (spec §2 "Profile and settings"), the modest first version: who is signed in, the live
 * exchange status panel and the links. Logged out, a short prompt to log in.
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
    <div className={styles.prompt} data-testid="profile-logged-out">
      <span className={styles.promptIcon} aria-hidden="true">
        <UserIcon size={32} />
      </span>
      <p className={styles.promptTitle}>{ko.profile.loggedOutTitle}</p>
      <p className={styles.promptBody}>{ko.profile.loggedOutBody}</p>
      <Link to="/login" className={styles.loginLink}>
        {ko.profile.loginLink}
      </Link>
    </div>
  );
}

function SignedIn({ userId }: { userId: string }) {
  const profile = useOwnProfile();
  const name = profile ? profile.name || profile.username : ko.common.loadingWriter;

  return (
    <div className={styles.body}>
      <div className={styles.hero} data-testid="profile-hero">
        {profile?.avatar ? (
          <img
            className={styles.avatar}
            src={fileUrl('users', profile.id, profile.avatar, '100x100')}
            alt=""
            width={72}
            height={72}
          />
        ) : (
          <span className={`${styles.avatar} ${styles.avatarDefault}`} aria-hidden="true">
            <UserIcon size={36} />
          </span>
        )}
        <div className={styles.names}>
          <p className={styles.name} data-testid="profile-name">
            {name}
          </p>
          {profile?.username ? <p className={styles.username}>@{profile.username}</p> : null}
        </div>
      </div>

      {/* The collect-book shelf (covers 100×135 px plus an add tile) goes here, above the panel. */}

      <ExchangeStatusPanel userId={userId} />

      <nav className={styles.links} aria-label={ko.screens.profile}>
        <Link to="/LikeDetail" className={styles.link}>
          <HeartIcon size={20} />
          <span>{ko.profile.likeList}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link to="/informUs" className={styles.link}>
          <MegaphoneIcon size={20} />
          <span>{ko.profile.report}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
      </nav>
    </div>
  );
}
