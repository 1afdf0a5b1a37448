/**
 * How the audit log reads (docs/operators.md, The audit log): an action's Korean name, a target's
 * collection, when (Korean date and time), who, and the fields an action changed, from the
 * entry's `before` and `after`. Pure, so the viewer only lays them out.
 */
import { koAdmin } from './ko';

const t = koAdmin.audit;

/**
 * The Korean name of an action: an entry of `labels`, else its noun and verb (`notice.create`:
 * 공지 등록), else the name itself, so an action added later still shows.
 */
export function actionLabel(action: string): string {
  if (Object.hasOwn(t.labels, action)) return t.labels[action] ?? action;
  const dot = action.lastIndexOf('.');
  if (dot <= 0) return action;
  const noun = action.slice(0, dot);
  const verb = action.slice(dot + 1);
  const nounKo = Object.hasOwn(t.nouns, noun) ? t.nouns[noun] : undefined;
  const verbKo = Object.hasOwn(t.verbs, verb) ? t.verbs[verb] : undefined;
  return nounKo && verbKo ? `${nounKo} ${verbKo}` : action;
}

/** The action filter's choices: each noun with its Korean name. */
export function actionNouns(): Array<{ noun: string; label: string }> {
  return Object.entries(t.nouns).map(([noun, label]) => ({ noun, label }));
}

export function collectionLabel(collection: string): string {
  return (
    (Object.hasOwn(t.collections, collection) ? t.collections[collection] : undefined) ?? collection
  );
}

export function fieldLabel(field: string): string {
  return (Object.hasOwn(t.fields, field) ? t.fields[field] : undefined) ?? field;
}

/** Who did it: the admin's nickname then, or a superuser's email (their entries have no actor). */
export function actorLabel(entry: { actor: string; actorName: string }): string {
  if (!entry.actor) return t.superuserName(entry.actorName);
  return entry.actorName || t.unknownActor;
}

const STAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;

/** A PocketBase time stamp as '2026년 11월 30일 오후 3:05' (the device's time zone). */
export function formatWhen(stamp: string): string {
  const ms = Date.parse(stamp.replace(' ', 'T'));
  if (Number.isNaN(ms)) return stamp;
  return new Date(ms).toLocaleString('ko-KR', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A stored value as text: dates in Korean, yes/no, '(없음)' for nothing. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.none;
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value === 'string') return STAMP.test(value) ? formatWhen(value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length ? value.join(', ') : t.none;
  }
  return JSON.stringify(value);
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** Fields every record has, which say nothing about what an action changed. */
const SKIPPED = new Set(['id', 'created', 'updated', 'collectionId', 'collectionName']);

function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields whose value differs between `before` and `after` (a create has no before, a delete no
 * after: every field shows): the ones `fields` names first, in its order, then the others. Values
 * that are not records (a merge's list of moved rows) are one change named '-'.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const b = asObject(before);
  const a = asObject(after);
  if ((before != null && !b) || (after != null && !a)) {
    return same(before, after) ? [] : [{ field: '-', before, after }];
  }
  // the fields the console names first, in its order (title before body), then the rest
  const known = Object.keys(t.fields);
  const names: string[] = [];
  for (const key of [...known, ...Object.keys(b ?? {}), ...Object.keys(a ?? {})]) {
    const present = (b !== null && key in b) || (a !== null && key in a);
    if (present && !SKIPPED.has(key) && !names.includes(key)) {
      names.push(key);
    }
  }
  return names
    .filter((field) => !same(b?.[field], a?.[field]))
    .map((field) => ({ field, before: b ? b[field] : null, after: a ? a[field] : null }));
}
