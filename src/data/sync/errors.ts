/**
 * How the flusher reads a failed request. Network trouble, timeouts, rate limits and server errors
 * are temporary: the change stays queued and is retried with backoff. 401 means the session is
 * gone: everything waits for the next login. Any other 4xx is the server's final answer.
 */
import type { FlushContext } from './flush.ts';

export type Failure = 'retry' | 'auth' | 'final';

interface ErrorLike {
  status?: number;
  isAbort?: boolean;
  response?: { data?: Record<string, { code?: string } | undefined>; message?: string };
  message?: string;
}

export function errorStatus(err: unknown): number {
  return (err as ErrorLike | null)?.status ?? 0;
}

export function classifyFailure(err: unknown): Failure {
  const e = (err ?? {}) as ErrorLike;
  const status = e.status ?? 0;
  if (e.isAbort || status === 0) return 'retry';
  if (status === 401) return 'auth';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'final';
}

/** PocketBase's field errors of a 400 answer. */
function fieldErrors(err: unknown): Record<string, { code?: string } | undefined> {
  return (err as ErrorLike | null)?.response?.data ?? {};
}

/** A create whose id exists already: our own earlier send, or (rarely) someone else's record. */
export function isIdTaken(err: unknown): boolean {
  return errorStatus(err) === 400 && fieldErrors(err)['id']?.code === 'validation_not_unique';
}

/** A create refused by a unique index other than the id (a like of a card already liked). */
export function isDuplicate(err: unknown): boolean {
  if (errorStatus(err) !== 400) return false;
  const errors = fieldErrors(err);
  return Object.entries(errors).some(
    ([field, e]) => field !== 'id' && e?.code === 'validation_not_unique',
  );
}

/**
 * Field codes of refusals the server explains to the fan in Korean (pb_hooks: a daily cap, a
 * proposal whose terms changed before the accept landed, the daily upload quota, an image too
 * large to take, a block between the two fans, a suspended account with why and until when).
 * Their message says why and what to do, so a dead letter shows it instead of the action's
 * generic failure message.
 */
const EXPLAINED_CODES = new Set([
  'validation_daily_cap',
  'validation_terms_changed',
  'validation_upload_quota',
  'validation_image_size',
  'validation_blocked',
  'validation_suspended',
]);

/**
 * Field codes of refusals that sending the same change again cannot overcome: a block between the
 * two fans, a proposal whose terms changed before the accept. The fan is offered to delete it.
 */
const HOPELESS_CODES = new Set(['validation_blocked', 'validation_terms_changed']);

/** Whether a refusal is one that a retry of the same change cannot overcome. */
export function isHopeless(err: unknown): boolean {
  if (errorStatus(err) !== 400) return false;
  return Object.values(fieldErrors(err)).some((e) => HOPELESS_CODES.has(e?.code ?? ''));
}

/** The server's own Korean reason for a refusal, when it gives one the fan can act on. */
export function explainedRefusal(err: unknown): string | null {
  if (errorStatus(err) !== 400) return null;
  const explained = Object.values(fieldErrors(err)).some((e) => EXPLAINED_CODES.has(e?.code ?? ''));
  const message = (err as ErrorLike).response?.message?.trim();
  return explained && message ? message : null;
}

/** A short description of the server's answer, kept with dead letters. */
export function describeFailure(err: unknown): string {
  const e = (err ?? {}) as ErrorLike;
  const fields = Object.entries(fieldErrors(err))
    .map(([f, v]) => `${f}: ${v?.code ?? ''}`)
    .join(', ');
  const base = e.response?.message || e.message || 'error';
  return `${e.status ?? 0} ${base}${fields ? ` (${fields})` : ''}`;
}

/** Backoff after `attempts` failures: 1 s, 2 s, 4 s ... capped at 30 s, with ±20% jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempts - 1));
  const jittered = base * (0.8 + 0.4 * random());
  return Math.min(30_000, Math.round(jittered));
}

/** How a refused batch should be read: by the worst status among its failed requests. */
export function batchFailure(err: unknown): 'retry' | 'auth' | 'final' {
  const outer = classifyFailure(err);
  if (outer !== 'final') return outer;
  const inner = (err as { response?: { data?: { requests?: unknown } } } | null)?.response?.data
    ?.requests;
  const statuses =
    inner && typeof inner === 'object'
      ? Object.values(inner as Record<string, { response?: { status?: unknown } } | undefined>).map(
          (r) => (typeof r?.response?.status === 'number' ? r.response.status : -1),
        )
      : [];
  const kinds = statuses.filter((st) => st >= 0).map((st) => classifyFailure({ status: st }));
  if (kinds.includes('auth')) return 'auth';
  if (kinds.includes('retry')) return 'retry';
  return 'final';
}

/**
 * Whether the server still accepts our token (PocketBase serves a token it no longer takes as anonymous, so a refusal may mean that). An auth refresh is the
 * one request that answers 401 for a token the server no longer takes; when it succeeds, the
 * refreshed token is stored as a side effect.
 */
export function confirmSession(ctx: FlushContext): Promise<'ok' | 'auth' | 'retry'> {
  ctx.sessionCheck ??= (async () => {
    ctx.report.requests++;
    try {
      await ctx.pb.collection('users').authRefresh({ requestKey: null });
      return 'ok';
    } catch (err) {
      return classifyFailure(err) === 'retry' ? 'retry' : 'auth';
    }
  })();
  return ctx.sessionCheck;
}
