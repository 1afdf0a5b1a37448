/**
 * The catalogue's live reads (groups and photo cards), by name, and the part of each that may lie
 * beyond the sync scope (docs/sync.md, The cache). Joined into the app's read table by
 * src/domains/tables/reads.ts.
 */
import { getGroup, getGroupByName, listGroups } from './groups.ts';
import { getPhotoCard, getPhotoCards, listPhotoCards, type PhotoCardQuery } from './photo-cards.ts';
import { listQrCatalogue } from './qr-catalogue.ts';
import type { Window } from './windows.ts';
import type { PhotoCard } from '@/data/pb/records.ts';

type Id = string | null | undefined;

export const reads = {
  groups: () => listGroups(),
  groupNames: async () => (await listGroups()).map((g) => g.groupName),
  group: (id: Id) => (id ? getGroup(id) : Promise.resolve(null)),
  groupByName: (name: Id) => (name ? getGroupByName(name) : Promise.resolve(null)),
  photoCards: (query: PhotoCardQuery) => listPhotoCards(query),
  /**
   * A whole group's cards once the server's part is in (its window below): 스캔's scope on a
   * card's page (docs/card-scan.md). A group outside the sync scope has only the cards shown of it
   * here at first, and a scan among those would take the others for cards not in the catalogue.
   */
  wholeGroupCards: (group: Id) =>
    group ? listPhotoCards({ group }) : Promise.resolve<PhotoCard[]>([]),
  photoCard: (id: Id) => (id ? getPhotoCard(id) : Promise.resolve(null)),
  photoCardsByIds: (ids: string[]) => getPhotoCards(ids),
  /** Every card's id, group and created, for the trade QR codes (docs/trade-qr.md). */
  tradeQrCatalogue: () => listQrCatalogue(),
};

/** What a read shows beyond the sync scope, or null when the store holds all of it. */
export const windows: {
  [N in keyof typeof reads]?: (...args: Parameters<(typeof reads)[N]>) => Window | null;
} = {
  photoCards: (q = {}) => {
    // a group's page reads its first page(s); a read of a whole group (the card viewer's swipe,
    // the trade card picker) reads it whole
    if (q.group && q.limit !== undefined)
      return { kind: 'groupTop', group: q.group, sort: q.sort ?? 'latest', limit: q.limit };
    if (q.group) return { kind: 'group', group: q.group };
    if (q.limit !== undefined) return { kind: 'top', sort: q.sort ?? 'latest', limit: q.limit };
    return null;
  },
  wholeGroupCards: (group) => (group ? { kind: 'group', group } : null),
  photoCard: (id) => (id ? { kind: 'card', id } : null),
  photoCardsByIds: (ids) => (Array.isArray(ids) && ids.length ? { kind: 'cards', ids } : null),
};

/** Reads whose every value waits for their window: part of a group is not the group. */
export const waitsForWindow: readonly (keyof typeof reads)[] = ['wholeGroupCards'];
