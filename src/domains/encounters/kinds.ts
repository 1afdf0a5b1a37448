/**
 * 만난 팬 (docs/encounters.md, `encounters`): save an encounter, change its note, delete it. An
 * encounter is the fan's own record with a client id, so a create replayed after a lost answer is
 * answered "already exists" (pb_hooks/guards.pb.js), which the flusher takes as done: it lands
 * exactly once. Changes of one encounter are sent in queue order (its record key).
 */
import * as v from 'valibot';
import { KINDS } from './names.ts';
import type { AnyMutationKind, MutationKind } from '@/data/outbox/types.ts';
import { encountersKo } from './ko.ts';

const t = encountersKo;

const createPayload = v.object({
  id: v.string(),
  user: v.string(),
  fan: v.string(),
  fanName: v.string(),
  meetup: v.optional(v.string(), ''),
  theyHave: v.array(v.string()),
  theyWant: v.array(v.string()),
  note: v.optional(v.string(), ''),
  /** When they met, a PocketBase time stamp (also the local copy's created/updated). */
  metAt: v.string(),
});
export type EncounterCreatePayload = v.InferOutput<typeof createPayload>;

export const encounterCreate: MutationKind<EncounterCreatePayload> = {
  kind: KINDS.encounterCreate,
  collection: 'encounters',
  payload: createPayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    // a server copy already here (a replay answered, a pull) is newer than the queued create
    if (await db.encounters.get(p.id)) return;
    await db.encounters.put({
      id: p.id,
      user: p.user,
      fan: p.fan,
      fanName: p.fanName,
      meetup: p.meetup,
      theyHave: p.theyHave,
      theyWant: p.theyWant,
      note: p.note,
      metAt: p.metAt,
      created: p.metAt,
      updated: p.metAt,
    });
  },
  request: (p) => ({
    method: 'POST',
    collection: 'encounters',
    id: p.id,
    body: {
      id: p.id,
      user: p.user,
      fan: p.fan,
      fanName: p.fanName,
      ...(p.meetup ? { meetup: p.meetup } : {}),
      theyHave: p.theyHave,
      theyWant: p.theyWant,
      note: p.note,
      metAt: p.metAt,
    },
  }),
  ownerField: 'user',
  label: t.kinds.encounterCreate,
  failureMessage: () => t.failures.save,
};

const notePayload = v.object({ id: v.string(), note: v.string() });
export type EncounterNotePayload = v.InferOutput<typeof notePayload>;

export const encounterNote: MutationKind<EncounterNotePayload> = {
  kind: KINDS.encounterNote,
  collection: 'encounters',
  payload: notePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.encounters.update(p.id, { note: p.note });
  },
  request: (p) => ({
    method: 'PATCH',
    collection: 'encounters',
    id: p.id,
    body: { note: p.note },
  }),
  label: t.kinds.encounterNote,
  failureMessage: () => t.failures.note,
};

const deletePayload = v.object({ id: v.string() });
export type EncounterDeletePayload = v.InferOutput<typeof deletePayload>;

export const encounterDelete: MutationKind<EncounterDeletePayload> = {
  kind: KINDS.encounterDelete,
  collection: 'encounters',
  payload: deletePayload,
  recordId: (p) => p.id,
  async apply(db, p) {
    await db.encounters.delete(p.id);
  },
  // a replay answered 404 was already done (sync/answers.ts)
  request: (p) => ({ method: 'DELETE', collection: 'encounters', id: p.id }),
  label: t.kinds.encounterDelete,
  failureMessage: () => t.failures.remove,
};

/** This domain's kinds, for the outbox's table (src/domains/tables/kinds.ts). */
export const kinds = [
  encounterCreate,
  encounterNote,
  encounterDelete,
] as const satisfies readonly AnyMutationKind[];
