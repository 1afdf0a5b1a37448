/** Reports (제보) of a photo card or a meetup, with an image. */
import { ko } from '../../i18n/ko.ts';
import { db as defaultDb, type AppDB } from '../db/index.ts';
import { newRecordId } from '../ids.ts';
import { reportCreate } from '../mutations/index.ts';
import type { ReportPayload, ReportPayloadInput } from '../mutations/reports.ts';
import { pbTimestamp } from '../time.ts';
import { THUMBNAIL_MAX_BYTES, THUMBNAIL_TYPES } from './collect-books.ts';
import { InvalidInputError, queueMutation } from './queue.ts';

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

/** Queues a report; returns its id. */
export async function createReport(input: ReportInput, db: AppDB = defaultDb): Promise<string> {
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
