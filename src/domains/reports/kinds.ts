/**
 * Reports (제보): a photo card or a meetup sent to the admins, with an image. Queued with its image
 * blob and a client id; the failure message depends on the report type (docs/product-rules.md, Reports). Its author or an
 * admin may delete one (the server removes the image with it).
 *
 * 신고 of an exchange post or a meetup comment (docs/operators.md, Moderation): a `chatReports`
 * row, like a chat report, naming the post or the comment and its writer. Two devices reporting the
 * same item offline: the second is answered "already reported", which counts as done.
 */
import * as v from 'valibot';
import { ko } from '@/i18n/ko.ts';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { reportsKo } from './ko.ts';

const text = v.optional(v.string(), '');
const reportPayload = v.object({
  id: v.string(),
  user: v.string(),
  type: v.picklist(['phoca', 'meetup']),
  group: text,
  artistName: text,
  phocaType: text,
  phocaTitle: text,
  cafeName: text,
  cafeAddress: text,
  meetUpDuration: text,
  SourceURL_: text,
  phocaImg: v.optional(v.blob()),
  meetUpImg: v.optional(v.blob()),
  createdAt: v.string(),
});
export type ReportPayload = v.InferOutput<typeof reportPayload>;
/** What a caller passes: the text fields may be left out (they default to ''). */
export type ReportPayloadInput = v.InferInput<typeof reportPayload>;

const TEXT_FIELDS = [
  'group',
  'artistName',
  'phocaType',
  'phocaTitle',
  'cafeName',
  'cafeAddress',
  'meetUpDuration',
  'SourceURL_',
] as const;

function textFields(p: ReportPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of TEXT_FIELDS) if (p[f]) out[f] = p[f];
  return out;
}

export const reportCreate: MutationKind<ReportPayload> = {
  kind: KINDS.reportCreate,
  collection: 'informUs',
  payload: reportPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    if (await db.informUs.get(p.id)) return;
    await db.informUs.put({
      id: p.id,
      user: p.user,
      type: p.type,
      group: p.group,
      artistName: p.artistName,
      phocaType: p.phocaType,
      phocaTitle: p.phocaTitle,
      phocaImg: '',
      meetUpImg: '',
      cafeName: p.cafeName,
      cafeAddress: p.cafeAddress,
      meetUpDuration: p.meetUpDuration,
      SourceURL_: p.SourceURL_,
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => {
    const files: Record<string, Blob> = {};
    if (p.phocaImg) files['phocaImg'] = p.phocaImg;
    if (p.meetUpImg) files['meetUpImg'] = p.meetUpImg;
    return {
      method: 'POST',
      collection: 'informUs',
      id: p.id,
      body: { id: p.id, user: p.user, type: p.type, ...textFields(p) },
      ...(Object.keys(files).length ? { files } : {}),
    };
  },
  ownerField: 'user',
  label: reportsKo.kinds.reportCreate,
  failureMessage: (p) =>
    p.type === 'phoca' ? ko.messages.photoCardReportFailed : ko.messages.meetUpReportFailed,
};

const deletePayload = v.object({ id: v.string() });
export type ReportDeletePayload = v.InferOutput<typeof deletePayload>;

export const reportDelete: MutationKind<ReportDeletePayload> = {
  kind: KINDS.reportDelete,
  collection: 'informUs',
  payload: deletePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.informUs.delete(p.id);
  },
  // a replay answered 404 was already done (sync/answers.ts)
  request: (p) => ({ method: 'DELETE', collection: 'informUs', id: p.id }),
  label: reportsKo.kinds.reportDelete,
  failureMessage: () => reportsKo.failures.reportDelete,
};

const contentReportPayload = v.object({
  id: v.string(),
  reporter: v.string(),
  /** The fan who wrote the post or the comment. */
  target: v.string(),
  post: v.optional(v.string(), ''),
  comment: v.optional(v.string(), ''),
  reason: v.string(),
  createdAt: v.string(),
});
export type ContentReportPayload = v.InferOutput<typeof contentReportPayload>;

/** The field naming what is reported, and its id. */
function reported(p: ContentReportPayload): { post: string } | { comment: string } {
  return p.post ? { post: p.post } : { comment: p.comment };
}

export const contentReportCreate: MutationKind<ContentReportPayload> = {
  kind: KINDS.contentReport,
  collection: 'chatReports',
  payload: contentReportPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    if (await db.chatReports.get(p.id)) return;
    await db.chatReports.put({
      id: p.id,
      reporter: p.reporter,
      target: p.target,
      message: '',
      post: p.post,
      comment: p.comment,
      reason: p.reason,
      evidence: '',
      status: 'open',
      created: p.createdAt,
      updated: p.createdAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'chatReports',
    id: p.id,
    body: { id: p.id, reporter: p.reporter, target: p.target, reason: p.reason, ...reported(p) },
  }),
  ownerField: 'reporter',
  // reported already from another device: what the fan wanted is true
  duplicateIsDone: true,
  sameAs: (p) => ({ reporter: p.reporter, ...reported(p) }),
  label: reportsKo.kinds.contentReport,
  failureMessage: () => reportsKo.failures.contentReport,
  draft: (p) => p.reason,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [
  reportCreate,
  reportDelete,
  contentReportCreate,
] as const satisfies readonly AnyMutationKind[];
