/**
 * The outbox's table of kinds, built from every domain's `kinds` export: the one place the
 * domains are listed for the engine (docs/architecture.md, Domains). The engine looks a stored
 * row's kind up here by its name and knows no domain itself; a new kind is added in its domain's
 * kinds.ts and names.ts, and a new domain by one line below.
 */
import type { AnyMutationKind } from '@/data/outbox/types.ts';
import { kinds as accounts } from '@/domains/accounts/kinds.ts';
import { kinds as alerts } from '@/domains/alerts/kinds.ts';
import { kinds as chat } from '@/domains/chat/kinds.ts';
import { kinds as collectBooks } from '@/domains/collect-books/kinds.ts';
import { kinds as encounters } from '@/domains/encounters/kinds.ts';
import { kinds as likes } from '@/domains/likes/kinds.ts';
import { kinds as meetups } from '@/domains/meetups/kinds.ts';
import { kinds as posts } from '@/domains/posts/kinds.ts';
import { kinds as reports } from '@/domains/reports/kinds.ts';
import { kinds as tradeLists } from '@/domains/trade-lists/kinds.ts';
import { kinds as trades } from '@/domains/trades/kinds.ts';

const DOMAINS: readonly (readonly AnyMutationKind[])[] = [
  likes,
  posts,
  meetups,
  collectBooks,
  accounts,
  reports,
  alerts,
  tradeLists,
  chat,
  trades,
  encounters,
];

function table(domains: readonly (readonly AnyMutationKind[])[]): Map<string, AnyMutationKind> {
  const out = new Map<string, AnyMutationKind>();
  for (const kind of domains.flat()) {
    // two domains claiming one stored name would send one's rows with the other's request
    if (out.has(kind.kind)) throw new Error(`mutation kind ${kind.kind} is declared twice`);
    out.set(kind.kind, kind);
  }
  return out;
}

/** Every kind of queued change, by the name stored in its outbox row. */
export const MUTATION_KINDS: ReadonlyMap<string, AnyMutationKind> = table(DOMAINS);
