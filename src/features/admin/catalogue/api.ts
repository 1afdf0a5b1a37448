/**
 * The 카탈로그 section's requests (docs/operators.md, Catalogue management; Merging two cards).
 * Like the rest of the console it asks the server directly (no local store, no outbox), and never
 * reads the whole catalogue: browsing is keyset paging on (`created`, `id`) with no total count
 * (the `idx_photoCards_created` index answers any depth at the cost of the first page), text
 * search is the search route (a page of 50, hidden cards left out), and a card found by its id is
 * one record read. Groups (hundreds, not hundreds of thousands) are read whole, four fields each.
 */
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { getClient } from '@/data/pb/client';
import { CARD_IMAGE, fileUrl, ladderWidthFor, LOGO_IMAGE } from '@/data/pb/files';
import { PAGE_SIZE, type Page } from '@/features/admin/api';

async function pb(): Promise<PocketBase> {
  return (await getClient()).pb;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** A record id as PocketBase makes them (15 lower-case letters and digits). */
export const RECORD_ID = /^[a-z0-9]{15}$/;

// ---------------------------------------------------------------- groups

export interface AdminGroup {
  id: string;
  groupName: string;
  groupNameKo: string;
  cardCount: number;
}

/** Every group, by name: the group select's options. */
export async function listGroups(): Promise<AdminGroup[]> {
  const rows = await (await pb()).collection('groups').getFullList({
    sort: 'groupName',
    fields: 'id,groupName,groupNameKo,cardCount',
    batch: 500,
    requestKey: null,
  });
  return rows.map((r) => ({
    id: r.id,
    groupName: text(r['groupName']),
    groupNameKo: text(r['groupNameKo']),
    cardCount: count(r['cardCount']),
  }));
}

export interface GroupDetail extends AdminGroup {
  logoImage: string;
}

export async function getGroup(id: string): Promise<GroupDetail> {
  const r = await (
    await pb()
  )
    .collection('groups')
    .getOne(id, { fields: 'id,groupName,groupNameKo,cardCount,logoImage', requestKey: null });
  return {
    id: r.id,
    groupName: text(r['groupName']),
    groupNameKo: text(r['groupNameKo']),
    cardCount: count(r['cardCount']),
    logoImage: text(r['logoImage']),
  };
}

/** Creates (no `id`) or updates a group; the form's fields and its logo, multipart. */
export async function saveGroup(id: string | null, form: FormData): Promise<AdminGroup> {
  const groups = (await pb()).collection('groups');
  const r = id
    ? await groups.update(id, form, { requestKey: null })
    : await groups.create(form, { requestKey: null });
  return {
    id: r.id,
    groupName: text(r['groupName']),
    groupNameKo: text(r['groupNameKo']),
    cardCount: count(r['cardCount']),
  };
}

export function groupLogoUrl(id: string, file: string): string {
  return fileUrl('groups', id, file, LOGO_IMAGE.thumb(96));
}

// ---------------------------------------------------------------- cards

export interface AdminCard {
  id: string;
  created: string;
  group: string;
  groupName: string;
  memberName: string;
  memberNameEn: string;
  title: string;
  label: string;
  release: string;
  cardImg: string;
  cardBackImg: string;
  likeCount: number;
  hidden: boolean;
  mergedInto: string;
}

const CARD_FIELDS =
  'id,created,group,groupName,memberName,memberNameEn,title,label,release,cardImg,cardBackImg,likeCount,hidden,mergedInto';

export function adminCard(raw: unknown): AdminCard | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = text(r['id']);
  if (!id) return null;
  return {
    id,
    created: text(r['created']),
    group: text(r['group']),
    groupName: text(r['groupName']),
    memberName: text(r['memberName']),
    memberNameEn: text(r['memberNameEn']),
    title: text(r['title']),
    label: text(r['label']),
    release: text(r['release']),
    cardImg: text(r['cardImg']),
    cardBackImg: text(r['cardBackImg']),
    likeCount: count(r['likeCount']),
    hidden: r['hidden'] === true,
    mergedInto: text(r['mergedInto']),
  };
}

const cardsOf = (rows: unknown[]) => rows.map(adminCard).filter((c): c is AdminCard => c !== null);

/**
 * A card image's URL for a box `pixels` device pixels wide: the smallest of the field's thumbs
 * (fits, 160–960 wide; pb_migrations/1764400000_image_thumbs.js) that covers it.
 */
export function cardImageUrl(card: AdminCard, file: string, pixels: number): string {
  return fileUrl('photoCards', card.id, file, CARD_IMAGE.thumb(ladderWidthFor(CARD_IMAGE, pixels)));
}

export interface CardFilter {
  /** A group's id, or '' for every group. */
  group: string;
  hiddenOnly: boolean;
}

