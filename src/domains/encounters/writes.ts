/**
 * 만난 팬 (docs/encounters.md): save a fan met at an event (after scanning their trade code), change
 * the note, delete it. Each checks what the server's hook checks (pb_hooks/lib/encounters.js), with
 * the same Korean messages, then queues its outbox row: it shows at once, works offline and lands
 * exactly once.
 */
import { ko } from '@/i18n/ko.ts';
import { db as defaultDb, type AppDB } from '@/data/db/index.ts';
import { newRecordId } from '@/data/ids.ts';
import { encounterCreate, encounterDelete, encounterNote } from './kinds.ts';
import { pbTimestamp } from '@/data/time.ts';
import { containsProfanity } from '@/lib/profanity.ts';
import { isBlank } from '@/lib/text.ts';
import { InvalidInputError, queueMutation, queueMutations } from '@/data/writes/queue.ts';
import { encountersKo } from './ko.ts';

const r = encountersKo.rules;

/** Encounters one fan may keep. */
export const ENCOUNTERS_MAX = 2000;
/** Cards on each side of an encounter. */
export const ENCOUNTER_CARDS_MAX = 200;
export const FAN_NAME_MAX_LENGTH = 40;
export const ENCOUNTER_NOTE_MAX_LENGTH = 200;

const length = (text: string) => Array.from(text).length;
const unique = (ids: readonly string[]) => [...new Set(ids)];

/** A note (may be empty): length and the posts' profanity rule; the Korean message or null. */
export function checkEncounterNote(note: string): string | null {
  const trimmed = note.trim();
  if (length(trimmed) > ENCOUNTER_NOTE_MAX_LENGTH) return r.noteTooLong(ENCOUNTER_NOTE_MAX_LENGTH);
  if (containsProfanity(trimmed)) return ko.validation.exchangeProfanity;
  return null;
}

/** What a new encounter holds. */
export interface NewEncounter {
  /** The fan met (their user id, from their code). */
  fan: string;
  /** The name their code showed. */
  fanName: string;
  /** The event (meetUps id) where we met, if one was picked. */
  meetup?: string;
  /** Cards on my want list that they have. */
  theyHave: readonly string[];
  /** Cards on my have list that they want. */
  theyWant: readonly string[];
  note?: string;
}

/** Saves an encounter, met now. Returns its id. Throws InvalidInputError with the Korean rule. */
export async function saveEncounter(input: NewEncounter, db: AppDB = defaultDb): Promise<string> {
  const fanName = input.fanName.trim();
  if (isBlank(fanName) || length(fanName) > FAN_NAME_MAX_LENGTH) {
    throw new InvalidInputError(r.fanName);
  }
  const theyHave = unique(input.theyHave);
  const theyWant = unique(input.theyWant);
  if (theyHave.length > ENCOUNTER_CARDS_MAX || theyWant.length > ENCOUNTER_CARDS_MAX) {
    throw new InvalidInputError(r.tooManyCards(ENCOUNTER_CARDS_MAX));
  }
  const rawNote = input.note ?? '';
  const note = isBlank(rawNote) ? '' : rawNote.trim();
  const problem = checkEncounterNote(note);
  if (problem) throw new InvalidInputError(problem);
  const p = await queueMutation(
    encounterCreate,
    async ({ db, userId }) => {
      if (input.fan === userId) throw new InvalidInputError(r.self);
      const meetup = input.meetup ?? '';
      if (meetup && !(await db.meetUps.get(meetup))) throw new InvalidInputError(r.meetupNotFound);
      const cards = [...theyHave, ...theyWant];
      const found = await db.photoCards.bulkGet(cards);
      if (found.some((c) => !c)) throw new InvalidInputError(r.unknownCard);
      const count = await db.encounters
        .where('[user+metAt]')
        .between([userId, ''], [userId, '\uffff'])
        .count();
      if (count >= ENCOUNTERS_MAX) throw new InvalidInputError(r.limit(ENCOUNTERS_MAX));
      return {
        id: newRecordId(),
        user: userId,
        fan: input.fan,
        fanName,
        meetup,
        theyHave,
        theyWant,
        note,
        metAt: pbTimestamp(),
      };
    },
    db,
  );
  return p!.id;
}

/** Changes an encounter's note (empty clears it). Returns whether anything changed. */
export async function setEncounterNote(
  id: string,
  note: string,
  db: AppDB = defaultDb,
): Promise<boolean> {
  const text = isBlank(note) ? '' : note.trim();
  const problem = checkEncounterNote(text);
  if (problem) throw new InvalidInputError(problem);
  const p = await queueMutation(
    encounterNote,
    async ({ db, userId }) => {
      const e = await db.encounters.get(id);
      if (!e || e.user !== userId) throw new InvalidInputError(r.notFound);
      return e.note === text ? null : { id, note: text };
    },
    db,
  );
  return p !== null;
}

/** Deletes an encounter. Returns whether it was here. */
export async function deleteEncounter(id: string, db: AppDB = defaultDb): Promise<boolean> {
  const queued = await queueMutations(
    encounterDelete,
    async ({ db, userId }) => {
      const e = await db.encounters.get(id);
      return e && e.user === userId ? [{ id }] : [];
    },
    db,
  );
  return queued.length > 0;
}
