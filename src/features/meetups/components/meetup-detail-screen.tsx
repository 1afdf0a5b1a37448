import { Link } from '@tanstack/react-router';
import { ScreenTitle } from '@/components/ui/screen-title';
import { ShareButton } from '@/components/ui/share-button';
import { koShare } from '@/i18n/ko-share';
import { ko } from '@/i18n/ko-features';
import { useMeetUp } from '@/domains/meetups/hooks';
import { CommentSection } from '@/features/meetups/components/detail/comment-section';
import { EventCarousel } from '@/features/meetups/components/detail/event-carousel';
import { EventInfo } from '@/features/meetups/components/detail/event-info';
import { EventMap } from '@/features/meetups/components/detail/event-map';
import { OfflinePackSlot } from '@/components/ui/offline-pack-slot';
import { useToday } from '@/live/render-clock';
import { meetupStatus } from '@/features/meetups/status/meetup-status';
import frame from '@/components/ui/detail-screen.module.css';
import styles from '@/features/meetups/components/detail/meetup-detail.module.css';

/**
 * /meetupDetail/{id} (docs/product-rules.md, Event detail): the event's images, its card (title,
 * cafe, address, source, period, GIFT and EVENT), the map at the cafe and the comments. Everything
 * reads the local store, so a visited event opens offline; the map is a separate chunk, so the page
 * works without it.
 * Keyed by id so moving to another event starts with an empty comment form and a fresh carousel.
 */
export function MeetupDetailScreen({ id }: { id: string }) {
  return <Detail key={id} id={id} />;
}

function Detail({ id }: { id: string }) {
  const meetUp = useMeetUp(id);
  const today = useToday();
  const status = meetUp ? meetupStatus(meetUp, today) : null;

  return (
    <section className={frame.screen}>
      <ScreenTitle
        title={ko.screens.meetupDetail}
        back
        actions={
          meetUp ? (
            <ShareButton
              path={`/meetupDetail/${meetUp.id}`}
              title={koShare.meetupDetail.title(meetUp.eventTitle)}
            />
          ) : undefined
        }
        documentTitle={
          meetUp === undefined
            ? null
            : meetUp === null
              ? koShare.meetupDetail.missing
              : koShare.meetupDetail.title(meetUp.eventTitle)
        }
      />
      {meetUp === undefined ? (
        <p className={frame.status} role="status">
          {ko.common.loading}
        </p>
      ) : meetUp === null ? (
        <div className={frame.status} role="alert" data-testid="meetup-missing">
          <p className={frame.error}>{ko.meetupDetail.notFound}</p>
          <p>{ko.meetupDetail.notFoundHint}</p>
          <Link to="/meetup" className={frame.back}>
            {ko.meetupDetail.backToMap}
          </Link>
        </div>
      ) : (
        <div className={styles.layout} data-testid="meetup-detail">
          <div className={styles.top}>
            <EventCarousel meetUp={meetUp} />
            <EventInfo meetUp={meetUp} status={status} />
          </div>
          <OfflinePackSlot kind="event" id={meetUp.id} />
          <EventMap meetUp={meetUp} />
          <CommentSection meetUpId={meetUp.id} ended={status === 'ended'} />
        </div>
      )}
    </section>
  );
}
