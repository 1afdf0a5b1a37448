/**
 * The model side of the fault-injection test (tests/e2e/fault-injection.test.ts): a seeded random
 * source, what the fans did (likes, posts and their edits, status moves and deletes, comments,
 * collect-book ticks), and the comparison of a snapshot of stored records with it.
 *
 * The comparison counts four kinds of difference, each of which must be zero:
 * - lost: something the fans did that is not there (a like, a live post, a comment, a ticked card);
 * - duplicated: something stored more than once (a like twice, a post or comment re-created);
 * - unexpected: something there that the fans undid or never did (an unlike or delete that didn't
 *   land, an unticked card still in the book);
 * - stale: a record whose last write is not the fan's last (edits applied out of order).
 */
import { rng } from '../../server/seed/random.ts';

/**
 * The demo seed's generator (mulberry32) with a weighted choice, so a failing run can be repeated
 * with its seed.
 */
export function seededRandom(seed: number) {
  const r = rng(seed);
  return {
    ...r,
    /** A key of `weights` chosen in proportion to its weight. */
    weighted: <K extends string>(weights: Record<K, number>): K => {
      const entries = Object.entries(weights) as [K, number][];
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let left = r.next() * total;
      for (const [k, w] of entries) {
        left -= w;
        if (left < 0) return k;
      }
      return entries[entries.length - 1]![0];
    },
  };
}

export type PostStatus = '교환대기중' | '교환중' | '교환완료';
export const POST_STATUSES: readonly PostStatus[] = ['교환대기중', '교환중', '교환완료'];

export interface ModelPost {
  user: number;
  text: string;
  status: PostStatus;
  deleted: boolean;
  /** Writes after the create (edits and status moves). */
  writes: number;
}

/** What the fans did, as the server should end up holding it. */
export class FaultModel {
  readonly likes: Set<string>[];
  readonly books: Set<string>[];
  readonly posts = new Map<string, ModelPost>();
  readonly comments = new Map<string, { user: number; meetUp: string; text: string }>();

  constructor(users: number) {
    this.likes = Array.from({ length: users }, () => new Set<string>());
    this.books = Array.from({ length: users }, () => new Set<string>());
  }

  like(user: number, card: string, liked: boolean): void {
    if (liked) this.likes[user]!.add(card);
    else this.likes[user]!.delete(card);
  }

  tick(user: number, card: string, inBook: boolean): void {
    if (inBook) this.books[user]!.add(card);
    else this.books[user]!.delete(card);
  }

  livePosts(user: number): string[] {
    return [...this.posts].filter(([, p]) => p.user === user && !p.deleted).map(([id]) => id);
  }

  postCreated(id: string, user: number, text: string): void {
    this.posts.set(id, { user, text, status: '교환대기중', deleted: false, writes: 0 });
  }

  postEdited(id: string, text: string): void {
    const p = this.posts.get(id)!;
    p.text = text;
    p.writes += 1;
  }

  postMoved(id: string, status: PostStatus): void {
    const p = this.posts.get(id)!;
    p.status = status;
    p.writes += 1;
  }

  postDeleted(id: string): void {
    this.posts.get(id)!.deleted = true;
  }

  commented(id: string, user: number, meetUp: string, text: string): void {
    this.comments.set(id, { user, meetUp, text });
  }
}

/** The records of one user, as the server (or a device's local store) holds them. */
export interface UserSnapshot {
  likes: string[];
  posts: { id: string; description: string; status: string }[];
  comments: { id: string; ment: string; meetUp: string }[];
  book: string[];
}

export interface Difference {
  kind: 'lost' | 'duplicated' | 'unexpected' | 'stale';
  what: string;
}

function countBy(items: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const i of items) m.set(i, (m.get(i) ?? 0) + 1);
  return m;
}

/** Every way `snapshots` (one per user, in the model's order) differ from the model. */
export function compareWithModel(model: FaultModel, snapshots: UserSnapshot[]): Difference[] {
  const out: Difference[] = [];
  const add = (kind: Difference['kind'], what: string) => out.push({ kind, what });
  snapshots.forEach((snap, user) => {
    const sets: [string, Set<string>, string[]][] = [
      ['like', model.likes[user]!, snap.likes],
      ['book card', model.books[user]!, snap.book],
    ];
    for (const [label, want, have] of sets) {
      const counts = countBy(have);
      for (const [card, n] of counts) {
        if (n > 1) add('duplicated', `user ${user} ${label} ${card} ×${n}`);
        if (!want.has(card)) add('unexpected', `user ${user} ${label} ${card}`);
      }
      for (const card of want) if (!counts.has(card)) add('lost', `user ${user} ${label} ${card}`);
    }

    const posts = new Map(snap.posts.map((p) => [p.id, p]));
    for (const [id, p] of model.posts) {
      if (p.user !== user) continue;
      const stored = posts.get(id);
      if (p.deleted) {
        if (stored) add('unexpected', `user ${user} deleted post ${id}`);
      } else if (!stored) {
        add('lost', `user ${user} post ${id}`);
      } else if (stored.description !== p.text || stored.status !== p.status) {
        add(
          'stale',
          `user ${user} post ${id}: ${stored.description}/${stored.status}, want ${p.text}/${p.status}`,
        );
      }
    }
    for (const p of snap.posts) {
      if (!model.posts.has(p.id)) add('unexpected', `user ${user} post ${p.id} (${p.description})`);
    }
    for (const [text, n] of countBy(snap.posts.map((p) => p.description))) {
      if (n > 1) add('duplicated', `user ${user} post "${text}" ×${n}`);
    }

    const comments = new Map(snap.comments.map((c) => [c.id, c]));
    for (const [id, c] of model.comments) {
      if (c.user !== user) continue;
      const stored = comments.get(id);
      if (!stored) add('lost', `user ${user} comment ${id}`);
      else if (stored.ment !== c.text || stored.meetUp !== c.meetUp)
        add('stale', `user ${user} comment ${id}: ${stored.ment}`);
    }
    for (const c of snap.comments) {
      if (!model.comments.has(c.id)) add('unexpected', `user ${user} comment ${c.id} (${c.ment})`);
    }
    for (const [text, n] of countBy(snap.comments.map((c) => c.ment))) {
      if (n > 1) add('duplicated', `user ${user} comment "${text}" ×${n}`);
    }
  });
  return out;
}

/** The count of each kind of difference (all four keys, zeros included). */
export function tally(diffs: Difference[]): Record<Difference['kind'], number> {
  const t = { lost: 0, duplicated: 0, unexpected: 0, stale: 0 };
  for (const d of diffs) t[d.kind] += 1;
  return t;
}
