import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import { ko } from '@/i18n/ko-features';
import { BannerCard, BANNERS } from './banner-card';
import styles from './banner-carousel.module.css';

export interface BannerSwiperProps {
  active: number;
  reducedMotion: boolean;
  setSwiper: (swiper: SwiperInstance) => void;
  setActive: (index: number) => void;
}

/**
 * The slides, with Swiper (loop): loaded after the first paint (see banner-carousel.tsx), turned
 * by useSwiperRotation's timer.
 */
export function BannerSwiper({ active, reducedMotion, setSwiper, setActive }: BannerSwiperProps) {
  return (
    <Swiper
      className={styles.swiper}
      loop
      speed={reducedMotion ? 0 : 500}
      onSwiper={setSwiper}
      onRealIndexChange={(s) => setActive(s.realIndex)}
    >
      {BANNERS.map((banner, i) => (
        <SwiperSlide
          key={banner.key}
          className={styles.slide}
          role="group"
          aria-roledescription="slide"
          aria-label={ko.home.slideLabel(i + 1, BANNERS.length)}
          inert={i !== active}
          data-testid="home-banner"
          data-index={i}
          data-active={i === active}
        >
          <BannerCard banner={banner} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
