/**
 * data/outbox: the outbox core. A row stores only a kind's name and its payload; the flusher, the
 * rebase after pulls and the rollback after a refusal look the kind up in the table the domains
 * build (src/domains/tables/kinds.ts) and check the payload against it before using it. What a kind
 * declares is types.ts; the kinds themselves live in their domains (docs/architecture.md,
 * Domains). Sending the rows is data/sync (docs/sync.md).
 */
import * as v from 'valibot';
import { MUTATION_KINDS } from '@/domains/tables/kinds.ts';
import type { AnyMutationKind } from './types.ts';

export type { AnyMutationKind, MutationKind, SendRequest } from './types.ts';
export { recordKey, type RecordKey } from './names.ts';
export { MUTATION_KINDS };

/** The kind and checked payload of a stored row, or an error text when either is unusable. */
export function readMutation(
  kind: string,
  payload: unknown,
): { kind: AnyMutationKind; payload: unknown } | { error: string } {
  const k = MUTATION_KINDS.get(kind);
  if (!k) return { error: `unknown mutation kind ${kind}` };
  const parsed = v.safeParse(k.payload, payload);
  if (!parsed.success) return { error: `malformed ${kind} payload: ${parsed.issues[0]?.message}` };
  return { kind: k, payload: parsed.output };
}
