import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { safeAppPath } from '@/data/push/payload';
import { markNotificationRead } from '@/domains/tables/writes';
import type { AppNotification } from '@/data/pb/records';

/**
 * Opening an alert from /alerts: its route opens at once and the alert is marked read (queued
 * like any change, so it works offline and reaches the server once).
 */
export function useOpenAlert(): (alert: AppNotification) => void {
  const router = useRouter();
  return useCallback(
    (alert: AppNotification) => {
      if (!alert.read) {
        void markNotificationRead(alert.id).catch((err: unknown) =>
          console.warn('[alerts] could not mark read', err),
        );
      }
      router.history.push(safeAppPath(alert.url || '/alerts'));
    },
    [router],
  );
}
