/**
 * The report queue's requests (docs/operators.md, The report queue): the queue itself, the cards a
 * card report would duplicate, publishing a report as a card or an event, rejecting it, and what
 * the draft forms need (the groups, a file token for the reports' protected images). Like the rest
 * of the console (../api.ts) it asks the server directly and shows its answer: every rule is the
 * server's (pb_hooks/admin-catalogue.pb.js), and a refusal comes back in its Korean words.
 */
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { getClient } from '@/data/pb/client';
import { PAGE_SIZE } from '@/features/admin/api';

const BASE = '/api/pocamarket/admin/reports';

async function pb(): Promise<PocketBase> {
  return (await getClient()).pb;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

// ---------------------------------------------------------------- the queue

export type ReportStatus = 'open' | 'published' | 'rejected';
export type ReportType = 'phoca' | 'meetup';

/** The queue's filter: one status, or every report (the open ones first). */
export type QueueFilter = ReportStatus | 'all';

/** A report's handling: what changes when it is published or rejected. */
export interface Handling {
  status: ReportStatus;
  rejectReason: string;
  publishedCard: string;
  publishedEvent: string;
  handledAt: string;
}

/** A report as the queue shows it. */
export interface QueueReport extends Handling {
  id: string;
  created: string;
  type: ReportType;
  /** The group as the fan wrote it (a name, not an id). */
  group: string;
  artistName: string;
  phocaType: string;
  phocaTitle: string;
  cafeName: string;
  cafeAddress: string;
  meetUpDuration: string;
  source: string;
  reporter: { id: string; username: string } | null;
  /** The image's address without its token (a protected file), '' when it is gone. */
  imagePath: string;
}

export interface QueuePage {
  items: QueueReport[];
  /** How many reports are open, all filters aside. */
  open: number;
  more: boolean;
}

function statusOf(v: unknown): ReportStatus {
  return v === 'published' || v === 'rejected' ? v : 'open';
}

export function handlingOf(raw: Record<string, unknown>): Handling {
  return {
    status: statusOf(raw['status']),
    rejectReason: text(raw['rejectReason']),
    publishedCard: text(raw['publishedCard']),
    publishedEvent: text(raw['publishedEvent']),
    handledAt: text(raw['handledAt']),
  };
}

function queueItem(raw: unknown): QueueReport | null {
  const item = record(raw);
  const r = record(item['report']);
  const id = text(r['id']);
  if (!id) return null;
  const reporter = record(item['reporter']);
  return {
    id,
    created: text(r['created']),
    type: r['type'] === 'meetup' ? 'meetup' : 'phoca',
    group: text(r['group']),
    artistName: text(r['artistName']),
    phocaType: text(r['phocaType']),
    phocaTitle: text(r['phocaTitle']),
    cafeName: text(r['cafeName']),
    cafeAddress: text(r['cafeAddress']),
    meetUpDuration: text(r['meetUpDuration']),
    source: text(r['SourceURL_']),
    reporter: text(reporter['id'])
      ? { id: text(reporter['id']), username: text(reporter['username']) }
      : null,
    imagePath: text(record(item['image'])['path']),
    ...handlingOf(r),
  };
}

/** One page of the queue (PAGE_SIZE reports): `page` counts from 1. */
export async function listReports(filter: QueueFilter, page: number): Promise<QueuePage> {
  const query: Record<string, string | number> = { page, perPage: PAGE_SIZE };
  if (filter !== 'all') query['status'] = filter;
  const raw = record(await (await pb()).send(BASE, { method: 'GET', query, requestKey: null }));
  const items = (Array.isArray(raw['items']) ? raw['items'] : [])
    .map(queueItem)
    .filter((r): r is QueueReport => r !== null);
  return {
    items,
    open: typeof raw['open'] === 'number' ? raw['open'] : 0,
    more: raw['more'] === true,
  };
}

/**
 * One report's handling as it is now (after another admin handled it), read through the record
 * API (admins may read every report); null when the report is gone.
 */
export async function reportHandling(id: string): Promise<Handling | null> {
  try {
    const raw = await (await pb()).collection('informUs').getOne(id, {
      fields: 'id,status,rejectReason,publishedCard,publishedEvent,handledAt',
      requestKey: null,
    });
    return handlingOf(raw as Record<string, unknown>);
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null;
    throw err;
  }
}

/**
 * A file token for the reports' images (protected files, docs/operators.md, The report queue): asked for
 * once and used for every image shown, again only when it is about to expire.
 */
let token: { value: string; at: number } | null = null;
/** PocketBase's file tokens last about three minutes: a new one after two. */
const TOKEN_TTL_MS = 120_000;

export async function fileToken(): Promise<string> {
  if (token && Date.now() - token.at < TOKEN_TTL_MS) return token.value;
  const value = await (await pb()).files.getToken({ requestKey: null });
  token = { value, at: Date.now() };
  return value;
}

// ---------------------------------------------------------------- groups and cards

export interface GroupChoice {
  id: string;
  groupName: string;
  groupNameKo: string;
}

/** The groups to choose from, by name (a few hundred at most: one page). */
export async function listGroups(): Promise<GroupChoice[]> {
  const res = await (await pb()).collection('groups').getList(1, 500, {
    sort: 'groupName',
    fields: 'id,groupName,groupNameKo',
    skipTotal: true,
    requestKey: null,
  });
  return res.items.map((g) => ({
    id: g.id,
    groupName: text(g['groupName']),
    groupNameKo: text(g['groupNameKo']),
  }));
}

/** A catalogue card as the duplicate check shows it (its image is public). */
export interface CardSummary {
  id: string;
  groupName: string;
  memberName: string;
  memberNameEn: string;
  title: string;
  label: string;
  release: string;
  cardImg: string;
  hidden: boolean;
}

function cardOf(raw: unknown): CardSummary | null {
  const r = record(raw);
  const id = text(r['id']);
  if (!id) return null;
  return {
    id,
    groupName: text(r['groupName']),
    memberName: text(r['memberName']),
    memberNameEn: text(r['memberNameEn']),
    title: text(r['title']),
    label: text(r['label']),
    release: text(r['release']),
    cardImg: text(r['cardImg']),
    hidden: r['hidden'] === true,
  };
}

const cardsOf = (raw: unknown) =>
  (Array.isArray(raw) ? raw : []).map(cardOf).filter((c): c is CardSummary => c !== null);

export interface DuplicateQuery {
  /** An existing group's id ('' for the report's own group text). */
  group: string;
  memberName: string;
  title: string;
}

/** The cards a card report would duplicate with these values (at most 20, newest first). */
export async function reportDuplicates(id: string, q: DuplicateQuery): Promise<CardSummary[]> {
  const query: Record<string, string> = {};
  if (q.group) query['group'] = q.group;
  if (q.memberName.trim()) query['memberName'] = q.memberName.trim();
  if (q.title.trim()) query['title'] = q.title.trim();
  const raw = record(
    await (
      await pb()
    ).send(`${BASE}/${encodeURIComponent(id)}/duplicates`, {
      method: 'GET',
      query,
      requestKey: null,
    }),
  );
  return cardsOf(raw['items']);
}

// ---------------------------------------------------------------- publish and reject

export interface CardDraft {
  /** An existing group's id, or a new group's names. */
  group: string | { groupName: string; groupNameKo: string };
  memberName: string;
  memberNameEn: string;
  release: string;
  label: string;
  title: string;
}

export interface MeetupDraft {
  eventTitle: string;
  cafeName: string;
  address: string;
  date: string;
  artistName: string;
  source: string;
  /** YYYY-MM-DD, or ''. */
  startDate: string;
  endDate: string;
  lat: number | null;
  lng: number | null;
  /** A group's id, or '' for the group the report's text names. */
  group: string;
}

/** What a publish came to. */
export type Published =
  | { ok: true; handling: Handling }
  /** A card near one already in the catalogue: send again with `force` once the admin looked. */
  | { ok: false; duplicates: CardSummary[] };

function handled(raw: unknown): Handling {
  return handlingOf(record(record(raw)['report']));
}

/** A 409 that names near-duplicate cards (not the one for a report already handled). */
function duplicatesOf(err: unknown): CardSummary[] | null {
  if (!(err instanceof ClientResponseError) || err.status !== 409) return null;
  const response = record(err.response);
  const code = record(record(response['data'])['title'])['code'];
  return code === 'validation_duplicate_card' ? cardsOf(response['duplicates']) : null;
}

export async function publishCard(id: string, draft: CardDraft, force = false): Promise<Published> {
  try {
    const raw: unknown = await (
      await pb()
    ).send(`${BASE}/${encodeURIComponent(id)}/publish`, {
      method: 'POST',
      body: force ? { ...draft, force: true } : draft,
      requestKey: null,
    });
    return { ok: true, handling: handled(raw) };
  } catch (err) {
    const duplicates = duplicatesOf(err);
    if (duplicates) return { ok: false, duplicates };
    throw err;
  }
}

export async function publishMeetup(id: string, draft: MeetupDraft): Promise<Handling> {
  const body: Record<string, unknown> = {
    eventTitle: draft.eventTitle,
    cafeName: draft.cafeName,
    address: draft.address,
    date: draft.date,
    artistName: draft.artistName,
    source: draft.source,
    startDate: draft.startDate,
    endDate: draft.endDate,
  };
  if (draft.lat !== null && draft.lng !== null) {
    body['lat'] = draft.lat;
    body['lng'] = draft.lng;
  }
  if (draft.group) body['group'] = draft.group;
  const raw: unknown = await (
    await pb()
  ).send(`${BASE}/${encodeURIComponent(id)}/publish`, {
    method: 'POST',
    body,
    requestKey: null,
  });
  return handled(raw);
}

export async function rejectReport(id: string, reason: string): Promise<Handling> {
  const raw: unknown = await (
    await pb()
  ).send(`${BASE}/${encodeURIComponent(id)}/reject`, {
    method: 'POST',
    body: { reason },
    requestKey: null,
  });
  return handled(raw);
}

/** What a refused action means for its row: handled meanwhile (409), gone (404), or neither. */
export function staleness(err: unknown): 'handled' | 'gone' | null {
  if (!(err instanceof ClientResponseError)) return null;
  if (err.status === 409 && !duplicatesOf(err)) return 'handled';
  if (err.status === 404) return 'gone';
  return null;
}
