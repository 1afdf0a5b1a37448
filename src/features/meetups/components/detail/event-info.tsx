import type { ReactNode } from 'react';
import type { MeetUp } from '@/data/pb/records';
import { ko } from '@/i18n/ko-features';
import type { MeetupStatus } from '@/features/meetups/status/meetup-status';
import { StatusChip } from '@/features/meetups/status/status-filter';
import styles from './event-info.module.css';

const t = ko.meetupDetail;

/** Only http(s) links are shown as links: `source` is free text a fan reported. */
function safeUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** "2026.11.20 - 2026.11.23": the record's own text, else built from its start and end dates. */
export function periodText(meetUp: Pick<MeetUp, 'date' | 'startDate' | 'endDate'>): string {
  if (meetUp.date.trim()) return meetUp.date.trim();
  const day = (value: string) => value.slice(0, 10).replaceAll('-', '.');
  const start = day(meetUp.startDate);
  const end = day(meetUp.endDate);
  if (start && end && start !== end) return `${start} - ${end}`;
  return start || end;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={styles.row} data-testid={testId}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

const orNone = (value: string) => value.trim() || t.none;

/**
 * The event card (docs/product-rules.md, Event detail): title, cafe, address, the X (Twitter) post
 * it was announced in and the period; then the GIFT section (basic, first-come and dessert/cookie
 * gifts) and the EVENT section (its two hashtags).
 */
export function EventInfo({
  meetUp,
  status = null,
}: {
  meetUp: MeetUp;
  /** 진행 중, 예정 or 종료 today, shown before the period. */
  status?: MeetupStatus | null;
}) {
  const source = safeUrl(meetUp.source);
  const hashtags = [meetUp.firstHashtag, meetUp.secondHashtag].map((h) => h.trim()).filter(Boolean);

  return (
    <div className={styles.info}>
      <article className={styles.card} data-testid="meetup-card">
        {meetUp.artistName ? <p className={styles.artist}>{meetUp.artistName}</p> : null}
        <h2 className={styles.title} data-testid="meetup-title">
          {meetUp.eventTitle}
        </h2>
        {status ? (
          <p className={styles.status}>
            <StatusChip status={status} />
          </p>
        ) : null}
        <dl className={styles.list}>
          <Row label={t.cafe} testId="meetup-cafe">
            {orNone(meetUp.cafeName)}
          </Row>
          <Row label={t.address} testId="meetup-address">
            {orNone(meetUp.address)}
          </Row>
          <Row label={t.period} testId="meetup-period">
            {periodText(meetUp) || t.none}
          </Row>
          <Row label={t.source} testId="meetup-source">
            {source ? (
              <a className={styles.link} href={source} target="_blank" rel="noopener noreferrer">
                {t.sourceLink}
                <span className="visually-hidden"> {t.sourceOpensNewTab}</span>
              </a>
            ) : (
              orNone(meetUp.source)
            )}
          </Row>
        </dl>
      </article>

      <section className={styles.card} aria-labelledby="meetup-gift" data-testid="meetup-gift">
        <h2 id="meetup-gift" className={styles.heading}>
          {t.giftTitle}
        </h2>
        <dl className={styles.list}>
          <Row label={t.basicGift} testId="meetup-basic-gift">
            {orNone(meetUp.basicGift)}
          </Row>
          <Row label={t.priorityGift} testId="meetup-priority-gift">
            {orNone(meetUp.priorityGift)}
          </Row>
          <Row label={t.desertGift} testId="meetup-desert-gift">
            {orNone(meetUp.desertGift)}
          </Row>
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="meetup-event" data-testid="meetup-event">
        <h2 id="meetup-event" className={styles.heading}>
          {t.eventTitle}
        </h2>
        {hashtags.length ? (
          <ul className={styles.tags} aria-label={t.hashtags}>
            {hashtags.map((tag) => (
              <li key={tag} className={styles.tag} data-testid="meetup-hashtag">
                {tag}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.value}>{t.none}</p>
        )}
      </section>
    </div>
  );
}
