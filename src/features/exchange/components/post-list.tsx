import { useMemo } from 'react';
import { isLoggedInAtom, sessionUserIdAtom, useAtomValue } from '@/state/store';
import type { ExchangePost } from '@/data/pb/records';
import { recordKey } from '@/data/outbox/names';
import { ko } from '@/i18n/ko-features';
import { useOwnProfile, usePublicProfiles } from '@/domains/accounts/hooks';
import { useNow } from '@/components/hooks/use-now';
import { useFailedKeys, usePendingKeys } from '@/live/sync';
import { PostItem } from './post-item';
import styles from './post-list.module.css';

// Relative times change by the minute; a 30 s tick keeps them at most half a minute behind.
const TICK_MS = 30_000;

/**
 * A card's posts, newest first, each with what the viewer may do with it (docs/product-rules.md,
 * Exchange posts).
 */
export function PostList({
  posts,
  empty = ko.exchange.noPosts,
}: {
  posts: ExchangePost[];
  /** What an empty list says (a filter that matches none says so). */
  empty?: string | undefined;
}) {
  const me = useAtomValue(sessionUserIdAtom);
  const loggedIn = useAtomValue(isLoggedInAtom);
  const ownProfile = useOwnProfile();
  const admin = ownProfile?.role === 'admin';
  const writerIds = useMemo(() => posts.map((p) => p.writer), [posts]);
  const writers = usePublicProfiles(writerIds);
  const pending = usePendingKeys();
  const failed = useFailedKeys();
  const now = useNow(TICK_MS);

  if (posts.length === 0) {
    return (
      <p className={styles.empty} data-testid="post-list-empty">
        {empty}
      </p>
    );
  }

  return (
    <ul className={styles.list} aria-label={ko.exchange.postsLabel} data-testid="post-list">
      {posts.map((post) => {
        const key = recordKey('exchangeList', post.id);
        return (
          <PostItem
            key={post.id}
            post={post}
            // the fan's own name is known at once, before a new list of writers has loaded
            writer={
              writers?.get(post.writer) ??
              (post.writer === me ? ownProfile : undefined) ??
              undefined
            }
            now={now}
            own={!!me && post.writer === me}
            admin={admin}
            loggedIn={loggedIn}
            sync={failed.has(key) ? 'failed' : pending.has(key) ? 'pending' : 'sent'}
          />
        );
      })}
    </ul>
  );
}
