/**
 * The fault-injection test's model and comparison (tests/helpers/fault-model.ts): the e2e test
 * is only as good as its ability to see a lost, duplicated, resurrected or stale record, so each
 * kind is checked here on hand-made snapshots, and the seeded generator repeats itself.
 */
import { describe, expect, it } from 'vitest';
import {
  compareWithModel,
  FaultModel,
  seededRandom,
  tally,
  type UserSnapshot,
} from '../helpers/fault-model.ts';

function model(): FaultModel {
  const m = new FaultModel(1);
  m.like(0, 'c1', true);
  m.like(0, 'c2', true);
  m.like(0, 'c2', false);
  m.tick(0, 'c3', true);
  m.postCreated('p1', 0, '글 1');
  m.postEdited('p1', '글 1 수정');
  m.postMoved('p1', '교환중');
  m.postCreated('p2', 0, '글 2');
  m.postDeleted('p2');
  m.commented('k1', 0, 'm1', '댓글 1');
  return m;
}

const exact = (): UserSnapshot => ({
  likes: ['c1'],
  book: ['c3'],
  posts: [{ id: 'p1', description: '글 1 수정', status: '교환중' }],
  comments: [{ id: 'k1', ment: '댓글 1', meetUp: 'm1' }],
});

describe('fault model', () => {
  it('finds nothing when the snapshot is what the fans did', () => {
    expect(compareWithModel(model(), [exact()])).toEqual([]);
  });

  it('counts each kind of difference', () => {
    const snap = exact();
    snap.likes = ['c1', 'c1', 'c2']; // a like twice, an unlike that didn't land
    snap.book = []; // a tick lost
    snap.posts = [
      { id: 'p1', description: '글 1', status: '교환중' }, // an edit overwritten by an older one
      { id: 'p2', description: '글 2', status: '교환대기중' }, // a delete that didn't land
    ];
    snap.comments = [
      { id: 'k1', ment: '댓글 1', meetUp: 'm1' },
      { id: 'k2', ment: '댓글 1', meetUp: 'm1' }, // re-created under a new id
    ];
    const diffs = compareWithModel(model(), [snap]);
    expect(tally(diffs)).toEqual({ lost: 1, duplicated: 2, unexpected: 3, stale: 1 });
    expect(diffs.map((d) => d.what)).toEqual(
      expect.arrayContaining([
        'user 0 like c1 ×2',
        'user 0 like c2',
        'user 0 book card c3',
        'user 0 deleted post p2',
        'user 0 comment k2 (댓글 1)',
        'user 0 comment "댓글 1" ×2',
      ]),
    );
  });

  it('sees a live post or comment missing', () => {
    const snap = exact();
    snap.posts = [];
    snap.comments = [];
    expect(tally(compareWithModel(model(), [snap]))).toEqual({
      lost: 2,
      duplicated: 0,
      unexpected: 0,
      stale: 0,
    });
  });

  it('repeats the same choices for the same seed', () => {
    const draw = (seed: number) => {
      const r = seededRandom(seed);
      return Array.from({ length: 20 }, () => [
        r.int(0, 9),
        r.pick(['a', 'b', 'c']),
        r.weighted({ x: 1, y: 3 }),
      ]);
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });
});
