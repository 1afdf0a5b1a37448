/**
 * Reports (제보): a photo card or a meetup sent to the admins, with an image. Queued with its image
 * blob and a client id; the failure message depends on the report type (docs/product-rules.md, Reports). Its author or an
 * admin may delete one (the server removes the image with it).
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

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [reportCreate, reportDelete] as const satisfies readonly AnyMutationKind[];
