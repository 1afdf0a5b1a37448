/**
 * The PocketBase session kept in IndexedDB (the `auth` table, one row), not localStorage: the
 * service worker has no localStorage, and it must send queued changes with the same session the
 * page uses. The SDK's AsyncAuthStore writes every change through `save`/`clear`.
 *
 * `adopt` takes a session written by another context (another tab, a login elsewhere) into memory
 * without writing it back, so a stale copy never overwrites a newer login or a logout.
 */
import { AsyncAuthStore, BaseAuthStore, type AuthRecord } from 'pocketbase';
import * as v from 'valibot';
import type { AppDB, AuthRow } from '../db/index.ts';

const sessionSchema = v.object({
  token: v.string(),
  record: v.nullable(v.looseObject({ id: v.string() })),
});

/** The stored session, checked; null when there is none or it is unreadable. */
export async function readAuthRow(db: AppDB): Promise<AuthRow | null> {
  const row = await db.auth.get('session');
  if (!row) return null;
  const parsed = v.safeParse(sessionSchema, row);
  if (!parsed.success || !parsed.output.token) return null;
  return { key: 'session', token: parsed.output.token, record: parsed.output.record };
}

export class DexieAuthStore extends AsyncAuthStore {
  /** Resolves once the stored session has been loaded into memory. */
  readonly ready: Promise<void>;

  constructor(private readonly db: AppDB) {
    super({
      save: async (serialized) => {
        const parsed = v.safeParse(sessionSchema, safeJson(serialized));
        if (parsed.success && parsed.output.token) {
          await db.auth.put({ key: 'session', token: parsed.output.token, record: parsed.output.record });
        } else {
          await db.auth.delete('session');
        }
      },
      clear: async () => {
        await db.auth.delete('session');
      },
    });
    // loaded with adopt, not AsyncAuthStore's `initial` (which writes the value back: a logout
    // in another context between the read and that write would be undone)
    this.ready = readAuthRow(db).then((row) => this.adopt(row));
  }

  /** Take a session written elsewhere into memory, without writing it back. */
  adopt(row: AuthRow | null): void {
    const record = (row?.record ?? null) as AuthRecord;
    if ((row?.token ?? '') === this.token && record?.id === this.record?.id) return;
    BaseAuthStore.prototype.save.call(this, row?.token ?? '', record);
  }

  /** Re-read the stored session (another context may have logged in or out). */
  async reload(): Promise<void> {
    this.adopt(await readAuthRow(this.db));
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
