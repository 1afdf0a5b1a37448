/** The fan's reports (제보), by name, for src/domains/tables/reads.ts. */
import { listReports } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  reports: (userId: Id) => (userId ? listReports() : Promise.resolve([])),
};
