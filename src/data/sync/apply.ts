/**
 * Applying server copies to the local store. Every path that brings records from PocketBase (delta
 * pull, realtime, a create's response, a rollback) comes through here, so these rules hold
 * everywhere:
 *
 * 1. Rebase: after a record is replaced by its server copy, the changes still queued for it are
 *    applied again on top (their `apply` is idempotent), so a pull never wipes an unsent edit.
 * 2. Each table's own rules (SYNCED_TABLE_RULES in data/db): fields a copy may lack keep their
 *    local values (the server hides a user's `phoneNumber` and `birth`, and other users' emails,
 *    from some responses such as realtime messages), and a table with one record per value (one
 *    like per user and card) has a server copy replace a local record of the same values.
 *
 * See docs/sync.md, Applying server copies.
 */
import type { Table } from 'dexie';
import { MUTATION_KINDS, readMutation, recordKey } from '@/data/outbox/index.ts';
import { SYNCED_TABLE_RULES, type AppDB, type SyncedTableRule } from '@/data/db/index.ts';
import { parseRecord, type SyncedCollection } from '@/data/pb/records.ts';
import { readSession } from '@/data/session/session.ts';

/** The tables the registered kinds' optimistic applies write to. */
const KIND_TABLES = [...new Set([...MUTATION_KINDS.values()].map((k) => k.collection))];

/** Kinds whose apply also changes records other than their own (`touches`). */
const TOUCHING_KINDS = [...MUTATION_KINDS.values()].filter((k) => k.touches).map((k) => k.kind);

/** Every table an optimistic apply may touch, plus the bookkeeping the rebase reads. */
function rebaseTables(db: AppDB) {
  return [db.outbox, db.auth, ...KIND_TABLES.map((t) => db.table(t))];
}

/**
 * Re-applies the queued changes of these records (of the signed-in user), oldest first: the rows
 * of the records themselves, and rows of other records whose apply changes one of them (a queued
 * counter-proposal keeps the proposal it answers `countered`).
 */
export async function rebase(db: AppDB, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const userId = (await readSession(db))?.userId;
  if (!userId) return;
  const [own, touching] = await Promise.all([
    db.outbox.where('recordKey').anyOf(keys).toArray(),
    TOUCHING_KINDS.length
      ? db.outbox.where('kind').anyOf(TOUCHING_KINDS).toArray()
      : Promise.resolve([]),
  ]);
  const wanted = new Set(keys);
  const rows = new Map(own.map((r) => [r.seq!, r]));
  for (const r of touching) {
    if (rows.has(r.seq!)) continue;
    const m = readMutation(r.kind, r.payload);
    if (!('error' in m) && m.kind.touches?.(m.payload).some((k: string) => wanted.has(k))) {
      rows.set(r.seq!, r);
    }
  }
  for (const row of [...rows.values()].sort((x, y) => x.seq! - y.seq!)) {
    if (row.userId !== userId) continue;
    const m = readMutation(row.kind, row.payload);
    if ('error' in m) continue;
    await m.kind.apply(db, m.payload, userId);
  }
}

/**
 * `updated` of the local copies of `recs` that may be newer than the incoming ones. Where the table
 * has an `updated` index, only the ids of local rows stamped after the oldest incoming record are
 * read (keys from the index, no values): on a first pull that is nothing, on a delta pull a few
 * rows; only those few copies are then read whole. Other tables read every copy.
 */
async function newerLocalStamps(
  table: Table,
  recs: readonly { id: string; updated: string }[],
): Promise<Map<string, string>> {
  let ids = recs.map((r) => r.id);
  if (table.schema.idxByName['updated']) {
    const oldest = recs.reduce((min, r) => (r.updated < min ? r.updated : min), recs[0]!.updated);
    const after = new Set(
      (await table.where('updated').above(oldest).primaryKeys()) as unknown as string[],
    );
    ids = ids.filter((id) => after.has(id));
    if (!ids.length) return new Map();
  }
  const local = (await table.bulkGet(ids)) as ({ id: string; updated?: string } | undefined)[];
  const out = new Map<string, string>();
  for (const row of local) if (row?.updated) out.set(row.id, row.updated);
  return out;
}

