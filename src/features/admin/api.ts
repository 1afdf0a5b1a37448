/**
 * The console's requests (docs/operators.md, The console). The console is an operator's tool and
 * works online only, so unlike the fans' screens it asks the server directly instead of reading
 * the local store and queueing writes: an admin sees the server's answer (and its Korean 400
 * messages, field by field) at once. The server is still the boundary: every rule is an API rule
 * or a hook (pb_hooks/admin-notices.pb.js writes the audit entries).
 *
 * Every list is paged (50 a page) and asks only for the fields it shows; an audit entry's
 * before/after (up to 200 KB each) is read one entry at a time, when its diff is opened.
 */
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { getClient } from '@/data/pb/client';
import { parseRecord, type Notice } from '@/data/pb/records';

export const PAGE_SIZE = 50;

async function pb(): Promise<PocketBase> {
  return (await getClient()).pb;
}

// ---------------------------------------------------------------- errors

/** A refused request as the console shows it: the server's message, and per field its own. */
export interface Refusal {
  message: string;
  fields: Readonly<Record<string, string>>;
}

/** What a failed request says; `fallback` when the server gave no Korean message. */
export function refusalOf(err: unknown, fallback: string): Refusal {
  if (!(err instanceof ClientResponseError) || err.status === 0) {
    return { message: fallback, fields: {} };
  }
  const response = (err.response ?? {}) as { message?: unknown; data?: unknown };
  const fields: Record<string, string> = {};
  if (response.data && typeof response.data === 'object') {
    for (const [name, value] of Object.entries(response.data as Record<string, unknown>)) {
      const message = (value as { message?: unknown } | null)?.message;
      if (typeof message === 'string' && message) fields[name] = message;
    }
  }
  const message = typeof response.message === 'string' ? response.message : '';
  return { message: /[가-힣]/.test(message) ? message : fallback, fields };
}

// ---------------------------------------------------------------- notices

export interface NoticeDraft {
  title: string;
  body: string;
  pinned: boolean;
}

export interface Page<T> {
  items: T[];
  /** Whether a next page may exist. */
  more: boolean;
}

function notices(raw: unknown[]): Notice[] {
  return raw.map((r) => parseRecord('notices', r)).filter((n): n is Notice => n !== null);
}

/** One page of notices as fans see them: pinned first, then newest first. */
export async function listNotices(page: number): Promise<Page<Notice>> {
  const res = await (
    await pb()
  )
    .collection('notices')
    .getList(page, PAGE_SIZE, { sort: '-pinned,-published,-created,-id', requestKey: null });
  return { items: notices(res.items), more: res.page < res.totalPages };
}

export async function createNotice(draft: NoticeDraft): Promise<Notice | null> {
  const saved = await (await pb()).collection('notices').create(draft, { requestKey: null });
  return parseRecord('notices', saved);
}

export async function updateNotice(
  id: string,
  patch: Partial<NoticeDraft>,
): Promise<Notice | null> {
  const saved = await (await pb()).collection('notices').update(id, patch, { requestKey: null });
  return parseRecord('notices', saved);
}

export async function deleteNotice(id: string): Promise<void> {
  await (await pb()).collection('notices').delete(id, { requestKey: null });
}

// ---------------------------------------------------------------- the audit log

/** An audit entry as the list shows it (no before/after: see auditChanges). */
export interface AuditEntry {
  id: string;
  created: string;
  actor: string;
  actorName: string;
  action: string;
  targetCollection: string;
  targetId: string;
  reason: string;
}

export interface AuditChanges {
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  /** The first part of the action's name (`notice`), or '' for every action. */
  noun: string;
  /** An admin's id, SUPERUSER for the superusers' entries, or '' for everyone's. */
  actor: string;
}

/** The actor filter's value for the superusers' entries (their `actor` is empty). */
export const SUPERUSER = '-';

const LIST_FIELDS = 'id,created,actor,actorName,action,targetCollection,targetId,reason';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function auditEntry(raw: Record<string, unknown>): AuditEntry {
  return {
    id: text(raw['id']),
    created: text(raw['created']),
    actor: text(raw['actor']),
    actorName: text(raw['actorName']),
    action: text(raw['action']),
    targetCollection: text(raw['targetCollection']),
    targetId: text(raw['targetId']),
    reason: text(raw['reason']),
  };
}

/**
 * One page of entries, newest first, after `last` (the previous page's last entry): keyset paging
 * on (`created`, `id`), which the `created` index answers at any depth, and no total count.
 */
export async function listAudit(
  filter: AuditFilter,
  last: AuditEntry | null,
): Promise<Page<AuditEntry>> {
  const client = await pb();
  const parts: string[] = [];
  if (filter.noun) parts.push(client.filter('action ~ {:prefix}', { prefix: `${filter.noun}.%` }));
  if (filter.actor === SUPERUSER) parts.push('actor = ""');
  else if (filter.actor) parts.push(client.filter('actor = {:actor}', { actor: filter.actor }));
  if (last) {
    parts.push(
      client.filter('(created < {:at} || (created = {:at} && id < {:id}))', {
        at: last.created,
        id: last.id,
      }),
    );
  }
  const res = await client.collection('auditLog').getList(1, PAGE_SIZE, {
    sort: '-created,-id',
    filter: parts.join(' && '),
    fields: LIST_FIELDS,
    skipTotal: true,
    requestKey: null,
  });
  const items = res.items.map((r) => auditEntry(r as Record<string, unknown>));
  return { items, more: items.length === PAGE_SIZE };
}

/** One entry's before and after. */
export async function auditChanges(id: string): Promise<AuditChanges> {
  const raw = await (
    await pb()
  )
    .collection('auditLog')
    .getOne(id, { fields: 'before,after', requestKey: null });
  return { before: raw['before'] ?? null, after: raw['after'] ?? null };
}

export interface AdminAccount {
  id: string;
  name: string;
}

/** The admins (users with role admin), for the actor filter: at most 100, by nickname. */
export async function listAdmins(): Promise<AdminAccount[]> {
  const res = await (await pb()).collection('users').getList(1, 100, {
    filter: 'role = "admin"',
    sort: 'username',
    fields: 'id,username',
    skipTotal: true,
    requestKey: null,
  });
  return res.items.map((r) => ({ id: r.id, name: text(r['username']) }));
}
