import { A11y, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance, SwiperOptions } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import type { MeetUp } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import styles from './event-carousel.module.css';

// Loop, navigation, pagination, keyboard (useSwiperRotation's timer turns it). Kept outside the
// component: Swiper React re-applies options whose identity changes.
const MODULES = [Navigation, Pagination, Keyboard, A11y];
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

import { EventImage } from './event-image';

export interface EventSwiperProps {
  meetUp: MeetUp;
  images: string[];
  reducedMotion: boolean;
  setSwiper: (swiper: SwiperInstance) => void;
  /** Opens the full-screen viewer at an image. */
  onOpen: (index: number) => void;
}

/** The turning images, with Swiper: loaded after the first paint (see event-carousel.tsx). */
export function EventSwiper({
  meetUp,
  images,
  reducedMotion,
  setSwiper,
  onOpen,
}: EventSwiperProps) {
  const many = images.length > 1;
  return (
    <Swiper
      className={styles.swiper}
      modules={MODULES}
      loop={many}
      navigation={many}
      pagination={many ? PAGINATION : false}
      keyboard={many ? KEYBOARD : false}
      a11y={A11Y}
      speed={reducedMotion ? 0 : 400}
      onSwiper={setSwiper}
    >
      {images.map((file, i) => {
        return (
          <SwiperSlide key={file} className={styles.slide} data-testid="meetup-slide">
            <EventImage meetUp={meetUp} file={file} index={i} onOpen={onOpen} />
          </SwiperSlide>
        );
      })}
    </Swiper>
  );
}
