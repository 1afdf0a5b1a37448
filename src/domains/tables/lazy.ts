/**
 * What a screen needs of the write API before it writes: the rules a form checks, the errors a
 * write may throw, and loadRepos(), which brings the write API itself (with Dexie and the SDK) in
 * its own chunk on first use. A screen imports this module, never ./writes.ts, so its chunk stays
 * free of the data layer until the fan actually changes something (see docs/first-visit.md).
 */
export { checkPostText, POST_MAX_LENGTH } from '@/domains/posts/rules.ts';
export { COMMENT_MAX_LENGTH } from '@/domains/meetups/rules.ts';
export { InvalidInputError, LoginRequiredError, StorageFullError } from '@/data/writes/errors.ts';

export type Repos = typeof import('./writes.ts');

let repos: Promise<Repos> | null = null;

/** The write API (data/writes), loaded once. */
export function loadRepos(): Promise<Repos> {
  repos ??= import('./writes.ts');
  return repos;
}
