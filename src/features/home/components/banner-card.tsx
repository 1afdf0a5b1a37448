import { Link } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import {
  BookIcon,
  CardsIcon,
  ExchangeIcon,
  MapPinIcon,
  MegaphoneIcon,
} from '@/components/ui/icons';
import { ko } from '@/i18n/ko-features';
import styles from './banner-card.module.css';

export interface Banner {
  key: keyof typeof ko.home.banners;
  to: '/exchange' | '/meetup' | '/profile' | '/informUs';
  Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** A CSS module class: the banner's gradient. */
  tone: 'brand' | 'night' | 'violet' | 'plum';
}

/**
 * docs/product-rules.md, Home: 4 banners. Each leads to a real screen; none needs an image file.
 */
export const BANNERS: readonly Banner[] = [
  { key: 'exchange', to: '/exchange', Icon: ExchangeIcon, tone: 'brand' },
  { key: 'meetup', to: '/meetup', Icon: MapPinIcon, tone: 'night' },
  { key: 'collectBook', to: '/profile', Icon: BookIcon, tone: 'violet' },
  { key: 'informUs', to: '/informUs', Icon: MegaphoneIcon, tone: 'plum' },
];

/**
 * One banner, drawn with CSS: brand gradient, headline and sub line on the left, tilted photo
 * card shapes and the topic's icon on the right. The whole banner is one link; the English
 * eyebrow and the art are decoration, so the link reads as the Korean headline and sub line.
 */
export function BannerCard({ banner }: { banner: Banner }) {
  const text = ko.home.banners[banner.key];
  const { Icon } = banner;
  return (
    <Link
      to={banner.to}
      className={`${styles.banner} ${styles[banner.tone]}`}
      data-testid="home-banner-link"
    >
      <span className={styles.text}>
        <span className={styles.eyebrow} aria-hidden="true">
          {text.eyebrow}
        </span>
        <span className={styles.title}>{text.title}</span>
        <span className={styles.body}>{text.body}</span>
        <span className={styles.cta}>
          {ko.home.bannerCta}
          <span aria-hidden="true"> →</span>
        </span>
      </span>
      <span className={styles.art} aria-hidden="true">
        <span className={`${styles.card} ${styles.cardBack}`}>
          <CardsIcon size={28} />
        </span>
        <span className={`${styles.card} ${styles.cardFront}`}>
          <Icon size={44} strokeWidth={1.6} />
        </span>
        <span className={styles.sparkleA}>✦</span>
        <span className={styles.sparkleB}>✦</span>
      </span>
    </Link>
  );
}
