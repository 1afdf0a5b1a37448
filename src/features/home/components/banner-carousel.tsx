import { useState } from 'react';
import { Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import { ko } from '../../../i18n/ko-features';
import { useSwiperRotation } from '../../../components/ui/use-swiper-rotation';
import { BannerCard, BANNERS } from './banner-card';
import { PauseGlyph, PlayGlyph } from '../../../components/ui/rotation-glyphs';
import styles from './banner-carousel.module.css';

// Spec §9: 3000 ms, loop, pause on hover. Kept outside the component: Swiper React re-applies
// options whose identity changes.
const MODULES = [Autoplay];
const AUTOPLAY: SwiperOptions['autoplay'] = {
  delay: 3000,
  pauseOnMouseEnter: true,
  disableOnInteraction: false,
};

/**
 * The home banners (spec §2), after the WAI carousel pattern: a rotation button and a button per
 * slide, the hidden slides inert (out of the tab order and the accessibility tree) so a keyboard
 * lands only on the banner in view. Rotation stops while keyboard focus is inside, while the mouse
 * is over it, when the fan presses pause, and from the start when the system asks for less motion.
 */
export function BannerCarousel() {
  const [active, setActive] = useState(0);
  const { swiper, reducedMotion, setSwiper, playing, rotate, toggle, focusHandlers } =
    useSwiperRotation();

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={ko.home.carouselLabel}
      data-testid="home-carousel"
      data-rotating={rotate}
      {...focusHandlers}
    >
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.rotation}
          aria-label={playing ? ko.home.pauseSlides : ko.home.playSlides}
          onClick={toggle}
          data-rotation=""
          data-testid="home-carousel-rotation"
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
        <div className={styles.dots} role="group" aria-label={ko.home.slidePickerLabel}>
          {BANNERS.map((banner, i) => (
            <button
              key={banner.key}
              type="button"
              className={styles.dot}
              aria-label={ko.home.showSlide(i + 1)}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => swiper?.slideToLoop(i)}
            >
              <span className={styles.dotMark} />
            </button>
          ))}
        </div>
      </div>
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
    </section>
  );
}