/**
 * One page of cards, newest first, after `last` (the previous page's last card): keyset paging on
 * (`created`, `id`), no total count, never an offset (docs/operators.md, Catalogue management:
 * search and paging at 200,000 cards).
 */
export async function listCards(
  filter: CardFilter,
  last: AdminCard | null,
): Promise<Page<AdminCard>> {
  const client = await pb();
  const parts: string[] = [];
  if (last) {
    parts.push(
      client.filter('(created < {:at} || (created = {:at} && id < {:id}))', {
        at: last.created,
        id: last.id,
      }),
    );
  }
  if (filter.group) parts.push(client.filter('group = {:group}', { group: filter.group }));
  if (filter.hiddenOnly) parts.push('hidden = true');
  const res = await client.collection('photoCards').getList(1, PAGE_SIZE, {
    sort: '-created,-id',
    filter: parts.join(' && '),
    fields: CARD_FIELDS,
    skipTotal: true,
    requestKey: null,
  });
  const items = cardsOf(res.items);
  return { items, more: items.length === PAGE_SIZE };
}

/** The search route's limits (pb_hooks/lib/search.js). */
export const SEARCH_MAX_QUERY = 50;
export const SEARCH_MAX_PAGE = 100;

export interface SearchAnswer extends Page<AdminCard> {
  totalItems: number;
}

/**
 * One page of the search route (docs/data-model.md, Search keys): newest first, 50 a page, at most
 * 100 pages deep, hidden cards left out by the server. Throws its 400s (Korean words) as they are.
 */
export async function searchCards(q: string, group: string, page: number): Promise<SearchAnswer> {
  const query: Record<string, string | number> = {
    q: Array.from(q.trim()).slice(0, SEARCH_MAX_QUERY).join(''),
    sort: 'latest',
    page,
    perPage: PAGE_SIZE,
  };
  if (group) query['group'] = group;
  const raw: unknown = await (
    await pb()
  ).send('/api/pocamarket/search', { method: 'GET', query, requestKey: null });
  const answer = (raw ?? {}) as Record<string, unknown>;
  const items = cardsOf(Array.isArray(answer['items']) ? (answer['items'] as unknown[]) : []);
  const totalItems = count(answer['totalItems']);
  const more = typeof answer['more'] === 'boolean' ? answer['more'] : page * PAGE_SIZE < totalItems;
  return { items, more: more && page < SEARCH_MAX_PAGE, totalItems };
}

/** One card by its id (hidden and merged ones too), or null when there is none. */
export async function getCard(id: string): Promise<AdminCard | null> {
  try {
    const r = await (
      await pb()
    )
      .collection('photoCards')
      .getOne(id, { fields: CARD_FIELDS, requestKey: null });
    return adminCard(r);
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Creates (no `id`) or updates a card from the form's fields and images, multipart as any record
 * form: the hooks check and audit it (`card.create`, `card.update`).
 */
export async function saveCard(id: string | null, form: FormData): Promise<AdminCard | null> {
  const cards = (await pb()).collection('photoCards');
  const saved = id
    ? await cards.update(id, form, { fields: CARD_FIELDS, requestKey: null })
    : await cards.create(form, { fields: CARD_FIELDS, requestKey: null });
  return adminCard(saved);
}

/** 숨기기 / 다시 보이기: a write of `hidden` alone (audited `card.hide` / `card.unhide`). */
export async function setCardHidden(id: string, hidden: boolean): Promise<AdminCard | null> {
  const saved = await (
    await pb()
  )
    .collection('photoCards')
    .update(id, { hidden }, { fields: CARD_FIELDS, requestKey: null });
  return adminCard(saved);
}

// ---------------------------------------------------------------- merging

export interface MergeAnswer {
  survivor: AdminCard | null;
  loser: AdminCard | null;
  /** How many rows of each kind moved (pb_hooks/lib/card-merge.js). */
  moved: Record<string, number>;
}

/** POST /api/pocamarket/admin/cards/merge: every reference to `loser` moves to `survivor`. */
export async function mergeCards(survivor: string, loser: string): Promise<MergeAnswer> {
  const raw: unknown = await (
    await pb()
  ).send('/api/pocamarket/admin/cards/merge', {
    method: 'POST',
    body: { survivor, loser },
    requestKey: null,
  });
  const answer = (raw ?? {}) as Record<string, unknown>;
  const moved: Record<string, number> = {};
  const rawMoved = answer['moved'];
  if (rawMoved && typeof rawMoved === 'object') {
    for (const [kind, n] of Object.entries(rawMoved as Record<string, unknown>)) {
      moved[kind] = count(n);
    }
  }
  return { survivor: adminCard(answer['survivor']), loser: adminCard(answer['loser']), moved };
}
