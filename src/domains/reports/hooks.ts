// Live reads of reports: an admin sees every report, a fan their own (the API rules decide what
// reaches the device).
import { sessionUserIdAtom, useAtomValue } from '@/state/store';
import { useRead } from '@/live/use-read';
import type { Report } from '@/data/pb/records';

/** The reports readable on this device, newest first; empty when logged out. */
export function useReports(): Report[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useRead('reports', userId);
}
