/**
 * An in-memory stand-in for the part of the PocketBase SDK the outbox flusher uses
 * (collection(c).create/update/delete/getOne/getFirstListItem/authRefresh, createBatch, filter,
 * authStore), for unit and property tests of the outbox state machine. The real server's answers
 * are copied where the flusher depends on them (checked against PocketBase 0.40.4 in
 * tests/integration/sync-*.test.ts):
 *
 * - a create whose id exists: 400 `data.id.code = validation_not_unique`;
 * - a second like of one card: 400 `data.photoCard.code = validation_not_unique`;
 * - a token the server no longer accepts is served as anonymous (create 400, update/delete/view of
 *   a private or own record 404), and only authRefresh answers it with 401;
 * - batches are one transaction: all or nothing, 400 when any request in them fails;
 * - `cardInfo+` / `cardInfo-` are set operations; likes keep photoCards.likeCount;
 * - the trade collections (docs/trades.md): unique (user, card) list items, (a, b) conversations,
 *   (user, blocked) blocks and (trade, author) reviews; a message or proposal naming a conversation
 *   that does not exist is refused; a counter-proposal marks the proposal it answers `countered`
 *   (and is refused once that one is no longer `proposed`);
 *   conversations and trades are changed by either of their two fans.
 *
 * Faults are injected per request by `nextFault` (network errors before or after the server
 * applied it, 5xx, 429, 401). Every applied mutation is logged for the order checks.
 */
import { BaseAuthStore, ClientResponseError } from 'pocketbase';

type Rec = Record<string, unknown> & { id: string };
export type Fault = 'ok' | 'drop-before' | 'drop-after' | '500' | '429' | '401';

export interface AppliedOp {
  method: 'POST' | 'PATCH' | 'DELETE';
  collection: string;
  id: string;
  body: Record<string, unknown>;
}

const OWNER: Record<string, string> = {
  exchangeList: 'writer',
  comments: 'name',
  likes: 'user',
  collectBook: 'users',
  informUs: 'user',
  users: 'id',
  tradeItems: 'user',
  messages: 'sender',
  trades: 'proposer',
  reviews: 'author',
  blocks: 'user',
  chatReports: 'reporter',
};
/** Records either of two fans creates (as one of them), views and changes. */
const PARTIES: Record<string, readonly [string, string]> = {
  conversations: ['a', 'b'],
  trades: ['proposer', 'receiver'],
};
/** Unique indexes beside the id: a second record with the same values is refused. */
const UNIQUE: Record<string, readonly string[]> = {
  likes: ['user', 'photoCard'],
  tradeItems: ['user', 'photoCard'],
  conversations: ['a', 'b'],
  blocks: ['user', 'blocked'],
  reviews: ['trade', 'author'],
};
/** Relation fields that must name an existing record. */
const REFS: Record<string, Record<string, string>> = {
  messages: { conversation: 'conversations' },
  trades: { conversation: 'conversations' },
};
const PRIVATE = new Set([
  'likes',
  'collectBook',
  'informUs',
  'tradeItems',
  'conversations',
  'messages',
  'trades',
  'reviews',
  'blocks',
  'chatReports',
]);
/** The fake's profanity rule: a description containing this word is refused. */
export const POISON = 'BAD';

let stamp = 0;
function now(): string {
  stamp += 1;
  return new Date(Date.UTC(2026, 0, 1) + stamp).toISOString().replace('T', ' ');
}

function fail(status: number, data: Record<string, unknown> = {}, message = 'error'): never {
  throw new ClientResponseError({ status, response: { status, message, data } });
}

/** A record's fields as stored: an uploaded file becomes its file name, as on the server. */
function stored(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    out[k] = v instanceof Blob ? (v instanceof File && v.name ? v.name : `${k}.bin`) : v;
  }
  return out;
}

function networkFailure(): ClientResponseError {
  return new ClientResponseError({ status: 0, originalError: new TypeError('fetch failed') });
}

/** The state of the fake server: records per collection. */
export class FakeServerState {
  readonly tables = new Map<string, Map<string, Rec>>();
  /** Mutations applied, in order (replays of an applied request appear again). */
  readonly log: AppliedOp[] = [];

  table(c: string): Map<string, Rec> {
    let t = this.tables.get(c);
    if (!t) this.tables.set(c, (t = new Map()));
    return t;
  }