/** Puts server copies of records (raw JSON from PocketBase) and rebases queued changes on them. */
export async function applyServerRecords(
  db: AppDB,
  collection: SyncedCollection,
  raws: readonly unknown[],
  opts: { skipOlder?: boolean } = {},
): Promise<number> {
  // an async scope: Dexie keeps the transaction open across native awaits only in one
  return db.transaction('rw', [db.table(collection), ...rebaseTables(db)], async () => {
    return await putServerRecords(db, collection, raws, opts);
  });
}

/**
 * `applyServerRecords` inside a transaction the caller already holds over the record's table and
 * the rebase tables (the flush settles rows and stores read-back copies in one).
 */
export async function putServerRecords(
  db: AppDB,
  collection: SyncedCollection,
  raws: readonly unknown[],
  opts: { skipOlder?: boolean } = {},
): Promise<number> {
  let records = raws
    .map((raw) => ({ raw, rec: parseRecord(collection, raw) }))
    .filter((x): x is { raw: unknown; rec: NonNullable<typeof x.rec> } => x.rec !== null);
  if (!records.length) return 0;
  const table = db.table(collection);
  if (opts.skipOlder) {
    // a pull page fetched before a realtime event was applied must not put back the older copy
    // (local `updated` is always the server's stamp once a record has been on the server)
    const newer = await newerLocalStamps(
      table,
      records.map((r) => r.rec),
    );
    records = records.filter((r) => !((newer.get(r.rec.id) ?? '') > r.rec.updated));
    if (!records.length) return 0;
  }
  const rule = SYNCED_TABLE_RULES[collection] ?? {};
  const rows = rule.keepLocal
    ? await keepLocalFields(table, records, rule)
    : records.map((r) => r.rec as Record<string, unknown>);
  const keys = rows.map((r) => recordKey(collection, r['id'] as string));
  if (rule.oneRecordPer) {
    // one record per value (a like per user and card): a server copy replaces a local one of the
    // same values that has another id (liked on two devices; the queued create will be answered
    // "already liked"). The replaced one's queued changes are rebased too: when the server's
    // like is an older one that a queued unlike removes, the queued like after it must show again.
    const fields = rule.oneRecordPer;
    for (const r of rows) {
      const where = Object.fromEntries(fields.map((f) => [f, r[f] as string]));
      for (const s of (await table.where(where).toArray()) as { id: string }[]) {
        if (s.id === r['id']) continue;
        await table.delete(s.id);
        keys.push(recordKey(collection, s.id));
      }
    }
  }
  await table.bulkPut(rows);
  await rebase(db, keys);
  return records.length;
}

/** The rows to store: server copies with `keepLocal` fields they lack taken from the local copies. */
async function keepLocalFields(
  table: Table,
  records: readonly { raw: unknown; rec: { id: string } }[],
  rule: SyncedTableRule,
): Promise<Record<string, unknown>[]> {
  const existing = await table.bulkGet(records.map((r) => r.rec.id));
  return records.map(({ raw, rec }, i) => {
    const local = existing[i] as Record<string, unknown> | undefined;
    const merged: Record<string, unknown> = { ...rec };
    for (const f of rule.keepLocal ?? []) {
      const sent = (raw as Record<string, unknown>)[f];
      if (sent !== undefined && sent !== '') continue;
      if (local?.[f]) merged[f] = local[f];
      else if (rule.dropEmpty?.includes(f)) delete merged[f];
    }
    return merged;
  });
}

/**
 * Removes records deleted on the server (tombstones, realtime deletes, a rolled-back create), and
 * the rows of other tables that go with them (the table's `cascade` rule).
 */
export async function applyServerDeletes(
  db: AppDB,
  collection: SyncedCollection,
  ids: readonly string[],
): Promise<void> {
  if (!ids.length) return;
  const table = db.table(collection);
  const cascade = Object.entries(SYNCED_TABLE_RULES[collection]?.cascade ?? {});
  const others = cascade.map(([t]) => db.table(t));
  await db.transaction('rw', [table, ...others], async () => {
    await table.bulkDelete([...ids]);
    for (const [t, field] of cascade) {
      await db
        .table(t)
        .where(field)
        .anyOf([...ids])
        .delete();
    }
  });
}
