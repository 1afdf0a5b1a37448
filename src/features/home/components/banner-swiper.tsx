import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import 'swiper/css';
import { ko } from '@/i18n/ko-features';
import { BannerCard, BANNERS } from './banner-card';
import styles from './banner-carousel.module.css';

// 3000 ms, loop, pause on hover. Kept outside the component: Swiper React re-applies
// options whose identity changes.
const MODULES = [Autoplay];
const AUTOPLAY: SwiperOptions['autoplay'] = {
  delay: 3000,
  pauseOnMouseEnter: true,
  disableOnInteraction: false,
};

export interface BannerSwiperProps {
  active: number;
  reducedMotion: boolean;
  setSwiper: (swiper: SwiperInstance) => void;
  setActive: (index: number) => void;
}

/** The turning slides, with Swiper: loaded after the first paint (see banner-carousel.tsx). */
export function BannerSwiper({ active, reducedMotion, setSwiper, setActive }: BannerSwiperProps) {
  return (
    <Swiper
      className={styles.swiper}
      modules={MODULES}
      autoplay={AUTOPLAY}
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