  clone(): FakeServerState {
    const copy = new FakeServerState();
    for (const [c, t] of this.tables) {
      copy.tables.set(c, new Map([...t].map(([id, r]) => [id, structuredClone(r)])));
    }
    copy.log.push(...this.log);
    return copy;
  }

  adopt(other: FakeServerState): void {
    this.tables.clear();
    for (const [c, t] of other.tables) this.tables.set(c, t);
    this.log.length = 0;
    this.log.push(...other.log);
  }

  /** Applies one request as user `auth` (null: anonymous). Throws a ClientResponseError. */
  apply(op: AppliedOp, auth: string | null): Rec | null {
    const t = this.table(op.collection);
    const ownerField = OWNER[op.collection];
    if (op.method === 'POST') {
      const id = String(op.body['id'] ?? '');
      if (id && t.has(id)) {
        fail(400, { id: { code: 'validation_not_unique', message: 'Value must be unique.' } });
      }
      const parties = PARTIES[op.collection];
      const creator = parties ? parties.some((f) => op.body[f] === auth) : true;
      if (!auth || !creator || (ownerField && !parties && op.body[ownerField] !== auth))
        fail(400, {}, 'Failed to create record.');
      const unique = UNIQUE[op.collection];
      if (unique) {
        for (const r of t.values()) {
          if (unique.every((f) => r[f] === op.body[f])) {
            fail(400, { [unique[unique.length - 1]!]: { code: 'validation_not_unique' } });
          }
        }
      }
      if (op.collection === 'trades' && op.body['counterOf']) {
        const old = t.get(String(op.body['counterOf']));
        if (old?.['status'] !== 'proposed') fail(400, {}, '이미 끝난 교환 제안이에요.');
      }
      for (const [field, target] of Object.entries(REFS[op.collection] ?? {})) {
        const ref = op.body[field];
        if (ref && !this.table(target).has(String(ref))) {
          fail(400, { [field]: { code: 'validation_missing_rel_records' } });
        }
      }
      this.check(op.collection, op.body);
      const created = now();
      const rec: Rec = { ...stored(op.body), id, created, updated: created } as Rec;
      if (op.collection === 'exchangeList') rec['chatContent'] = '';
      if (op.collection === 'collectBook')
        rec['cardInfo'] = [...new Set(rec['cardInfo'] as string[])];
      t.set(id, rec);
      if (op.collection === 'likes') this.count(String(rec['photoCard']), +1);
      if (op.collection === 'trades' && rec['counterOf']) {
        const old = t.get(String(rec['counterOf']));
        if (old) t.set(old.id, { ...old, status: 'countered', updated: now() });
      }
      this.log.push(op);
      return structuredClone(rec);
    }
    const rec = t.get(op.id);
    // update and delete rules: the owner only (anyone else, or anonymous, gets 404)
    if (!rec || !auth || !this.mayChange(op.collection, rec, auth)) {
      fail(404, {}, "The requested resource wasn't found.");
    }
    if (op.method === 'DELETE') {
      t.delete(op.id);
      if (op.collection === 'likes') this.count(String(rec['photoCard']), -1);
      this.log.push(op);
      return null;
    }
    const next: Rec = structuredClone(rec);
    for (const [k, v] of Object.entries(op.body)) {
      if (k.endsWith('+')) {
        const f = k.slice(0, -1);
        next[f] = [...new Set([...(next[f] as string[]), ...(v as string[])])];
      } else if (k.endsWith('-')) {
        const f = k.slice(0, -1);
        const gone = new Set(v as string[]);
        next[f] = (next[f] as string[]).filter((x) => !gone.has(x));
      } else next[k] = v;
    }
    this.check(op.collection, next);
    next.updated = now();
    t.set(op.id, next);
    this.log.push(op);
    return structuredClone(next);
  }

  private mayChange(collection: string, rec: Rec, auth: string): boolean {
    const parties = PARTIES[collection];
    if (parties) return parties.some((f) => rec[f] === auth);
    const ownerField = OWNER[collection];
    return Boolean(ownerField && rec[ownerField] === auth);
  }

  private check(collection: string, rec: Record<string, unknown>): void {
    if (collection === 'exchangeList' && String(rec['description']).includes(POISON)) {
      fail(400, { description: { code: 'validation_profanity' } }, '비속어');
    }
  }

