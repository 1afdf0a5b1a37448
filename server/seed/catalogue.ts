/**
 * The catalogue steps of the seed: groups (with their logos), photo cards and meetups, each
 * get-or-create by its natural key. Each returns the ids by key, for the steps after it.
 */
import { GROUPS, type GroupDef } from './groups.ts';
import {
  drawArtist,
  drawEvent,
  drawGroupLogo,
  drawPhotoCard,
  drawPhotoCardBack,
  type CardInput,
} from './images.ts';
import { cachedImage } from './image-cache.ts';
import { cardKey, type CardPlan, type MeetupPlan } from './plan.ts';
import { mapLimit } from './requests.ts';
import type { SeedWriter } from './writer.ts';

/** Group name → id. */
export type GroupIds = Map<string, string>;

export const groupIdOf = (groupIds: GroupIds, g: GroupDef) => groupIds.get(g.groupName)!;

function groupLogo(g: GroupDef): Buffer {
  const input = { monogram: g.monogram, palette: g.palette };
  return cachedImage('logo', input, () => drawGroupLogo(input));
}

export async function seedGroups(w: SeedWriter): Promise<GroupIds> {
  const groupIds: GroupIds = new Map();
  for (const g of await w.all('groups', { fields: 'id,groupName' })) {
    groupIds.set(g.groupName as string, g.id);
  }
  const logos = new Map<string, Buffer>(GROUPS.map((g) => [g.groupName, groupLogo(g)]));
  await mapLimit(
    GROUPS.filter((g) => !groupIds.has(g.groupName)),
    w.limit,
    async (g) => {
      const rec = await w.create('groups', {
        groupName: g.groupName,
        groupNameKo: g.groupNameKo,
        logoImage: w.file(logos.get(g.groupName)!, 'logo.png'),
      });
      groupIds.set(g.groupName, rec.id);
    },
  );
  return groupIds;
}

export function cardArtInput(c: CardPlan): CardInput {
  return {
    groupLatin: c.group.groupName,
    monogram: c.group.monogram,
    memberLatin: c.member.latin,
    caption: c.caption,
    tag: c.tag,
    palette: c.group.palette,
    lineup: c.group.lineup,
    seed: c.key,
  };
}

function cardImage(c: CardPlan): Buffer {
  const input = cardArtInput(c);
  return cachedImage('card', input, () => drawPhotoCard(input));
}

/** The back: one per release of a group (every card of an album shares its back). */
function cardBackImage(c: CardPlan): Buffer {
  const input = {
    groupLatin: c.group.groupName,
    monogram: c.group.monogram,
    caption: c.caption,
    palette: c.group.palette,
  };
  return cachedImage('card-back', input, () => drawPhotoCardBack(input));
}

/** Card key (./plan.ts cardKey) → id. */
export async function seedCards(
  w: SeedWriter,
  groupIds: GroupIds,
  cards: CardPlan[],
): Promise<Map<string, string>> {
  const cardIds = new Map<string, string>();
  for (const c of await w.all('photoCards', { fields: 'id,groupName,memberName,title,label' })) {
    cardIds.set(cardKey(c.groupName, c.memberName, c.title, c.label), c.id);
  }
  await mapLimit(
    cards.filter((c) => !cardIds.has(c.key)),
    w.limit,
    async (c) => {
      const rec = await w.create('photoCards', {
        group: groupIdOf(groupIds, c.group),
        groupName: c.group.groupName,
        memberName: c.member.ko,
        memberNameEn: c.member.latin,
        title: c.title,
        label: c.label,
        likeCount: c.baselineLikes,
        cardImg: w.file(cardImage(c), 'card.png'),
        cardBackImg: w.file(cardBackImage(c), 'card-back.png'),
        // No per-card logoImage copy: the client shows the group's logo, so phones cache one
        // logo per group instead of one per card.
      });
      cardIds.set(c.key, rec.id);
    },
  );
  return cardIds;
}

function eventImages(w: SeedWriter, m: MeetupPlan): File[] {
  return Array.from({ length: m.eventImages }, (_, v) => {
    const input = {
      palette: m.group.palette,
      seed: m.key,
      headline: m.headline,
      dates: m.datesLatin,
      variant: v,
      lineup: m.group.lineup,
    };
    return w.file(
      cachedImage('event', input, () => drawEvent(input)),
      `event${v + 1}.png`,
    );
  });
}

function artistImage(w: SeedWriter, m: MeetupPlan): File {
  const artist = {
    palette: m.group.palette,
    seed: `${m.group.groupName}|${m.member.ko}`,
    lineup: m.group.lineup,
  };
  return w.file(
    cachedImage('artist', artist, () => drawArtist(artist)),
    'artist.png',
  );
}

function meetupRecord(w: SeedWriter, groupIds: GroupIds, m: MeetupPlan) {
  const events = eventImages(w, m);
  return {
    eventTitle: m.eventTitle,
    cafeName: m.venue.cafeName,
    address: m.venue.address,
    date: m.date,
    startDate: m.startDate,
    endDate: m.endDate,
    ...(m.withCoords ? { lat: m.venue.lat, lng: m.venue.lng } : {}),
    artistName: m.member.ko,
    artistImg: artistImage(w, m),
    eventImg: events,
    source: m.source,
    basicGift: m.basicGift,
    desertGift: m.desertGift,
    priorityGift: m.priorityGift,
    firstHashtag: m.firstHashtag,
    secondHashtag: m.secondHashtag,
    group: groupIdOf(groupIds, m.group),
  };
}

/** Meetup key (title|cafe) → id. */
export async function seedMeetups(
  w: SeedWriter,
  groupIds: GroupIds,
  meetups: MeetupPlan[],
): Promise<Map<string, string>> {
  const meetupIds = new Map<string, string>();
  for (const m of await w.all('meetUps', { fields: 'id,eventTitle,cafeName' })) {
    meetupIds.set(`${m.eventTitle}|${m.cafeName}`, m.id);
  }
  await mapLimit(
    meetups.filter((m) => !meetupIds.has(m.key)),
    w.limit,
    async (m) => {
      const rec = await w.create('meetUps', meetupRecord(w, groupIds, m));
      meetupIds.set(m.key, rec.id);
    },
  );
  return meetupIds;
}
