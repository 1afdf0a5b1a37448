/** The collect books' live reads, by name, for src/domains/tables/reads.ts. */
import { getCollectBook, listCollectBooksOf } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  collectBooksOf: (userId: Id) => (userId ? listCollectBooksOf(userId) : Promise.resolve([])),
  collectBook: (id: Id) => (id ? getCollectBook(id) : Promise.resolve(null)),
};
