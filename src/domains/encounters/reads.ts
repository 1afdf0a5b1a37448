/** 만난 팬's live read, for src/domains/tables/reads.ts (docs/encounters.md). */
import { listEncounters } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  encounters: (userId: Id) => (userId ? listEncounters(userId) : Promise.resolve([])),
};
