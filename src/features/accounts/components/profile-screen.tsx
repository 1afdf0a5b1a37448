import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import {
  BookIcon,
  CardsIcon,
  ChatIcon,
  ChevronLeftIcon,
  ExchangeIcon,
  HeartIcon,
  MegaphoneIcon,
  SettingsIcon,
  SparkleIcon,
  UserIcon,
} from '@/components/ui/icons';
import iconButton from '@/components/ui/icon-button.module.css';
import { ScreenTitle } from '@/components/ui/screen-title';
import { useHasNewNotice } from '@/domains/notices/hooks';
import { NewDot, newDotAnchorClass } from '@/components/ui/new-dot';
import { koNewNotice } from '@/i18n/ko-content-links';
import { fileUrl } from '@/data/pb/files';
import { NoticeCard, noticeActionClass } from '@/components/ui/notice-card';
import { ko } from '@/i18n/ko-features';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import { nicknameOf, useOwnProfile, usePublicProfiles } from '@/domains/accounts/hooks';
import { useFanTrust, useTradesWaiting } from '@/domains/trades/hooks';
import { useNow } from '@/components/hooks/use-now';
import { pbTimestampMs } from '@/data/time';
import { relativeTime } from '@/lib/relative-time';
import { CollectBookShelf } from './collect-book-shelf';
import { ExchangeStatusPanel } from './exchange-status-panel';
import styles from './profile-screen.module.css';
import { tradesKo } from '@/domains/trades/ko.ts';

const tt = koTradeScreens.profile;

/** Reviews shown on the profile (the trust route sends the latest 20). */
const REVIEWS_SHOWN = 3;

/**
 * /profile (docs/product-rules.md, Profile and settings): avatar (the default one when the picture
 * fails to load), name and nickname, the collect-book shelf, the live exchange status, the trade
 * trust (completed trades and the latest reviews, docs/trades.md) and the links (trades menu,
 * wishlist, guide, report). Logged out, a short prompt to log in.
 */
export function ProfileScreen() {
  const userId = useAtomValue(sessionUserIdAtom);
  return (
    <section className={styles.screen}>
      <ScreenTitle title={ko.screens.profile} actions={<SettingsLink />} />
      {userId ? <SignedIn userId={userId} /> : <SignedOut />}
    </section>
  );
}

/**
 * The settings gear, with the new dot while a notice is unread (docs/product-rules.md, Notices).
 * Its name stays '설정'; the dot is told as its description.
 */
function SettingsLink() {
  const newNotice = useHasNewNotice();
  return (
    <Link
      to="/profileSetting"
      className={`${iconButton.iconButton} ${newDotAnchorClass}`}
      aria-label={ko.profile.settings}
      aria-describedby={newNotice ? 'profile-settings-new' : undefined}
      data-testid="profile-settings"
    >
      <SettingsIcon />
      {newNotice ? (
        <>
          <NewDot corner />
          <span id="profile-settings-new" hidden>
            {koNewNotice}
          </span>
        </>
      ) : null}
    </Link>
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
  const waiting = useTradesWaiting() ?? 0;
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

      <TrustPanel userId={userId} completed={profile?.tradesCompleted} />

      <nav className={styles.links} aria-label={tt.menuLabel} data-testid="profile-trade-menu">
        <Link to="/tradeList" className={styles.link}>
          <CardsIcon size={20} />
          <span>{tt.tradeList}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link to="/tradeQr" className={styles.link} data-testid="profile-trade-qr">
          <CardsIcon size={20} />
          <span>{tt.tradeQr}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link to="/matching" className={styles.link}>
          <SparkleIcon size={20} />
          <span>{tt.matching}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link to="/trades" className={styles.link}>
          <ExchangeIcon size={20} />
          <span>{tt.trades}</span>
          {waiting ? (
            <>
              <span className={styles.count} aria-hidden="true" data-testid="trades-waiting">
                {waiting > 99 ? '99+' : waiting}
              </span>
              {/* read after the visible name (an aria-label would hide the count a sighted
                  fan sees from the name a voice-control user says) */}
              <span className="visually-hidden">{tt.tradesWaiting(waiting)}</span>
            </>
          ) : null}
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link to="/chatting" className={styles.link}>
          <ChatIcon size={20} />
          <span>{tt.chatting}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
      </nav>

      <nav className={styles.links} aria-label={ko.profile.linksLabel}>
        <Link to="/LikeDetail" className={styles.link}>
          <HeartIcon size={20} />
          <span>{ko.profile.likeList}</span>
          <ChevronLeftIcon size={18} className={styles.chevron} />
        </Link>
        <Link to="/guide" className={styles.link} data-testid="profile-guide">
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

/**
 * The fan's trade trust as other fans see it: completed trades (the trust route's count, else the
 * one on the device's copy of the profile), how many reviews gave each tag (포장 꼼꼼해요 3) and
 * the latest reviews, which only the route has.
 */
function TrustPanel({ userId, completed }: { userId: string; completed: number | undefined }) {
  const trust = useFanTrust(userId);
  const reviews = trust?.reviews.slice(0, REVIEWS_SHOWN) ?? [];
  const authors = usePublicProfiles(reviews.map((r) => r.author));
  const now = useNow(60_000);
  const count = trust?.tradesCompleted ?? completed;
  // every review's tags, the most given first
  const tagCounts = Object.entries(trust?.tagCounts ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return (
    <section className={styles.trust} aria-labelledby="trust-title" data-testid="profile-trust">
      <div className={styles.trustHead}>
        <h2 id="trust-title" className={styles.trustTitle}>
          {tt.trustTitle}
        </h2>
        <p className={styles.trustCount}>
          <span>{tt.completed}</span>{' '}
          <strong data-testid="profile-trades-completed">{count ?? '–'}</strong>
        </p>
      </div>
      {trust && tagCounts.length ? (
        <>
          <h3 className={styles.reviewsTitle}>{tt.tagsTitle}</h3>
          <ul className={styles.tagCounts} data-testid="profile-review-tags">
            {tagCounts.map(([tag, n]) => (
              <li key={tag} className={styles.tagCount} data-tag={tag}>
                {tradesKo.tags[tag as keyof typeof tradesKo.tags] ?? tag} <strong>{n}</strong>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className={styles.reviewsTitle}>{tt.reviewsTitle}</h3>
      {!trust ? (
        <p className={styles.reviewsNote}>{tt.reviewsOffline}</p>
      ) : !reviews.length ? (
        <p className={styles.reviewsNote}>{tt.noReviews}</p>
      ) : (
        <ul className={styles.reviews} data-testid="profile-reviews">
          {reviews.map((r) => {
            const author = authors?.get(r.author);
            const created = pbTimestampMs(r.created);
            return (
              <li key={r.id} className={styles.review}>
                <p className={styles.reviewHead}>
                  <span className={styles.rating} data-rating={r.rating}>
                    {tradesKo.ratings[r.rating]}
                  </span>
                  <span className={styles.reviewBy}>
                    {author ? tt.byFan(nicknameOf(author)) : ''}
                    {Number.isNaN(created) ? '' : ` · ${relativeTime(created, now)}`}
                  </span>
                </p>
                {r.text ? <p className={styles.reviewText}>{r.text}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
