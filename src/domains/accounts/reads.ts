/** The fans' profiles (anyone's public one, the signed-in fan's own), by name, for src/domains/tables/reads.ts. */
import { getOwnProfile, getPublicProfile, getPublicProfiles } from './queries.ts';

type Id = string | null | undefined;

export const reads = {
  publicProfile: (id: Id) => (id ? getPublicProfile(id) : Promise.resolve(null)),
  publicProfiles: (ids: string[]) => getPublicProfiles(ids),
  ownProfile: (userId: Id) => (userId ? getOwnProfile(userId) : Promise.resolve(null)),
};
