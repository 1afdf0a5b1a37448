import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { EVENT_IMAGE, responsiveFile } from '../../../../data/pb/files';
import type { MeetUp } from '../../../../data/pb/records';
import { ko } from '../../../../i18n/ko-features';
import { PauseGlyph, PlayGlyph } from '../../../../components/ui/rotation-glyphs';
import { useSwiperRotation } from '../../../../components/ui/use-swiper-rotation';
import styles from './event-carousel.module.css';

// Spec §2/§9: 3000 ms, loop, pause on hover, navigation, pagination, keyboard. Kept outside the
// component: Swiper React re-applies options whose identity changes.
const MODULES = [Autoplay, Navigation, Pagination, Keyboard, A11y];
const AUTOPLAY: SwiperOptions['autoplay'] = {
  delay: 3000,
  pauseOnMouseEnter: true,
  disableOnInteraction: false,
};
const PAGINATION: SwiperOptions['pagination'] = { clickable: true };
const KEYBOARD: SwiperOptions['keyboard'] = { enabled: true, onlyInViewport: true };
const t = ko.meetupDetail;
const A11Y: SwiperOptions['a11y'] = {
  prevSlideMessage: t.previousSlide,
  nextSlideMessage: t.nextSlide,
  firstSlideMessage: t.firstSlide,
  lastSlideMessage: t.lastSlide,
  paginationBulletMessage: t.showSlide,
  slideLabelMessage: '{{index}} / {{slidesLength}}',
  slideRole: 'group',
  itemRoleDescriptionMessage: t.slideRoleDescription,
};

/**
 * The frame's width (event-carousel.module.css, in meetup-detail.module.css's layout): the screen
 * less the 1rem gutters on phones and tablets; from 1080 px the first of two columns (1.1fr and
 * 1fr, 2rem apart) of a layout at most 1080 px wide inside the 2rem gutters.
 */
const FRAME_SIZES = [
  '(min-width: 1144px) 549px',
  '(min-width: 1080px) calc((100vw - 6rem) * 0.5238)',
  'calc(100vw - 2rem)',
].join(', ');

/**
 * The event's images. With more than one they rotate every 3 s and loop; rotation stops while the
 * mouse is over them, while keyboard focus is inside, when the fan presses pause, and from the
 * start when the system asks for less motion. One image is shown still; none, a placeholder.
 */
export function EventCarousel({ meetUp }: { meetUp: MeetUp }) {
  const images = meetUp.eventImg.filter(Boolean);
  if (images.length === 0) {
    return (
      <div className={`${styles.frame} ${styles.empty}`} data-testid="meetup-carousel">
        <p>{t.noImage}</p>
      </div>
    );
  }
  return <Rotating meetUp={meetUp} images={images} />;
}

function Rotating({ meetUp, images }: { meetUp: MeetUp; images: string[] }) {
  const many = images.length > 1;
  const { reducedMotion, setSwiper, playing, rotate, toggle, focusHandlers } =
    useSwiperRotation(many);

  return (
    <section
      className={styles.frame}
      aria-roledescription="carousel"
      aria-label={t.carouselLabel(meetUp.eventTitle)}
      data-testid="meetup-carousel"
      data-rotating={rotate}
      {...focusHandlers}
    >
      {many ? (
        <button
          type="button"
          className={styles.rotation}
          aria-label={playing ? t.pauseSlides : t.playSlides}
          onClick={toggle}
          data-rotation=""
          data-testid="meetup-carousel-rotation"
        >
          {playing ? <PauseGlyph /> : <PlayGlyph />}
        </button>
      ) : null}
      <Swiper
        className={styles.swiper}
        modules={MODULES}
        // Always configured (hover pause included); the effect above starts and stops it.
        autoplay={many ? AUTOPLAY : false}
        loop={many}
        navigation={many}
        pagination={many ? PAGINATION : false}
        keyboard={many ? KEYBOARD : false}
        a11y={A11Y}
        speed={reducedMotion ? 0 : 400}
        onSwiper={setSwiper}
      >
        {images.map((file, i) => {
          const image = responsiveFile('meetUps', meetUp.id, file, EVENT_IMAGE, 720);
          return (
            <SwiperSlide key={file} className={styles.slide} data-testid="meetup-slide">
              {/* The first image is the page's largest paint: fetched first. The others stay
                  eager (at the default low priority): autoplay shows them within seconds, and
                  a page seen once keeps them for offline. */}
              <img
                className={styles.image}
                src={image.src}
                srcSet={image.srcSet}
                sizes={FRAME_SIZES}
                alt={t.imageAlt(meetUp.eventTitle, i + 1)}
                width={600}
                height={400}
                loading="eager"
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
                draggable={false}
              />
            </SwiperSlide>
          );
        })}
      </Swiper>
    </section>
  );
}
