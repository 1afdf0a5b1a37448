import type { ReactNode } from 'react';
import { pbTimestampMs } from '@/data/time';
import { relativeTime } from '@/lib/relative-time';
import type { PublicProfile } from '@/domains/accounts/hooks';
import { PendingMark } from './pending-mark';
import { WriterAvatar } from './writer-avatar';
import styles from './byline.module.css';

interface BylineHeadProps {
  /** Undefined until the writer's profile is in the local store. */
  writer: PublicProfile | undefined;
  /** The name shown (or '로딩 중...'). */
  name: string;
  /** The record's `created` (PocketBase's timestamp); no time is shown if it doesn't parse. */
  created: string;
  now: number;
  sync: 'sent' | 'pending' | 'failed';
  nameTestId: string;
  timeTestId?: string;
  /** After the pending mark (an exchange post's status chip). */
  children?: ReactNode;
}

/** A written item's head: the writer's avatar and name, how long ago, and a mark until it's sent. */
export function BylineHead({
  writer,
  name,
  created,
  now,
  sync,
  nameTestId,
  timeTestId,
  children,
}: BylineHeadProps) {
  const createdMs = pbTimestampMs(created);
  return (
    <div className={styles.head}>
      <WriterAvatar writer={writer} />
      <div className={styles.who}>
        <span className={styles.name} data-testid={nameTestId}>
          {name}
        </span>
        {Number.isNaN(createdMs) ? null : (
          <time
            className={styles.time}
            dateTime={new Date(createdMs).toISOString()}
            data-testid={timeTestId}
          >
            {relativeTime(createdMs, now)}
          </time>
        )}
      </div>
      {sync === 'sent' ? null : <PendingMark variant={sync} />}
      {children}
    </div>
  );
}