  private count(card: string, delta: number): void {
    const cards = this.table('photoCards');
    const c = cards.get(card) ?? { id: card, likeCount: 0 };
    c['likeCount'] = Number(c['likeCount'] ?? 0) + delta;
    cards.set(card, c);
  }

  view(collection: string, id: string, auth: string | null): Rec {
    const rec = this.table(collection).get(id);
    if (!rec || (PRIVATE.has(collection) && (!auth || !this.mayChange(collection, rec, auth)))) {
      fail(404, {}, "The requested resource wasn't found.");
    }
    return structuredClone(rec);
  }
}

/** The fake client: what flush.ts calls on a PocketBase instance. */
export class FakePocketBase {
  readonly authStore = new BaseAuthStore();
  /** Tokens the server accepts, with their user. */
  readonly tokens = new Map<string, string>();
  /** Decides the fate of each request (a batch is one request). */
  nextFault: () => Fault = () => 'ok';
  requests = 0;

  constructor(readonly state: FakeServerState) {}

  private user(): string | null {
    return this.tokens.get(this.authStore.token) ?? null;
  }

  /** Runs one request through the fault injector. */
  private async send<T>(run: () => T, mutates: boolean): Promise<T> {
    this.requests++;
    await Promise.resolve();
    const fault = this.nextFault();
    if (fault === 'drop-before') throw networkFailure();
    if (fault === '500') fail(500);
    if (fault === '429') fail(429);
    if (fault === '401') fail(401);
    const result = run();
    if (fault === 'drop-after' && mutates) throw networkFailure();
    return result;
  }

  filter(expr: string, params: Record<string, unknown>): string {
    return expr.replace(/\{:(\w+)\}/g, (_, k: string) => JSON.stringify(params[k]));
  }

  collection(name: string) {
    const op = (method: AppliedOp['method'], id: string, body: Record<string, unknown> = {}) =>
      this.send(() => this.state.apply({ method, collection: name, id, body }, this.user()), true);
    return {
      create: (body: Record<string, unknown>) => op('POST', String(body['id'] ?? ''), body),
      update: (id: string, body: Record<string, unknown>) => op('PATCH', id, body),
      delete: async (id: string) => {
        await op('DELETE', id);
        return true;
      },
      getOne: (id: string) => this.send(() => this.state.view(name, id, this.user()), false),
      getFirstListItem: (filter: string) =>
        this.send(() => {
          const want = [...filter.matchAll(/(\w+) = "([^"]*)"/g)].map(
            (m) => [m[1]!, m[2]!] as const,
          );
          for (const r of this.state.table(name).values()) {
            if (want.every(([f, v]) => r[f] === v)) return this.state.view(name, r.id, this.user());
          }
          return fail(404);
        }, false),
      authRefresh: () =>
        this.send(() => {
          const user = this.user();
          if (!user) fail(401, {}, 'The request requires valid record authorization token.');
          return { token: this.authStore.token, record: this.authStore.record };
        }, false),
    };
  }

  createBatch() {
    const ops: AppliedOp[] = [];
    const sub = (collection: string) => ({
      create: (body: Record<string, unknown>) =>
        ops.push({ method: 'POST', collection, id: String(body['id'] ?? ''), body }),
      update: (id: string, body: Record<string, unknown>) =>
        ops.push({ method: 'PATCH', collection, id, body }),
      delete: (id: string) => ops.push({ method: 'DELETE', collection, id, body: {} }),
    });
    return {
      collection: sub,
      send: () =>
        this.send(() => {
          // one transaction: applied to a copy, kept only if every request passes
          const draft = this.state.clone();
          const results = ops.map((o, i) => {
            try {
              return { status: 200, body: draft.apply(o, this.user()) };
            } catch (err) {
              const e = err as ClientResponseError;
              return fail(400, {
                requests: { [i]: { code: 'batch_request_failed', response: e.response } },
              });
            }
          });
          this.state.adopt(draft);
          return results.map((r) => (r.body ? r : { status: 204, body: null }));
        }, true),
    };
  }
}

/** A JWT-shaped token that the client reads as valid for a day (the fake checks it by value). */
export function fakeToken(userId: string, n: number): string {
  const b64 = (o: object) =>
    btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + 24 * 3600;
  return `${b64({ alg: 'HS256' })}.${b64({ id: userId, exp, type: 'auth', n })}.sig`;
}
