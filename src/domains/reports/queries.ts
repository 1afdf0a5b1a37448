/**
 * Reads of reports (제보). What reaches this device is what the API rules let the user read: an
 * admin's device holds every report, anyone else's only their own.
 */
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import type { Report } from '@/data/pb/records.ts';
import { compareKeys } from '@/lib/compare';

/** The reports on this device, newest first. */
export async function listReports(db: AppDB = defaultDb): Promise<Report[]> {
  const reports = await db.informUs.toArray();
  return reports.sort((a, b) => compareKeys(b.created, a.created) || compareKeys(b.id, a.id));
}
