/**
 * The PocketBase session kept in IndexedDB (the `auth` table, one row), not localStorage: the
 * service worker has no localStorage, and it must send queued changes with the same session the
 * page uses. The SDK's AsyncAuthStore writes every change through `save`/`clear`.
 *
 * `adopt` takes a session written by another context (another tab, a login elsewhere) into memory
 * without writing it back, so a stale copy never overwrites a newer login or a logout. The SDK does
 * not wait for its own writes, so `persist` is awaited where the stored session is read next (after
 * a login or a refresh), and `forget` drops a refused session only if no newer one replaced it.
 */
import { AsyncAuthStore, BaseAuthStore, type AuthRecord } from 'pocketbase';
import * as v from 'valibot';
import type { AppDB, AuthRow } from '@/data/db/index.ts';

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
          await db.auth.put({
            key: 'session',
            token: parsed.output.token,
            record: parsed.output.record,
          });
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

  /**
   * Stores the session held in memory now. The SDK queues its own write and does not wait for
   * it, so a caller that reads the stored session next (a flush right after a login) awaits this.
   */
  async persist(): Promise<void> {
    const { token, record } = this;
    if (token && record) await this.db.auth.put({ key: 'session', token, record });
    else await this.db.auth.delete('session');
  }

  /** Forgets the session if it is still `token`; a newer login (another tab) is kept. */
  async forget(token: string): Promise<void> {
    await this.db.transaction('rw', this.db.auth, async () => {
      if ((await this.db.auth.get('session'))?.token === token)
        await this.db.auth.delete('session');
    });
    if (this.token === token) BaseAuthStore.prototype.clear.call(this);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
