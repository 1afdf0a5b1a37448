/** Reports (제보) of a photo card or a meetup, with an image. */
import { ko } from '@/i18n/ko.ts';
import { isBlank } from '@/lib/text.ts';
import { koReports } from '@/i18n/ko-reports.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { reportCreate, reportDelete } from './kinds.ts';
import type { ReportPayload, ReportPayloadInput } from './kinds.ts';
import { pbTimestamp } from '@/data/time.ts';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from '@/domains/collect-books/writes.ts';
import { InvalidInputError, LoginRequiredError, queueMutation } from '@/data/writes/queue.ts';

/** The report's fields; text fields left out are sent empty. */
export type ReportInput = Omit<ReportPayloadInput, 'id' | 'user' | 'createdAt'>;

const NO_TEXT = {
  group: '',
  artistName: '',
  phocaType: '',
  phocaTitle: '',
  cafeName: '',
  cafeAddress: '',
  meetUpDuration: '',
  SourceURL_: '',
} satisfies Partial<ReportPayload>;

/**
 * What each report type must carry (docs/product-rules.md, Reports), as pb_hooks/lib/reports.js checks it on the server:
 * a report missing one would only be refused later, after the fan was told it was saved.
 */
const REQUIRED = {
  phoca: ['phocaImg', 'group', 'artistName', 'phocaType', 'phocaTitle'],
  meetup: [
    'meetUpImg',
    'group',
    'artistName',
    'cafeName',
    'cafeAddress',
    'meetUpDuration',
    'SourceURL_',
  ],
} as const satisfies Record<ReportInput['type'], readonly (keyof ReportInput)[]>;

const HTTP_URL = /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i;

function isComplete(input: ReportInput): boolean {
  return REQUIRED[input.type].every((field) => {
    const value = input[field];
    if (value instanceof Blob) return true;
    const text = typeof value === 'string' ? value.trim() : '';
    if (field === 'phocaType') return (ko.photoCardTypes as readonly string[]).includes(text);
    if (field === 'SourceURL_') return HTTP_URL.test(text);
    return !isBlank(text);
  });
}

/** Queues a report; returns its id. */
export async function createReport(input: ReportInput, db: AppDB = defaultDb): Promise<string> {
  if (!isComplete(input)) throw new InvalidInputError(koReports.reports.incomplete);
  for (const img of [input.phocaImg, input.meetUpImg]) {
    if (img && (!THUMBNAIL_TYPES.includes(img.type) || img.size > THUMBNAIL_MAX_BYTES)) {
      throw new InvalidInputError(ko.sync.imageInvalid);
    }
  }
  const p = await queueMutation(
    reportCreate,
    ({ userId }) => ({
      ...NO_TEXT,
      ...input,
      id: newRecordId(),
      user: userId,
      createdAt: pbTimestamp(),
    }),
    db,
  );
  return p!.id;
}

/**
 * Deletes a report (its author or an admin, as the server allows); queued like every change, so
 * it works offline and is sent once. A report no longer on this device is a no-op.
 */
export async function deleteReport(id: string, db: AppDB = defaultDb): Promise<void> {
  await queueMutation(
    reportDelete,
    async ({ db, userId }) => {
      const report = await db.informUs.get(id);
      if (!report) return null;
      const me = await db.users.get(userId);
      if (report.user !== userId && me?.role !== 'admin') throw new LoginRequiredError();
      return { id };
    },
    db,
  );
}
