/**
 * The moderation section's requests (docs/operators.md, Moderation, Routes): the report queue
 * (`GET /api/pocamarket/moderation/reports`, 30 a page), the admins' actions
 * (`POST /api/pocamarket/moderation/{action}`) and the file token an evidence photo needs (a
 * protected file, docs/operators.md, The report queue, The images). Like the rest of the console it
 * asks the server directly: every rule (admins only, reasons, days, no action on an admin) is the
 * server's, and a refusal is shown in its words (`refusalOf`).
 */
import * as v from 'valibot';
import type PocketBase from 'pocketbase';
import { getClient } from '@/data/pb/client';

async function pb(): Promise<PocketBase> {
  return (await getClient()).pb;
}

/** The queue's filter: open reports, handled ones (actioned or dismissed), or both. */
export type QueueStatus = 'open' | 'closed' | 'all';

export const QUEUE_STATUSES: readonly QueueStatus[] = ['open', 'closed', 'all'];

const str = v.optional(v.fallback(v.string(), ''), '');
const bool = v.optional(v.fallback(v.boolean(), false), false);
const num = v.optional(v.fallback(v.number(), 0), 0);

const fanRef = v.object({ id: str, username: str });

/** A fan's standing as the server answers it (docs/operators.md, Routes: `target`). */
const standing = {
  banned: bool,
  banReason: str,
  /** ISO time the suspension ends; '' when the fan is not suspended now. */
  suspendedUntil: str,
  suspendReason: str,
  /** The server's Korean sentence the fan reads ('' in good standing). */
  message: str,
};

const reportSchema = v.object({
  id: str,
  /** `message`, `post`, `comment` or `fan`. */
  kind: str,
  /** `open`, `actioned` or `dismissed`. */
  status: str,
  /** The action that closed it (`user.suspend`, `content.hide`, `report.dismiss`, …). */
  outcome: str,
  /** The admin's reason for it. */
  resolution: str,
  resolvedAt: str,
  resolvedBy: v.optional(v.fallback(v.nullable(fanRef), null), null),
  reason: str,
  created: str,
  /** The item's text when it was reported. */
  evidence: str,
  /** A protected file's path ('' for none): shown with a file token. */
  evidencePhoto: str,
  reporter: v.optional(v.fallback(fanRef, { id: '', username: '' }), { id: '', username: '' }),
  target: v.object({ id: str, username: str, exists: bool, ...standing }),
  item: v.optional(
    v.fallback(
      v.nullable(
        v.object({
          collection: str,
          id: str,
          exists: bool,
          hidden: bool,
          hiddenReason: str,
          /** Its text now. */
          text: str,
          photoCard: str,
          meetUp: str,
          conversation: str,
        }),
      ),
      null,
    ),
    null,
  ),
});

export type ModerationReport = v.InferOutput<typeof reportSchema>;
export type ReportedFan = ModerationReport['target'];

const pageSchema = v.object({
  page: num,
  totalItems: num,
  totalPages: num,
  items: v.optional(v.fallback(v.array(v.unknown()), []), []),
});

export interface ReportPage {
  items: ModerationReport[];
  page: number;
  totalItems: number;
  totalPages: number;
}

/** One page (30 reports) of the queue, newest first; `all` lists the open ones first. */
export async function listReports(status: QueueStatus, page: number): Promise<ReportPage> {
  const raw: unknown = await (
    await pb()
  ).send('/api/pocamarket/moderation/reports', {
    method: 'GET',
    query: { status, page },
    requestKey: null,
  });
  const res = v.parse(pageSchema, raw ?? {});
  const items: ModerationReport[] = [];
  for (const item of res.items) {
    const parsed = v.safeParse(reportSchema, item);
    if (parsed.success) items.push(parsed.output);
  }
  return { items, page: res.page, totalItems: res.totalItems, totalPages: res.totalPages };
}

/**
 * The addresses of protected files (evidence photos): one file token, asked for once (valid for a
 * few minutes, for this admin, who may view every report's file), added to each path.
 */
export async function fileSigner(): Promise<(path: string) => string> {
  const client = await pb();
  const token = await client.files.getToken({ requestKey: null });
  return (path) => `${client.buildURL(path)}?token=${encodeURIComponent(token)}`;
}

/** The actions of docs/operators.md, Routes: each needs a reason, which the fan reads. */
export type ModerationAction =
  | 'hide'
  | 'unhide'
  | 'warn'
  | 'unwarn'
  | 'suspend'
  | 'unsuspend'
  | 'ban'
  | 'unban'
  | 'dismiss'
  | 'reopen';

/**
 * Runs an action. The body is the action's (`collection` and `id` for hide and unhide, `user` for
 * an action on a fan, `days` for a suspension, `report` for the report it answers) and `reason`.
 * A refusal (400 with the field in `data`) is thrown as the SDK throws it.
 */
export async function moderate(
  action: ModerationAction,
  body: Record<string, string | number>,
): Promise<void> {
  await (
    await pb()
  ).send(`/api/pocamarket/moderation/${action}`, {
    method: 'POST',
    body,
    requestKey: null,
  });
}

const fanSchema = v.object({
  id: str,
  username: str,
  role: str,
  ...standing,
  /** Reports about the fan: still open, and all of them. */
  reportsOpen: num,
  reportsAll: num,
});

export type FanStanding = v.InferOutput<typeof fanSchema>;

/** One fan's standing and the reports about them (`GET /api/pocamarket/moderation/users/{id}`). */
export async function lookupFan(id: string): Promise<FanStanding> {
  const raw: unknown = await (
    await pb()
  ).send(`/api/pocamarket/moderation/users/${encodeURIComponent(id)}`, {
    method: 'GET',
    requestKey: null,
  });
  return v.parse(fanSchema, raw ?? {});
}
