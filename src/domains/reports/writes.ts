/**
 * Reports (제보) of a photo card or a meetup, with an image; and 신고 of an exchange post or a
 * meetup comment (docs/operators.md, Moderation).
 */
import { ko } from '@/i18n/ko.ts';
import { isBlank } from '@/lib/text.ts';
import { koReports } from '@/i18n/ko-reports.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { checkReportReason } from '@/domains/trades/rules.ts';
import { contentReportCreate, reportCreate, reportDelete } from './kinds.ts';
import { reportsKo } from './ko.ts';
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

/** What a 신고 names: an exchange post or a meetup comment, by id. */
export type ReportedContent = { post: string } | { comment: string };

/**
 * Queues a 신고 of an exchange post or a meetup comment with its reason (1–300 characters), to
 * the writer's name as this device knows it; works offline and is sent once. Refused at once for
 * one's own post or comment and for one already reported and still open. Returns the report's id.
 */
export async function reportContent(
  what: ReportedContent,
  reason: string,
  db: AppDB = defaultDb,
): Promise<string> {
  const problem = checkReportReason(reason);
  if (problem) throw new InvalidInputError(problem);
  const m = reportsKo.moderation;
  const p = await queueMutation(
    contentReportCreate,
    async ({ db, userId }) => {
      const isPost = 'post' in what;
      const id = 'post' in what ? what.post : what.comment;
      const writer = isPost
        ? (await db.exchangeList.get(id))?.writer
        : (await db.comments.get(id))?.name;
      if (!writer) throw new InvalidInputError(reportsKo.failures.contentReport);
      if (writer === userId) throw new InvalidInputError(m.selfReport);
      const open = await db.chatReports
        .where('reporter')
        .equals(userId)
        .filter(
          (r) => (isPost ? r.post === id : r.comment === id) && (!r.status || r.status === 'open'),
        )
        .count();
      if (open) throw new InvalidInputError(m.alreadyReported);
      return {
        id: newRecordId(),
        reporter: userId,
        target: writer,
        post: isPost ? id : '',
        comment: isPost ? '' : id,
        reason: reason.trim(),
        createdAt: pbTimestamp(),
      };
    },
    db,
  );
  return p!.id;
}
