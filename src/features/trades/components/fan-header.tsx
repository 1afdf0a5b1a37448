import type { ReactNode } from 'react';
import { WriterAvatar } from '@/components/ui/writer-avatar';
import { nicknameOf, usePublicProfile, type PublicProfile } from '@/domains/accounts/hooks';
import type { FanTrust } from '@/domains/trades/hooks';
import { koTradeScreens } from '@/i18n/ko-trade-screens';
import styles from './fan-header.module.css';

const t = koTradeScreens.fan;

/** A fan as the trade screens name them: their nickname (never their name). */
export function fanName(profile: PublicProfile | null | undefined): string {
  return nicknameOf(profile, t.loading);
}

/** The trust line: completed trades and good reviews, when the trust route has answered. */
export function TrustLine({ trust }: { trust: FanTrust | undefined }) {
  if (!trust) return null;
  // every good review (the route counts them all); an older answer only had the latest 20
  const good = trust.ratingCounts?.good ?? trust.reviews.filter((r) => r.rating === 'good').length;
  return (
    <span className={styles.trust} data-testid="fan-trust">
      {t.tradesCompleted(trust.tradesCompleted)}
      {good ? <span className={styles.good}>{t.goodReviews(good)}</span> : null}
    </span>
  );
}

export interface FanHeaderProps {
  fanId: string;
  /** The fan's profile when the screen read it already (a list reads its fans at once). */
  profile?: PublicProfile | null;
  /** The fan's trust, when asked (undefined: not shown). */
  trust?: FanTrust;
  /** Badges after the name (양방향 매칭). */
  children?: ReactNode;
  /** The element of the name: a heading in a list of fans. */
  as?: 'h2' | 'h3' | 'p';
}

/** A fan's avatar, name and trust line: who a match, a proposal or a trade is with. */
export function FanHeader({
  fanId,
  profile: given,
  trust,
  children,
  as: Name = 'p',
}: FanHeaderProps) {
  const read = usePublicProfile(given === undefined ? fanId : null);
  const profile = given === undefined ? read : given;
  return (
    <div className={styles.fan}>
      <WriterAvatar writer={profile ?? undefined} />
      <div className={styles.who}>
        <Name className={styles.name} data-testid="fan-name">
          {fanName(profile)}
        </Name>
        <TrustLine trust={trust} />
      </div>
      {children ? <div className={styles.badges}>{children}</div> : null}
    </div>
  );
}
