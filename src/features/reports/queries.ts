// Live reads of reports: an admin sees every report, a fan their own (the API rules decide what
// reaches the device).
import { useLiveQuery } from 'dexie-react-hooks';
import { sessionUserIdAtom, useAtomValue } from '../../app/store';
import type { Report } from '../../data/pb/records';
import { listReports } from '../../data/queries/reports';

/** The reports readable on this device, newest first; empty when logged out. */
export function useReports(): Report[] | undefined {
  const userId = useAtomValue(sessionUserIdAtom);
  return useLiveQuery(() => (userId ? listReports() : []), [userId]);
}
