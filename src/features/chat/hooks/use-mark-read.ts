import { useEffect } from 'react';
import { loadRepos } from '@/domains/tables/lazy';
import type { Thread } from '@/domains/chat/hooks';
import { usePageVisible } from '@/components/hooks/use-page-visible';

/**
 * Marks a thread read while it is on screen: when it opens with unread messages and whenever a new
 * one arrives while the page is visible (a hidden tab leaves them unread until the fan comes
 * back). markRead sets the fan's read mark to the other fan's latest message's server time
 * (docs/trades.md, On the device), so this device's clock never matters; with nothing new it
 * queues nothing.
 */
export function useMarkRead(thread: Thread | null | undefined): void {
  const visible = usePageVisible();
  const id = thread?.conversation.id;
  const unread = thread?.unread ?? 0;
  // the newest of the other fan's messages: a new one asks again even when the count is the same
  const latest = thread?.messages.findLast((m) => !m.mine)?.message.created ?? '';
  useEffect(() => {
    if (!id || !visible || unread === 0) return;
    loadRepos()
      .then((repos) => repos.markRead(id))
      .catch((err: unknown) => console.warn('[chat] could not mark the thread read', err));
  }, [id, visible, unread, latest]);
}
